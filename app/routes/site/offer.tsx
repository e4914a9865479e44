import { data, Link } from "react-router";
import { NotFoundBoundary } from "~/components/layout/not-found-content.tsx";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { AreaIcon, BathIcon, BedIcon, ChevronEndIcon, ChevronStartIcon, HomeIcon, PinIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { useSiteData } from "~/modules/content/site-meta.ts";
import { InquiryForm } from "~/modules/inquiries/components/inquiry-form.tsx";
import { handleInquiryPost, refuseInquiry } from "~/modules/inquiries/inquiry-action.server.ts";
import { Gallery } from "~/modules/offers/components/gallery.tsx";
import { OfferMap } from "~/modules/offers/components/offer-map.tsx";
import { ShareBlock } from "~/modules/offers/components/share-block.tsx";
import { StatusBadge } from "~/modules/offers/components/status-badge.tsx";
import { visibleDetails } from "~/modules/offers/detail-fields.ts";
import { getOfferPage } from "~/modules/offers/offers.server.ts";
import { formatNumberArabic, formatPriceArabic, formatPriceSar } from "~/utils/format.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { imageUrl, LARGEST_VARIANT, type ImageRef } from "~/utils/image-ref.ts";
import { pageMeta } from "~/utils/meta.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offer";

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const id = parseId(params.id);
  const page = id ? await getOfferPage(db, id) : null;
  if (!page) throw data(null, { status: 404 });
  if (page.kind === "licence-ended") throw data({ licenceEnded: page.offer }, { status: 410 });
  return { ...page, url: `${env.PUBLIC_URL}/offer/${page.offer.id}` };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseInquiry(read);
  const form = read.form;
  // The inquiry is about this page's offer, whatever the form says.
  if (params.id) form.set("propertyId", params.id);
  return handleInquiryPost(context.get(servicesContext), context.get(clientAddressContext), form);
}

/** The share preview: the main photo's largest variant, with its real size. */
function ogImage(image: ImageRef, alt: string) {
  const width = image.variants.find((w) => w >= LARGEST_VARIANT) ?? image.variants.at(-1) ?? image.width;
  return { url: imageUrl(image, LARGEST_VARIANT), width, height: Math.round((image.height / image.width) * width), alt };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: "الصفحة غير موجودة" }];
  const { offer, url } = loaderData;
  const place = [offer.location, offer.city].filter(Boolean).join("، ");
  const description = `${offer.status} - ${offer.propertyType} في ${place} بسعر ${formatPriceArabic(offer.price)}. ${offer.description}`.slice(0, 200);
  const main = offer.mainImage;
  return [
    ...pageMeta({
      site,
      title: offer.title,
      description,
      path: `/offer/${offer.id}`,
      type: "article",
      image: main ? ogImage(main, offer.title) : undefined,
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "RealEstateListing",
        name: offer.title,
        description: offer.description,
        url,
        datePosted: offer.createdAt,
        image: offer.images.map((img) => `${site.publicUrl}${imageUrl(img, LARGEST_VARIANT)}`),
        address: { "@type": "PostalAddress", addressLocality: offer.city, streetAddress: offer.location, addressCountry: "SA" },
        offers: { "@type": "Offer", price: offer.price, priceCurrency: "SAR", availability: "https://schema.org/InStock" },
      },
    },
  ];
};

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const { offer, previous, next, url } = loaderData;
  const { companyWhatsapp } = useSiteData();
  const details = visibleDetails(offer.details);
  const place = [offer.location, offer.city].filter(Boolean).join("، ");
  const facts = [
    { icon: <HomeIcon />, label: "نوع العقار", value: offer.propertyType },
    { icon: <AreaIcon />, label: "المساحة", value: offer.area > 0 ? `${formatNumberArabic(offer.area)} متر مربع` : "" },
    { icon: <BedIcon />, label: "غرف النوم", value: offer.bedrooms > 0 ? formatNumberArabic(offer.bedrooms) : "" },
    { icon: <BathIcon />, label: "دورات المياه", value: offer.bathrooms > 0 ? formatNumberArabic(offer.bathrooms) : "" },
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

      <header className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <StatusBadge status={offer.status} />
            {offer.isCorner && <span className="rounded-full bg-sand-200 px-3 py-0.5 text-sm font-bold text-stone-700">زاوية</span>}
          </div>
          <h1 className="text-2xl leading-snug font-bold text-brand-900 sm:text-3xl">{offer.title}</h1>
          <p className="mt-1 flex items-center gap-1 text-stone-600">
            <PinIcon className="size-5 text-gold-700" />
            {place}
          </p>
        </div>
        <div className="text-end">
          <p className="text-3xl font-bold text-brand-700" data-testid="price-arabic">
            {formatPriceArabic(offer.price)}
          </p>
          <p className="text-sm text-stone-600" dir="ltr" data-testid="price-sar">
            {formatPriceSar(offer.price)}
          </p>
        </div>
      </header>

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
                    <dd className="font-bold">{/^\d+$/.test(offer.floors) ? formatNumberArabic(Number(offer.floors)) : offer.floors}</dd>
                  </div>
                )}
                {details.map((row) => (
                  <div key={row.key} className="flex justify-between gap-4 border-b border-stone-100 py-2">
                    <dt className="text-stone-600">{row.label}</dt>
                    <dd className="text-end font-bold">{row.value}</dd>
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
                      {unit.floor && <li>الدور: {unit.floor}</li>}
                      {unit.area > 0 && <li>{formatNumberArabic(unit.area)} م²</li>}
                      {unit.bedrooms > 0 && <li>{formatNumberArabic(unit.bedrooms)} غرف</li>}
                      {unit.bathrooms > 0 && <li>{formatNumberArabic(unit.bathrooms)} دورات مياه</li>}
                      {unit.orientation && <li>الاتجاه: {unit.orientation}</li>}
                    </ul>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="map-title">
            <h2 id="map-title" className="mb-3 text-xl font-bold text-brand-900">
              الموقع
            </h2>
            <OfferMap coordinates={offer.coordinates} label={offer.title} />
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

        <aside className="lg:sticky lg:top-20 lg:self-start">
          <InquiryForm propertyId={offer.id} propertyTitle={offer.title} />
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
