import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { PageTitle } from "~/components/ui/page-title.tsx";
import { HomeIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { responsiveFromUrl } from "~/components/ui/picture.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { useSiteData } from "~/modules/content/site-meta.ts";
import { InquiryForm } from "~/modules/inquiries/components/inquiry-form.tsx";
import { handleInquiryPost, refuseInquiry } from "~/modules/inquiries/inquiry-action.server.ts";
import { getPublicOfferTitle } from "~/modules/offers/offers.server.ts";
import { firmContactsHtml } from "~/modules/settings/firm-details.server.tsx";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { getPageContent } from "~/modules/content/content.server.ts";
import { passRetryAfter } from "~/utils/form-reply.server.ts";
import type { Route } from "./+types/contact";

/** ?propertyId=&propertyTitle= prefill the property context (links from an offer); a known offer's own title wins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("propertyId"));
  const knownTitle = Number.isSafeInteger(id) && id > 0 ? await getPublicOfferTitle(db, id) : undefined;
  const propertyTitle = (knownTitle ?? params.get("propertyTitle") ?? "").trim().slice(0, 200);
  const [settings, content] = await Promise.all([getSettings(db), getPageContent(db, ["contact_page_title", "contact_page_subtitle", "contact_page_image"])]);
  return { propertyId: knownTitle ? id : undefined, propertyTitle, contactsHtml: firmContactsHtml(settings, "contact"), content };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseInquiry(read);
  return handleInquiryPost(context.get(servicesContext), context.get(clientAddressContext), read.form);
}

/** A limit's Retry-After reaches a post sent without JavaScript too. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  return [
    ...pageMeta({ site, title: loaderData?.content.contact_page_title ?? "", description: loaderData?.content.contact_page_subtitle ?? "", path: "/contact" }),
    { "script:ld+json": site.firmJsonLd },
  ];
};

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { propertyId, propertyTitle, contactsHtml, content } = loaderData;
  const { companyWhatsapp } = useSiteData();
  const image = content.contact_page_image ? responsiveFromUrl(content.contact_page_image) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: content.contact_page_title }]} />
      <div className="mt-4 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div className="flex flex-col gap-6">
          <header>
            <PageTitle title={content.contact_page_title} />
            <p className="mt-3 max-w-2xl text-lg leading-8 text-stone-700">{content.contact_page_subtitle}</p>
          </header>
          {image ? (
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes="(min-width: 1024px) 50vw, 100vw"
              alt=""
              fetchPriority="high"
              className="aspect-[16/9] w-full rounded-2xl bg-stone-200 object-cover shadow-sm"
            />
          ) : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {companyWhatsapp ? (
              <li>
                <WhatsappLink
                  number={companyWhatsapp}
                  message="السلام عليكم، لدي استفسار وأرغب في التواصل معكم."
                  className="flex h-full items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-300"
                >
                  <WhatsappIcon className="size-10 shrink-0 rounded-full bg-[#25d366] p-2 text-white" />
                  <span>
                    <span className="block font-bold text-ink">راسلنا على واتساب</span>
                    <span className="text-sm text-stone-600">نرد عادةً خلال ساعات العمل</span>
                  </span>
                </WhatsappLink>
              </li>
            ) : null}
            <li>
              <Link to="/list-your-property" className="flex h-full items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 hover:ring-brand-300">
                <HomeIcon className="size-10 shrink-0 rounded-full bg-brand-700 p-2 text-white" />
                <span>
                  <span className="block font-bold text-ink">اعرض عقارك لدينا</span>
                  <span className="text-sm text-stone-600">أرسل بيانات عقارك وصوره لإدارته أو تسويقه</span>
                </span>
              </Link>
            </li>
          </ul>
          {/* The firm's details: markup the loader built (no code for the browser to load). */}
          {contactsHtml ? <div dangerouslySetInnerHTML={{ __html: contactsHtml }} /> : null}
        </div>

        <div className="flex flex-col gap-4 lg:sticky lg:top-24">
          {propertyTitle ? (
            <p role="note" className="rounded-2xl bg-brand-50 p-4 leading-7 text-brand-900 ring-1 ring-brand-200">
              أنت تستفسر عن العقار: <strong>{propertyTitle}</strong>
              {propertyId ? (
                <>
                  {" "}
                  <Link to={`/offer/${propertyId}`} className="font-bold underline">
                    عرض تفاصيل العقار
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <InquiryForm propertyId={propertyId} propertyTitle={propertyTitle} title="أرسل لنا رسالتك" submitLabel="إرسال" />
        </div>
      </div>
    </div>
  );
}
