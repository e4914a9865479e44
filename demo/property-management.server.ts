/**
 * The property-management demo records (issue 33): a person and an establishment who own
 * a building of several units and a single unit, each property under a management contract in
 * force, so /admin/owners and its pages are not empty. Written through the module's own commands
 * (so they are audited like a person's changes), once, into an empty owners table.
 */
import { asc, count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { offers, owners, staffUsers } from "~/db/schema.ts";
import { addContract, addUnit, createOwner, createProperty } from "~/modules/property-management/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";

const DAY = 24 * 3_600_000;

const DEMO_OWNERS = [
  {
    owner: {
      kind: "person",
      name: "عبدالله بن سعد الشهري",
      identityNumber: "1012345672",
      phone1: "+966501112233",
      phone2: "+966112345678",
      phone3: "",
      email: "abdullah@example.sa",
      iban: "SA0380000000608010167519",
    },
    property: { kind: "building", name: "عمارة الملقا السكنية", city: "الرياض", neighbourhood: "الملقا", address: "طريق أنس بن مالك" },
    units: [
      { label: "١", type: "شقة كبيرة", floor: "1", area: 180, rooms: 4, electricityMeter: "10023456781", waterMeter: "55012345" },
      { label: "٢", type: "شقة كبيرة", floor: "1", area: 175, rooms: 4, electricityMeter: "10023456782", waterMeter: "55012346" },
      { label: "٣", type: "شقة صغيرة", floor: "2", area: 110, rooms: 2, electricityMeter: "10023456783", waterMeter: "55012347" },
      { label: "٤", type: "استوديو", floor: "3", area: 60, rooms: 1, electricityMeter: "10023456784", waterMeter: "55012348" },
    ],
    contract: {
      commissionKind: "percent",
      commissionBasisPoints: 750,
      commissionHalalas: null,
      services: ["rent-collection", "maintenance", "lease-management", "owner-statements"],
    },
  },
  {
    owner: {
      kind: "establishment",
      name: "مؤسسة الأفق للاستثمار العقاري",
      identityNumber: "1010456789",
      phone1: "+966920000000",
      phone2: "",
      phone3: "",
      email: "info@alofuq.example.sa",
      iban: "SA1810000001234567891234",
    },
    property: { kind: "unit", name: "مكتب برج العليا", city: "الرياض", neighbourhood: "العليا", address: "طريق الملك فهد" },
    units: [{ label: "١٢٠٤", type: "مكتب", floor: "12", area: 140, rooms: 3, electricityMeter: "10098765431", waterMeter: "" }],
    contract: { commissionKind: "fixed", commissionBasisPoints: null, commissionHalalas: 1_200_000, services: ["rent-collection", "marketing"] },
  },
] as const;

export async function seedDemoPropertyManagement(db: Db, now = Date.now()) {
  const [existing] = await db.select({ n: count() }).from(owners);
  if ((existing?.n ?? 0) > 0) return;
  const [manager] = await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.role, "manager")).orderBy(asc(staffUsers.id)).limit(1);
  if (!manager) {
    log.warn("demo property management skipped: no manager");
    return;
  }
  // The newest offer markets the building's first unit.
  const [offer] = await db.select({ id: offers.id }).from(offers).orderBy(desc(offers.createdAt), desc(offers.id)).limit(1);
  const startsOn = riyadhDayOf(now - 200 * DAY);
  const endsOn = riyadhDayOf(now + 164 * DAY);
  for (const [index, demo] of DEMO_OWNERS.entries()) {
    const owner = await createOwner(db, manager, demo.owner);
    if (!owner.ok) continue;
    const property = await createProperty(db, manager, owner.id, demo.property);
    if (!property.ok) {
      log.warn("demo property skipped", { name: demo.property.name, reason: property.error });
      continue;
    }
    for (const [position, unit] of demo.units.entries()) {
      await addUnit(db, manager, property.id, { ...unit, offerId: index === 0 && position === 0 && offer ? offer.id : null });
    }
    await addContract(db, manager, property.id, { startsOn, endsOn, ...demo.contract, services: [...demo.contract.services] });
  }
}
