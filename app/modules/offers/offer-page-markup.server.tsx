import { loaderMarkup } from "~/framework/loader-markup.server.tsx";
import { whatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { dialable } from "~/modules/settings/firm-details.server.tsx";
import type { Settings } from "~/modules/settings/settings.server.ts";
import { formatDateBothCalendars, formatDigitsArabic, formatPriceArabic, formatPriceSar, formatTimeAgoArabic } from "~/utils/format.ts";
import { imageUrl, LARGEST_VARIANT, type ImageRef } from "~/utils/image-ref.ts";
import { ADVERTISER_CAPACITY_LABELS, licenceVerificationUrl, RENT_PERIOD_ADVERBS, type RentPeriod } from "~/modules/ad-licences/index.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { LicenceEnded, type AdvertEnd } from "./components/licence-ended.tsx";
import { OfferGone, similarOfferOf } from "./components/offer-gone.tsx";
import { OfferLicenceBlock, type LicenceRow, type OfferLicenceView } from "~/modules/ad-licences/index.ts";
import { OfferActionBar, OfferContactBox, OfferSummary, type OfferSummaryView } from "./components/offer-summary.tsx";
import { licenceQrSvg } from "~/modules/ad-licences/index.server.ts";
import { availabilityConfirmedText } from "./availability-text.ts";
import { disclosureSentences, offerPriceText, pricePerMetreText, yearlyRentText } from "./offer-texts.ts";
import type { OfferCard, OfferPageView } from "./offer-views.ts";

/** What the offer page's parts read besides the offer: the firm's settings and name, the site's address, the moment of the request. */
export interface OfferPageContext {
  settings: Pick<Settings, "companyPhone" | "companyWhatsapp" | "falLicence" | "licenceVerificationTemplate">;
  companyName: string;
  publicUrl: string;
  now: Date;
}

const place = (offer: Pick<OfferPageView, "location" | "city">) => [offer.location, offer.city].filter(Boolean).join("، ");

/** The message a visitor's WhatsApp chat with the firm starts with, on an offer's page: the offer and its link. */
function offerWhatsappMessage(offer: Pick<OfferPageView, "id" | "title">, url: string): string {
  return `السلام عليكم، أرغب في الاستفسار عن العرض: ${offer.title} (رقم العرض ${formatDigitsArabic(offer.id)})\n${url}`;
}

/** What a sold or rented offer's page says happened (decision 027). */
function closedText(status: string): string {
  if (status === "مباع") return "تم بيع هذا العرض";
  if (status === "مؤجر") return "تم تأجير هذا العرض";
  return "لم يعد هذا العرض متاحًا";
}

/** Offers of the same type in the same city (what is known of them): where a page that no longer offers this one leads on (404, 410, sold). */
function similarOffers(known: Pick<OfferPageView, "city" | "propertyType"> | null) {
  const query = new URLSearchParams();
  if (known?.city) query.set("city", known.city);
  if (known?.propertyType) query.set("propertyType", known.propertyType);
  return { similarHref: query.size ? `/offers?${query.toString()}` : "/offers", similarText: known?.city ? `عروض مشابهة في ${known.city}` : "عروض مشابهة" };
}

/** The head of the page: status, title, place, reference and dates, price and the call and WhatsApp buttons (a sold offer's: what happened instead). */
export function offerSummaryView(offer: OfferPageView, context: OfferPageContext, url: string, closed = false): OfferSummaryView {
  const { settings, now } = context;
  const added = { text: formatTimeAgoArabic(offer.createdAt, now), at: offer.createdAt };
  const updatedText = formatTimeAgoArabic(offer.updatedAt, now);
  // A sold or rented offer's page says what happened instead (its availability is not in question).
  const confirmed = closed ? null : { text: availabilityConfirmedText(offer.availableConfirmedAt, now), at: offer.availableConfirmedAt };
  return {
    status: offer.status,
    isCorner: offer.isCorner,
    title: offer.title,
    place: place(offer),
    reference: String(offer.id),
    added,
    updated: updatedText !== added.text && offer.updatedAt > offer.createdAt ? { text: updatedText, at: offer.updatedAt } : null,
    confirmed,
    price: formatPriceArabic(offer.price),
    period: offer.rentPeriod ? ` ${RENT_PERIOD_ADVERBS[offer.rentPeriod]}` : "",
    priceSar: formatPriceSar(offer.price),
    yearly: yearlyRentText(offer.price, offer.rentPeriod),
    perMetre: pricePerMetreText(offer.price, offer.area, offer.rentPeriod),
    closed: closed ? { text: closedText(offer.status), ...similarOffers(offer) } : null,
    callHref: settings.companyPhone ? `tel:${dialable(settings.companyPhone)}` : "",
    whatsappHref: settings.companyWhatsapp ? whatsappLink(settings.companyWhatsapp, offerWhatsappMessage(offer, url)) : "",
  };
}

/** A date's line: the Gregorian day, and under it the Hijri one it falls on. */
function datesOf(isoDate: string) {
  const { gregorian, hijri } = formatDateBothCalendars(isoDate);
  return { value: gregorian, note: `الموافق ${hijri}` };
}

/** «بيانات الإعلان» of an offer; null when it has no licence number (the block is left out). Empty fields are left out. */
export async function offerLicenceView(offer: Pick<OfferPageView, "adLicence" | "details">, context: OfferPageContext): Promise<OfferLicenceView | null> {
  const licence = offer.adLicence;
  if (!licence.number) return null;
  const { settings } = context;
  const plot = (offer.details.plotNumber ?? "").trim();
  const rows: Array<LicenceRow | false> = [
    { label: "رقم ترخيص الإعلان", value: licence.number, identifier: true },
    licence.issuedOn !== null && { label: "تاريخ إصدار الترخيص", ...datesOf(licence.issuedOn) },
    licence.expiresOn !== null && { label: "تاريخ انتهاء الترخيص", ...datesOf(licence.expiresOn) },
    Boolean(settings.falLicence) && { label: "رقم رخصة فال", value: settings.falLicence, identifier: true },
    Boolean(context.companyName) && { label: "اسم المعلن", value: context.companyName },
    licence.capacity !== "" && { label: "صفة المعلن", value: ADVERTISER_CAPACITY_LABELS[licence.capacity] },
    Boolean(licence.deedNumber) && { label: "رقم الصك", value: licence.deedNumber, identifier: true },
    // The short code is four Latin letters and four digits, as Saudi Post writes it: shown as issued.
    Boolean(licence.nationalAddress) && { label: "العنوان الوطني", value: licence.nationalAddress, identifier: true },
    plot !== "" && { label: "رقم القطعة", value: plot, identifier: true },
  ];
  const url = licenceVerificationUrl(settings.licenceVerificationTemplate, licence.number);
  return {
    rows: rows.filter((row) => row !== false),
    qr: url ? { url, svg: await licenceQrSvg(url, `رمز QR للتحقق من ترخيص الإعلان رقم ${formatDigitsArabic(licence.number)}`) } : null,
    disclosures: disclosureSentences(licence.disclosures),
    // REGA confirmed this licence (decision 047): the day, in Riyadh.
    verifiedOn: licence.verifiedAt ? formatDateBothCalendars(riyadhDayOf(licence.verifiedAt)).gregorian : null,
  };
}

/** The share preview: the main photo's largest variant, with its real size. */
function ogImage(image: ImageRef, alt: string) {
  const width = image.variants.find((w) => w >= LARGEST_VARIANT) ?? image.variants.at(-1) ?? image.width;
  return { url: imageUrl(image, LARGEST_VARIANT, "webp"), width, height: Math.round((image.height / image.width) * width), alt };
}

/** UN/CEFACT codes of a rent's period, for the JSON-LD's unit price. */
const PERIOD_UNIT_CODES: Record<RentPeriod, string> = { yearly: "ANN", monthly: "MON", daily: "DAY" };

function availability(status: string, closed: boolean): string {
  if (closed || status === "مباع" || status === "مؤجر") return "https://schema.org/SoldOut";
  if (status === "محجوز") return "https://schema.org/Reserved";
  return "https://schema.org/InStock";
}

/**
 * The listing as schema.org JSON-LD: a RealEstateListing whose offer carries the price (a rent's
 * per period), the property (area as floorSize in square metres, rooms, address) and the ad
 * licence as an identifier.
 */
export function offerJsonLd(offer: OfferPageView, publicUrl: string, url: string, closed = false): Record<string, unknown> {
  const address = { "@type": "PostalAddress", addressLocality: offer.city, streetAddress: offer.location, addressCountry: "SA" };
  const property = {
    "@type": "Accommodation",
    name: offer.propertyType,
    address,
    ...(offer.area > 0 ? { floorSize: { "@type": "QuantitativeValue", value: offer.area, unitCode: "MTK" } } : {}),
    ...(offer.bedrooms > 0 ? { numberOfBedrooms: offer.bedrooms } : {}),
    ...(offer.bathrooms > 0 ? { numberOfBathroomsTotal: offer.bathrooms } : {}),
  };
  const period = offer.rentPeriod;
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    name: offer.title,
    description: offer.description,
    url,
    datePosted: offer.createdAt,
    dateModified: offer.updatedAt,
    image: offer.images.map((img) => `${publicUrl}${imageUrl(img, LARGEST_VARIANT, "webp")}`),
    address,
    ...(offer.adLicence.number ? { identifier: { "@type": "PropertyValue", propertyID: "REGA-AD-LICENCE", name: "رقم ترخيص الإعلان", value: offer.adLicence.number } } : {}),
    offers: {
      "@type": "Offer",
      price: offer.price,
      priceCurrency: "SAR",
      availability: availability(offer.status, closed),
      ...(period ? { priceSpecification: { "@type": "UnitPriceSpecification", price: offer.price, priceCurrency: "SAR", unitCode: PERIOD_UNIT_CODES[period] } } : {}),
      itemOffered: property,
    },
  };
}

