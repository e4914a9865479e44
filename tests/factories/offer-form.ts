/** A complete offer form as the browser sends it (numbers as typed). */
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
};
