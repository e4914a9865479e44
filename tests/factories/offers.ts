import type { Db } from "~/db/client.server.ts";
import { offers } from "~/db/schema.ts";
import { licenceEndsAt } from "~/modules/ad-licences/ad-licence.ts";
import type { OfferDetails } from "~/modules/offers/details.ts";

export const EMPTY_DETAILS: OfferDetails = {
  streetWidth: 0,
  facade: [],
  propertyAge: 0,
  livingRooms: 0,
  driversRoom: false,
  maidsRoom: false,
  planNumber: "",
  plotNumber: "",
  constructionDate: "",
  buildingType: "",
  elevators: 0,
  kitchen: false,
  rooftopTank: false,
  unitNumber: "",
  parking: 0,
  supervisorName: "",
  supervisorPhone: "",
  additionalNotes: "",
};

/** A licence in force for years: the default of test offers, so public queries show them. */
const VALID_AD_LICENCE = {
  adLicenceNumber: "7100000001",
  adLicenceIssuedOn: "2026-01-01",
  adLicenceExpiresOn: "2099-12-31",
  adLicenceEndsAt: licenceEndsAt("2099-12-31"),
  advertiserCapacity: "broker",
} satisfies Partial<typeof offers.$inferInsert>;

let counter = 0;

/** Inserts an offer with sensible defaults; createdAt steps back a minute per call unless given. */
export async function createOffer(db: Db, overrides: Partial<typeof offers.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(offers)
    .values({
      title: `عرض تجريبي ${counter}`,
      description: "وصف",
      price: 100_000 * counter,
      propertyType: "شقة",
      status: "للبيع",
      city: "الرياض",
      location: "الملقا",
      details: EMPTY_DETAILS,
      ...VALID_AD_LICENCE,
      createdAt: new Date(Date.UTC(2026, 0, 1) - counter * 60_000),
      ...overrides,
    })
    .returning();
  return row!;
}