/**
 * What the offer page shows beyond its interactive parts, built on the server: the head and
 * «بيانات الإعلان» as markup (the page's JavaScript is at its budget; React escapes every value),
 * the floating WhatsApp button's message, and the page's meta (description, share image, JSON-LD).
 */
export async function offerPageMarkup(offer: OfferPageView, context: OfferPageContext, closed = false) {
  const url = `${context.publicUrl}/offer/${offer.id}`;
  const licence = await offerLicenceView(offer, context);
  const summary = offerSummaryView(offer, context, url, closed);
  return {
    url,
    summaryHtml: loaderMarkup(<OfferSummary view={summary} />),
    // A sold or rented offer is not contacted about: its head says what happened instead (decision 027).
    contactBoxHtml: closed ? "" : loaderMarkup(<OfferContactBox view={summary} />),
    actionBarHtml: closed ? "" : loaderMarkup(<OfferActionBar view={summary} />),
    licenceHtml: licence ? loaderMarkup(<OfferLicenceBlock view={licence} />) : "",
    whatsappMessage: offerWhatsappMessage(offer, url),
    seo: {
      description: `${offer.status} - ${offer.propertyType} في ${place(offer)} بسعر ${offerPriceText(offer.price, offer.rentPeriod)}. ${offer.description}`.slice(0, 200),
      image: offer.mainImage ? ogImage(offer.mainImage, offer.title) : undefined,
      jsonLd: offerJsonLd(offer, context.publicUrl, url, closed),
    },
  };
}

/** An offer whose licence has ended: the 410 page's markup, with a link to offers of its type in its city and a few of them. */
export function licenceEndedMarkup(offer: Pick<OfferPageView, "title" | "city" | "propertyType">, similar: OfferCard[], reason: AdvertEnd = "licence"): string {
  const { similarHref, similarText } = similarOffers(offer);
  return loaderMarkup(<LicenceEnded title={offer.title} similarHref={similarHref} similarText={similarText} similar={similar.map(similarOfferOf)} reason={reason} />);
}

/**
 * A deleted or unknown offer (404): the not-found page with offers available now like it (its type
 * in its city while its row is there, the newest otherwise) and «تصفح العروض».
 */
export function offerNotFoundMarkup(known: { city: string; propertyType: string } | null, similar: OfferCard[]): string {
  return loaderMarkup(
    <OfferGone
      code="٤٠٤"
      heading={MESSAGES.notFound}
      text="لم نجد هذا العرض؛ ربما انتهى أو أن الرابط غير صحيح. هذه عروض متاحة الآن قد تهمك."
      browseHref={similarOffers(known).similarHref}
      browseText="تصفح العروض"
      similar={similar.map(similarOfferOf)}
    />,
  );
}
