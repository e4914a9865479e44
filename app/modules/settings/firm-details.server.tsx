import { loaderMarkup } from "~/framework/loader-markup.server.tsx";
import { FirmContactList, type FirmContact } from "./components/firm-contact-list.tsx";
import { formatDigitsArabic } from "~/utils/format.ts";
import { dialablePhone, formatPhoneForReading } from "~/utils/phone.ts";
import type { Settings } from "./settings.server.ts";

/** A map link that opens the phone's map app at the point. */
function mapLink(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;
}

/** The number a tel: link dials (E.164, utils/phone.ts). */
export const dialable = dialablePhone;

/**
 * The firm's public details from the settings row, in the order they are shown; what is empty is
 * left out. Their digits are Arabic-Indic, as everywhere (decision 026); phones and licence numbers
 * are identifiers (IdentifierText keeps their groups in order); the links dial and open the ASCII ones.
 */
export function firmContacts(settings: Settings): FirmContact[] {
  const { companyPhone: phone, companyWhatsapp: whatsapp, companyEmail: email, companyAddress: address, workingHours: hours } = settings;
  const { commercialRegistration: cr, falLicence: fal, mapLat: lat, mapLng: lng } = settings;
  const contacts: Array<FirmContact | false> = [
    Boolean(phone) && { label: "الهاتف", text: formatPhoneForReading(phone), href: `tel:${dialable(phone)}`, identifier: true },
    // Stored as wa.me wants it, without its "+".
    Boolean(whatsapp) && { label: "واتساب", text: formatPhoneForReading(`+${whatsapp}`), href: `https://wa.me/${whatsapp}`, identifier: true },
    Boolean(email) && { label: "البريد الإلكتروني", text: email, href: `mailto:${email}`, ltr: true },
    Boolean(address) && { label: "العنوان", text: formatDigitsArabic(address) },
    Boolean(hours) && { label: "ساعات العمل", text: formatDigitsArabic(hours) },
    lat !== null && lng !== null && { label: "الموقع", text: "عرض موقعنا على الخريطة", href: mapLink(lat, lng) },
    Boolean(cr) && { label: "السجل التجاري", text: cr, identifier: true },
    Boolean(fal) && { label: "رخصة فال للوساطة العقارية", text: fal, identifier: true },
  ];
  return contacts.filter((contact) => contact !== false);
}

/**
 * The firm's details as markup for the footer or the contact page ("" when there are none):
 * built here, on the server, so the public pages load no code for them (their JavaScript is at
 * its budget); React escapes every value.
 */
export function firmContactsHtml(settings: Settings, place: "footer" | "contact"): string {
  // Built once per settings object: getSettings hands out the same cached one until a save, so
  // every public page does not render the footer's markup again.
  const built = rendered.get(settings) ?? {};
  rendered.set(settings, built);
  if (built[place] === undefined) {
    const contacts = firmContacts(settings);
    built[place] = contacts.length ? loaderMarkup(<FirmContactList contacts={contacts} place={place} />) : "";
  }
  return built[place];
}
const rendered = new WeakMap<Settings, Partial<Record<"footer" | "contact", string>>>();

/**
 * The site's JSON-LD: the firm as a schema.org RealEstateAgent, with the details that are given.
 * The home and contact pages put it in their meta (`script:ld+json`, which React Router escapes).
 */
export function firmJsonLd(settings: Settings, site: { companyName: string; publicUrl: string }): Record<string, unknown> {
  const { companyPhone: phone, companyEmail: email, companyAddress: address, commercialRegistration: cr, falLicence: fal, mapLat: lat, mapLng: lng } = settings;
  const identifiers = [
    cr && { "@type": "PropertyValue", propertyID: "CR", name: "السجل التجاري", value: cr },
    fal && { "@type": "PropertyValue", propertyID: "FAL", name: "رخصة فال", value: fal },
  ].filter(Boolean);
  const agent = {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    name: site.companyName,
    url: `${site.publicUrl}/`,
    ...(phone ? { telephone: dialable(phone) } : {}),
    ...(email ? { email } : {}),
    ...(address ? { address: { "@type": "PostalAddress", streetAddress: address, addressCountry: "SA" } } : {}),
    ...(lat !== null && lng !== null ? { geo: { "@type": "GeoCoordinates", latitude: lat, longitude: lng }, hasMap: mapLink(lat, lng) } : {}),
    ...(identifiers.length ? { identifier: identifiers } : {}),
  };
  return agent;
}
