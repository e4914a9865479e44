import { data, isRouteErrorResponse, Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { AreaIcon, BathIcon, BedIcon, ChevronEndIcon, ChevronStartIcon, HomeIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { useSiteData } from "~/modules/content/site-meta.ts";
import { InquiryForm } from "~/modules/inquiries/components/inquiry-form.tsx";
import { handleInquiryPost, refuseInquiry } from "~/modules/inquiries/inquiry-action.server.ts";
import { handleViewingRequest } from "~/modules/viewings/viewing-request-action.server.ts";
import { ViewingRequest } from "~/modules/viewings/components/viewing-request.tsx";
import { Gallery } from "~/modules/offers/components/gallery.tsx";
import { OfferMap } from "~/modules/offer-map/components/offer-map.tsx";
import { LICENCE_ENDED_TITLE, UNCONFIRMED_TITLE } from "~/modules/offers/components/licence-ended.tsx";
import { ShareBlock } from "~/modules/offers/components/share-block.tsx";
import { visibleDetails } from "~/modules/offers/detail-fields.ts";
import { licenceEndedMarkup, offerNotFoundMarkup, offerPageMarkup } from "~/modules/offers/offer-page-markup.server.tsx";
import { getOfferPage, offerTraces, similarOffers } from "~/modules/offers/offers.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { CompareButton, FavouriteButton } from "~/modules/visitor-lists/components/list-buttons.tsx";
import { bathroomsText, roomsText } from "~/utils/count-words.ts";
import { formatDigitsArabic, formatNumberArabic } from "~/utils/format.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import { documentMarkup, markupAttributes, useServerMarkup } from "~/framework/server-markup.tsx";
import { readForm } from "~/utils/request-body.server.ts";
import { passRetryAfter } from "~/utils/form-reply.server.ts";
import type { Route } from "./+types/offer";

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const id = parseId(params.id);
  const page = id ? await getOfferPage(db, id) : null;
  // The 404 and 410 pages' bodies come as markup with the answer (no code for them in the page's JavaScript).
  if (!page) {
    const known = id ? await offerTraces(db, id) : null;
    throw data({ html: offerNotFoundMarkup(known, await similarOffers(db, known, id)) }, { status: 404 });
  }
  // An ended licence and an availability nobody confirmed in time end the advertisement alike (decisions 017 and 046).
  if (page.kind === "licence-ended" || page.kind === "unconfirmed") {
    const similar = await similarOffers(db, page.offer, page.offer.id);
    const reason = page.kind === "unconfirmed" ? "unconfirmed" : "licence";
    throw data({ licenceEnded: page.offer, reason, html: licenceEndedMarkup(page.offer, similar, reason) }, { status: 410 });
  }
  const settings = await getSettings(db);
  // The head, «بيانات الإعلان» and the meta are built here: relative dates ("أضيف قبل ٣ أيام") read the server's clock once.
  // The details' rows are written here too (Arabic-Indic digits, the age agreeing with its number): no code for them in the page's JavaScript.
  const details = visibleDetails(page.offer.details);
  const { summaryHtml, contactBoxHtml, actionBarHtml, licenceHtml, ...rest } = await offerPageMarkup(
    page.offer,
    { settings, companyName: COMPANY_NAME, publicUrl: env.PUBLIC_URL, now: new Date() },
    page.closed,
  );
  // The markup goes out once in a document: in the page, not again in its data (server-markup.tsx).
  const markup = documentMarkup(request, context, "offer", { summaryHtml, contactBoxHtml, actionBarHtml, licenceHtml });
  return { ...page, details, tileUrl: settings.mapTileUrl, ...rest, markup };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseInquiry(read);
  const form = read.form;
  // A visitor's request for a viewing (the form under «اطلب معاينة», issue 32), about this page's offer.
  const offerId = parseId(params.id);
  if (form.get("intent") === "viewing" && offerId) return handleViewingRequest(context.get(servicesContext), context.get(clientAddressContext), offerId, form);
  // The inquiry is about this page's offer, whatever the form says.
  if (params.id) form.set("propertyId", params.id);
  return handleInquiryPost(context.get(servicesContext), context.get(clientAddressContext), form);
}

/** A limit's Retry-After reaches a post sent without JavaScript too. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (!loaderData) {
    const ended = isRouteErrorResponse(error) && error.status === 410;
    const unconfirmed = ended && (error.data as { reason?: string } | null)?.reason === "unconfirmed";
    return [{ title: unconfirmed ? UNCONFIRMED_TITLE : ended ? LICENCE_ENDED_TITLE : "الصفحة غير موجودة" }, { name: "robots", content: "noindex" }];
  }
  const { offer, seo } = loaderData;
  return [
    ...pageMeta({ site: siteFromMatches(matches), title: offer.title, description: seo.description, path: `/offer/${offer.id}`, type: "article", image: seo.image }),
    { "script:ld+json": seo.jsonLd },
  ];
};

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const { offer, closed, previous, next, url, markup, details, tileUrl } = loaderData;
  const summaryHtml = useServerMarkup("offer.summaryHtml", markup.summaryHtml);
  const contactBoxHtml = useServerMarkup("offer.contactBoxHtml", markup.contactBoxHtml);
  const actionBarHtml = useServerMarkup("offer.actionBarHtml", markup.actionBarHtml);
  const licenceHtml = useServerMarkup("offer.licenceHtml", markup.licenceHtml);
  const { companyWhatsapp } = useSiteData();
  const facts = [
    { icon: <HomeIcon />, label: "نوع العقار", value: offer.propertyType },
    { icon: <AreaIcon />, label: "المساحة", value: offer.area > 0 ? `${formatNumberArabic(offer.area)} متر مربع` : "" },
    { icon: <BedIcon />, label: "غرف النوم", value: offer.bedrooms > 0 ? roomsText(offer.bedrooms) : "" },
    { icon: <BathIcon />, label: "دورات المياه", value: offer.bathrooms > 0 ? bathroomsText(offer.bathrooms) : "" },
  ].filter((fact) => fact.value);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "العروض", to: "/offers" }, { label: offer.title }]} />
        <nav aria-label="التنقل بين العروض" className="flex gap-2">
          {previous && (
            <Link
              to={`/offer/${previous.id}`}
              title={previous.title}
              className="flex items-center gap-1 rounded-lg bg-white px-3 py-1.5 text-sm font-bold shadow-sm ring-1 ring-stone-200 hover:bg-sand-100"
            >
              <ChevronStartIcon className="size-4" />
              العرض السابق
            </Link>
          )}
          {next && (
            <Link
              to={`/offer/${next.id}`}
              title={next.title}
              className="flex items-center gap-1 rounded-lg bg-white px-3 py-1.5 text-sm font-bold shadow-sm ring-1 ring-stone-200 hover:bg-sand-100"
            >
              العرض التالي
              <ChevronEndIcon className="size-4" />
            </Link>
          )}
        </nav>
      </div>

      {/* Built on the server (offer-page-markup.server.tsx): status, title, reference and dates, price, call and WhatsApp. */}
      <header className="mt-4 flex flex-wrap items-start justify-between gap-4" {...markupAttributes("offer.summaryHtml", summaryHtml)} />
      {/* The visitor's favourites and compare list (app/modules/visitor-lists). */}
      <div className="mt-3 flex flex-wrap gap-2">
        <FavouriteButton id={offer.id} className="rounded-xl bg-white px-4 py-2">
          المفضلة
        </FavouriteButton>
        {/* A sold or rented offer (decision 027) cannot be compared or asked about. */}
        {!closed && <CompareButton offer={offer} className="rounded-xl bg-white px-4 py-2" />}
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 gap-8">
          <Gallery images={offer.images} title={offer.title} />

          {facts.length > 0 && (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {facts.map((fact) => (
                <div key={fact.label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                  <dt className="flex items-center gap-2 text-sm text-stone-600">
                    <span className="text-brand-700">{fact.icon}</span>
                    {fact.label}
                  </dt>
                  <dd className="ms-7 font-bold">{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}

          <ShareBlock url={url} title={offer.title} />

          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 text-xl font-bold text-brand-900">
              الوصف
            </h2>
            <p className="leading-8 whitespace-pre-line text-stone-800">{offer.description}</p>
          </section>

          {details.length > 0 && (
            <section aria-labelledby="details-title">
              <h2 id="details-title" className="mb-3 text-xl font-bold text-brand-900">
                تفاصيل العقار
              </h2>
              <dl className="grid grid-cols-1 gap-x-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
                {offer.floors && (
                  <div className="flex justify-between gap-4 border-b border-stone-100 py-2">
                    <dt className="text-stone-600">الأدوار</dt>
                    <dd className="font-bold">{formatDigitsArabic(offer.floors)}</dd>
                  </div>
                )}
                {details.map((row) => (
                  <div key={row.key} className="flex justify-between gap-4 border-b border-stone-100 py-2">
                    <dt className="text-stone-600">{row.label}</dt>
                    <dd className="text-end font-bold">{row.identifier ? <IdentifierText value={row.value} /> : row.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}

          {offer.details.additionalNotes?.trim() && (
            <section aria-labelledby="notes-title" className="rounded-2xl border-s-4 border-gold-500 bg-sand-100 p-4">
              <h2 id="notes-title" className="mb-1 font-bold text-brand-900">
                ملاحظات
              </h2>
              <p className="leading-8 whitespace-pre-line">{offer.details.additionalNotes}</p>
            </section>
          )}

          {offer.units.length > 0 && (
            <section aria-labelledby="units-title">
              <h2 id="units-title" className="mb-3 text-xl font-bold text-brand-900">
                الوحدات المتاحة ({formatNumberArabic(offer.units.length)})
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {offer.units.map((unit) => (
                  <li key={unit.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                    <p className="font-bold text-brand-800">{unit.type}</p>
                    {unit.description && <p className="mt-1 text-sm text-stone-700">{unit.description}</p>}
                    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
                      {unit.floor && <li>الدور: {formatDigitsArabic(unit.floor)}</li>}
                      {unit.area > 0 && <li>{formatNumberArabic(unit.area)} م²</li>}
                      {unit.bedrooms > 0 && <li>{roomsText(unit.bedrooms)}</li>}
                      {unit.bathrooms > 0 && <li>{bathroomsText(unit.bathrooms)}</li>}
                      {unit.orientation && <li>الاتجاه: {unit.orientation}</li>}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {licenceHtml && <div {...markupAttributes("offer.licenceHtml", licenceHtml)} />}

          <section aria-labelledby="map-title">
            <h2 id="map-title" className="mb-3 text-xl font-bold text-brand-900">
              الموقع
            </h2>
            <OfferMap coordinates={offer.coordinates} label={offer.title} tileUrl={tileUrl} />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
              <p className="text-stone-700">تحتاج الموقع الدقيق للعقار؟ اطلب الإحداثيات وسنرسلها لك عبر واتساب.</p>
              <WhatsappLink
                number={companyWhatsapp}
                message={`السلام عليكم، أرغب في الحصول على إحداثيات موقع العقار: ${offer.title} (رقم العرض ${offer.id})\n${url}`}
                className="flex items-center gap-2 rounded-xl bg-[#15803d] px-4 py-2 font-bold text-white hover:bg-[#166534]"
              >
                <WhatsappIcon className="size-5" />
                طلب الإحداثيات
              </WhatsappLink>
            </div>
          </section>
        </div>

        {/*
          The side column stays in view on a wide screen (CSS sticky, no code): below the sticky header
          (4 rem), never taller than the screen (it scrolls within when it would be). "inquiry" is the
          phone bar's «استفسار» anchor (OfferActionBar); scroll-mt keeps the form clear of the header.
        */}
        {!closed && (
          <aside
            id="inquiry"
            className="scroll-mt-20 lg:sticky lg:top-20 lg:-m-2 lg:grid lg:max-h-[calc(100dvh-6rem)] lg:gap-4 lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:p-2"
            data-testid="offer-side"
          >
            <div className="hidden lg:block" {...markupAttributes("offer.contactBoxHtml", contactBoxHtml)} />
            <InquiryForm propertyId={offer.id} propertyTitle={offer.title} />
            <ViewingRequest offerId={offer.id} />
          </aside>
        )}
      </div>
      {/* Phones and tablets: call, WhatsApp and «استفسار» at the bottom of the screen (offer-summary.tsx, app.css). */}
      {actionBarHtml && <div {...markupAttributes("offer.actionBarHtml", actionBarHtml)} />}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // 410 (the licence has ended) and 404 (deleted or unknown): the loader sent the page's markup with similar offers.
  const html = isRouteErrorResponse(error) && (error.status === 410 || error.status === 404) ? (error.data as { html?: string } | null)?.html : undefined;
  if (html) return <div dangerouslySetInnerHTML={{ __html: html }} />;
  // Anything else goes on to the root's boundary (this page's code carries no other error page).
  throw error;
}
