/** A complete offer form as staff fill it in (numbers as typed). */
const PHOTO = "a".repeat(32);
export const VALID_OFFER = {
  title: "فيلا فاخرة في حطين",
  description: "فيلا دورين مع ملحق ومسبح",
  price: "2,450,000",
  area: "450",
  propertyType: "فيلا",
  status: "للبيع",
  city: "الرياض",
  location: "حطين",
  isCorner: true,
  bedrooms: "٥",
  bathrooms: "4",
  floors: "2",
  locationUrl: "",
  coordinates: { lat: 24.76, lng: 46.6 },
  details: { streetWidth: "20", facade: ["شمال", "غرب", "فوق"], buildingType: "سكني", parking: "2", driversRoom: true },
  units: [],
  photos: [PHOTO],
  // A licence in force for years (decision 017): for sale needs one while the settings require it.
  adLicence: { number: "7100000001", issuedOn: "2026-01-01", expiresOn: "2099-12-31", capacity: "broker" },
};

/**
 * The offer form as the browser posts it: a field per value, named by its path (`details.parking`,
 * `units[0].area`); a list of texts as one field repeated (ticked boxes, the photos' hidden
 * fields); a ticked box "on", an unticked one absent, like a blank that is not there.
 */
export function offerFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null || value === false) return;
    if (value === true) form.append(name, "on");
    else if (Array.isArray(value)) value.forEach((item, index) => (item !== null && typeof item === "object" ? add(`${name}[${index}]`, item) : add(name, item)));
    else if (typeof value === "object") for (const [key, item] of Object.entries(value)) add(name ? `${name}.${key}` : key, item);
    else if (typeof value === "string" || typeof value === "number") form.append(name, String(value));
  };
  add("", values);
  return form;
}
