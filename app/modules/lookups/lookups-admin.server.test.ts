import { desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { auditLog, cities, neighbourhoods, offers, offerStatuses, propertyTypes, unitTypes } from "~/db/schema.ts";
import { handleSettingsPost } from "~/modules/settings/settings-action.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { addLookupValue, deleteLookupValue, listLookupsForAdmin, moveLookupValue, renameLookupValue, setLookupHidden } from "./lookups-admin.server.ts";
import { LOOKUP_MESSAGES, renamedText } from "./lookups-schema.ts";
import {
  addLookupValues,
  invalidateLookups,
  listCities,
  listCityNames,
  listFilterChoices,
  listOfferFormChoices,
  listPropertyTypeChoices,
  seedLookupDefaults,
} from "./lookups.server.ts";

const db = useTestDatabase({ connections: 6 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

beforeAll(async () => seedLookupDefaults(db()));

let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;
/** The manager posting to the lists (a real row: each change is in the audit log); they ask for no re-authentication. */
const LOOKUP_EDITOR: StaffProfile = { id: 0, name: "المدير", username: "lookups.boss", email: "", phone: "+966500000001", role: "manager", active: true };
beforeAll(async () => {
  LOOKUP_EDITOR.id = (await createStaffUser(db(), { name: "المدير", username: "lookups.boss", phone: "0551119501", role: "manager" })).id;
});
const NO_REAUTH = { sessionToken: undefined, address: "203.0.113.1" };

/** A value's id in a list by its name. */
async function idOf(table: typeof cities | typeof propertyTypes, name: string) {
  const [row] = await db().select({ id: table.id }).from(table).where(eq(table.name, name));
  if (!row) throw new Error(`no ${name}`);
  return row.id;
}

async function hoodId(city: string, name: string) {
  const [row] = await db()
    .select({ id: neighbourhoods.id })
    .from(neighbourhoods)
    .innerJoin(cities, eq(cities.id, neighbourhoods.cityId))
    .where(sql`${cities.name} = ${city} and ${neighbourhoods.name} = ${name}`);
  return row!.id;
}

const offerRows = (ids: number[]) => db().select().from(offers).where(inArray(offers.id, ids)).orderBy(offers.id);

/** A city of the test's own, with one neighbourhood, at the end of the list. */
async function newCity(hood = "حي الاختبار") {
  const name = unique("مدينة");
  expect((await addLookupValue(db(), "cities", name)).ok).toBe(true);
  const cityId = await idOf(cities, name);
  expect((await addLookupValue(db(), "neighbourhoods", hood, cityId)).ok).toBe(true);
  return { name, id: cityId };
}

describe("renaming a value renames it in the offers that use it, in the same transaction", () => {
  it("a city: its offers take the new name (and are found by it); others are untouched", async () => {
    const city = await newCity();
    const [a, b] = [await createOffer(db(), { city: city.name, location: "حي الاختبار" }), await createOffer(db(), { city: city.name })];
    const other = await createOffer(db(), { city: "جدة" });
    const renamed = unique("مدينة جديدة");
    expect(await renameLookupValue(db(), "cities", city.id, renamed)).toEqual({ ok: true, offers: 2 });
    expect((await offerRows([a.id, b.id, other.id])).map((o) => o.city)).toEqual([renamed, renamed, "جدة"]);
    expect((await offerRows([a.id]))[0]!.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());
    expect((await offerRows([a.id]))[0]!.searchText).toContain(renamed.split(" ")[0]!.replace("ة", "ه"));
    expect(await listCityNames(db())).toContain(renamed);
    expect(await listCityNames(db())).not.toContain(city.name);
    // The neighbourhoods stay with their city.
    expect((await listCities(db())).find((c) => c.name === renamed)?.neighbourhoods).toEqual(["حي الاختبار"]);
  });

  it("a neighbourhood: only the offers in that city's neighbourhood of that name", async () => {
    const first = await newCity("الروضة الغربية");
    const second = await newCity("الروضة الغربية");
    const here = await createOffer(db(), { city: first.name, location: "الروضة الغربية" });
    const there = await createOffer(db(), { city: second.name, location: "الروضة الغربية" });
    const outcome = await renameLookupValue(db(), "neighbourhoods", await hoodId(first.name, "الروضة الغربية"), "الروضة");
    expect(outcome).toEqual({ ok: true, offers: 1 });
    expect((await offerRows([here.id, there.id])).map((o) => o.location)).toEqual(["الروضة", "الروضة الغربية"]);
  });

  it("a unit type: inside the offers' units, each unit of that type, the others and their order kept", async () => {
    const type = unique("جناح");
    expect((await addLookupValue(db(), "unitTypes", type)).ok).toBe(true);
    const units = [
      { id: "u1", type, description: "أ", floor: "1", area: 90, bedrooms: 2, bathrooms: 1 },
      { id: "u2", type: "مكتب", description: "ب", floor: "2", area: 60, bedrooms: 0, bathrooms: 1 },
      { id: "u3", type, description: "ج", floor: "3", area: 95, bedrooms: 2, bathrooms: 2, orientation: "شمال" },
    ];
    const offer = await createOffer(db(), { units });
    const untouched = await createOffer(db(), { units: [units[1]!] });
    const renamed = unique("جناح فندقي");
    expect(await renameLookupValue(db(), "unitTypes", await idOf(unitTypes, type), renamed)).toEqual({ ok: true, offers: 1 });
    const [after, other] = await offerRows([offer.id, untouched.id]);
    expect(after!.units).toEqual([{ ...units[0], type: renamed }, units[1], { ...units[2], type: renamed }]);
    expect(other!.units).toEqual([units[1]]);
  });

  it("a property type and a status; the confirmation says how many offers changed", async () => {
    const type = unique("استراحة");
    const status = unique("قيد الإنشاء");
    await addLookupValue(db(), "propertyTypes", type);
    await addLookupValue(db(), "statuses", status);
    const offer = await createOffer(db(), { propertyType: type, status });
    const typeId = await idOf(propertyTypes, type);
    const answer = await readAnswer(
      await handleSettingsPost(
        { db: db(), env } as AppServices,
        LOOKUP_EDITOR,
        formData({ intent: "lookup-rename", list: "propertyTypes", id: typeId, name: `  ${type} كبيرة ` }),
        NO_REAUTH,
      ),
      env,
    );
    expect([answer.status, answer.location, answer.toast?.text]).toEqual([302, "/admin/settings", "تم تغيير الاسم وتحديث عرض واحد تستخدمه"]);
    // A settings change: in the audit log, who and old → new.
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "lookup-change")).orderBy(desc(auditLog.id)).limit(1);
    expect([audited?.actorId, audited?.details]).toEqual([LOOKUP_EDITOR.id, { list: "propertyTypes", change: "rename", from: type, to: `${type} كبيرة`, offers: 1 }]);
    expect(await renameLookupValue(db(), "statuses", await idOf(offerStatuses, status), `${status} ب`)).toEqual({ ok: true, offers: 1 });
    expect((await offerRows([offer.id]))[0]).toMatchObject({ propertyType: `${type} كبيرة`, status: `${status} ب` });
    expect([renamedText(0), renamedText(2), renamedText(3), renamedText(11)]).toEqual([
      "تم تغيير الاسم",
      "تم تغيير الاسم وتحديث عرضين تستخدمه",
      "تم تغيير الاسم وتحديث ٣ عروض تستخدمه",
      "تم تغيير الاسم وتحديث ١١ عرضًا تستخدمه",
    ]);
  });

  it("all or nothing: a rename that fails half-way leaves the offers and the list as they were", async () => {
    const city = await newCity();
    const offer = await createOffer(db(), { city: city.name });
    // The list's own row refuses to change: the offers were renamed first, in the same transaction.
    await db().execute(sql`create function refuse_city_rename() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await db().execute(sql`create trigger refuse_city_rename before update on cities for each row execute function refuse_city_rename()`);
    try {
      await expect(renameLookupValue(db(), "cities", city.id, unique("مدينة أخرى"))).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_city_rename on cities`);
      await db().execute(sql`drop function refuse_city_rename()`);
    }
    expect((await offerRows([offer.id]))[0]!.city).toBe(city.name);
    expect(await listCityNames(db())).toContain(city.name);
  });

  it("the statuses the public filter relies on cannot be renamed, hidden or deleted", async () => {
    const forSale = await idOf(offerStatuses, "للبيع");
    const locked = { ok: false, error: LOOKUP_MESSAGES.locked, status: 409 };
    expect(await renameLookupValue(db(), "statuses", forSale, "معروض للبيع")).toEqual(locked);
    expect(await setLookupHidden(db(), "statuses", forSale, true)).toEqual(locked);
    expect(await deleteLookupValue(db(), "statuses", forSale)).toEqual(locked);
    expect((await listLookupsForAdmin(db())).statuses.find((s) => s.name === "للإيجار")).toMatchObject({ locked: true });
    // Sold and rented: the reports count days on market from status changes by these names.
    for (const name of ["مباع", "مؤجر"]) expect((await listLookupsForAdmin(db())).statuses.find((s) => s.name === name)).toMatchObject({ locked: true });
    expect((await listLookupsForAdmin(db())).statuses.find((s) => s.name === "محجوز")).toMatchObject({ locked: false });
  });
});

describe("names are unique within a list, compared Arabic-folded", () => {
  it("'جده' clashes with 'جدة', 'إستوديو' with 'استوديو'; a neighbourhood only within its city", async () => {
    expect(await addLookupValue(db(), "cities", "جده")).toEqual({ ok: false, error: LOOKUP_MESSAGES.nameTaken("جدة"), status: 409, field: "name" });
    const riyadh = await idOf(cities, "الرياض");
    expect(await renameLookupValue(db(), "cities", riyadh, "مكه المكرمه")).toMatchObject({ ok: false, error: LOOKUP_MESSAGES.nameTaken("مكة المكرمة") });
    expect((await addLookupValue(db(), "neighbourhoods", "الياسمين", riyadh)).ok).toBe(false);
    expect((await addLookupValue(db(), "neighbourhoods", "الياسمين", await idOf(cities, "جدة"))).ok).toBe(true);
    const answer = await readAnswer(
      await handleSettingsPost({ db: db(), env } as AppServices, LOOKUP_EDITOR, formData({ intent: "lookup-add", list: "unitTypes", name: "إستوديو" }), NO_REAUTH),
      env,
    );
    expect([answer.status, answer.errors]).toEqual([409, { name: [LOOKUP_MESSAGES.nameTaken("استوديو")] }]);
  });

  it("a value may be respelled as itself ('جدة' → 'جده' is the same city)", async () => {
    const city = await newCity();
    const respelled = city.name.replace("مدينة", "مدينه");
    expect(await renameLookupValue(db(), "cities", city.id, respelled)).toEqual({ ok: true, offers: 0 });
  });

  it("two managers adding the same city in two spellings at the same moment: one is added", async () => {
    const base = unique("الخبر الجديدة");
    const outcomes = await Promise.all([addLookupValue(db(), "cities", base), addLookupValue(db(), "cities", base.replace("ة", "ه")), addLookupValue(db(), "cities", `${base}ً`)]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect((await listCityNames(db())).filter((name) => name.startsWith("الخبر الجديد"))).toHaveLength(1);
  });

  it("an offer's 'other' value that a list already holds is saved as the list spells it, and not added again", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(cities);
    const listed = await db().transaction((tx) =>
      addLookupValues(tx, { city: " جده ", neighbourhood: "الروضه", propertyType: "فيلّا", status: "للايجار", unitTypes: ["إستوديو", " مكتب "] }),
    );
    expect(listed).toMatchObject({ city: "جدة", neighbourhood: "الروضة", propertyType: "فيلا", status: "للإيجار" });
    expect([...listed.unitTypes]).toEqual([
      ["إستوديو", "استوديو"],
      ["مكتب", "مكتب"],
    ]);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(cities),
    ).toEqual(before);
  });
});

describe("deleting: only a value no offer uses", () => {
  it("a city in use is refused (hide it instead); an unused one goes with its neighbourhoods", async () => {
    const used = await newCity();
    await createOffer(db(), { city: used.name });
    expect(await deleteLookupValue(db(), "cities", used.id)).toEqual({ ok: false, error: LOOKUP_MESSAGES.inUse, status: 409 });
    expect(await listCityNames(db())).toContain(used.name);

    const unused = await newCity();
    expect(await deleteLookupValue(db(), "cities", unused.id)).toEqual({ ok: true });
    expect(await db().select().from(neighbourhoods).where(eq(neighbourhoods.cityId, unused.id))).toEqual([]);
    expect(await deleteLookupValue(db(), "cities", unused.id)).toEqual({ ok: false, error: LOOKUP_MESSAGES.gone, status: 404 });
  });

  it("a unit type used inside an offer's units is in use; a neighbourhood is in use in its own city only", async () => {
    const type = unique("ملحق");
    await addLookupValue(db(), "unitTypes", type);
    await createOffer(db(), { units: [{ id: "u1", type, description: "", floor: "", area: 0, bedrooms: 0, bathrooms: 0 }] });
    expect(await deleteLookupValue(db(), "unitTypes", await idOf(unitTypes, type))).toMatchObject({ ok: false, error: LOOKUP_MESSAGES.inUse });

    const city = await newCity("حي مشترك");
    const elsewhere = await newCity("حي مشترك");
    await createOffer(db(), { city: elsewhere.name, location: "حي مشترك" });
    expect(await deleteLookupValue(db(), "neighbourhoods", await hoodId(city.name, "حي مشترك"))).toEqual({ ok: true });
    expect(await deleteLookupValue(db(), "neighbourhoods", await hoodId(elsewhere.name, "حي مشترك"))).toMatchObject({ ok: false, error: LOOKUP_MESSAGES.inUse });
  });

  it("the page counts the offers that use each value", async () => {
    const city = await newCity("حي العد");
    await createOffer(db(), { city: city.name, location: "حي العد" });
    await createOffer(db(), { city: city.name, location: "حي آخر" });
    const view = await listLookupsForAdmin(db());
    const listed = view.cities.find((c) => c.id === city.id)!;
    expect([listed.uses, listed.neighbourhoods.map((n) => [n.name, n.uses])]).toEqual([2, [["حي العد", 1]]]);
  });
});

describe("hidden values leave the lists and the public filters; the offers keep them", () => {
  it("a hidden city, neighbourhood and property type are not offered; shown again they are", async () => {
    const city = await newCity("حي مخفي");
    await addLookupValue(db(), "neighbourhoods", "حي ظاهر", city.id);
    const type = unique("شاليه");
    await addLookupValue(db(), "propertyTypes", type);
    const offer = await createOffer(db(), { city: city.name, location: "حي مخفي", propertyType: type });
    expect((await listFilterChoices(db())).propertyTypes).toContain(type);

    await setLookupHidden(db(), "neighbourhoods", await hoodId(city.name, "حي مخفي"), true);
    expect((await listCities(db())).find((c) => c.name === city.name)?.neighbourhoods).toEqual(["حي ظاهر"]);
    await setLookupHidden(db(), "cities", city.id, true);
    await setLookupHidden(db(), "propertyTypes", await idOf(propertyTypes, type), true);

    const filters = await listFilterChoices(db());
    expect(filters.cities).not.toContain(city.name);
    expect(filters.propertyTypes).not.toContain(type);
    expect(await listPropertyTypeChoices(db())).not.toContain(type);
    expect((await listCities(db())).map((c) => c.name)).not.toContain(city.name);
    const form = await listOfferFormChoices(db());
    expect([form.cities.some((c) => c.name === city.name), form.propertyTypes.includes(type)]).toEqual([false, false]);

    // The offer keeps its values, and its edit form still lists them.
    expect((await offerRows([offer.id]))[0]).toMatchObject({ city: city.name, location: "حي مخفي", propertyType: type });
    const editing = await listOfferFormChoices(db(), { city: city.name, neighbourhood: "حي مخفي", propertyType: type });
    expect(editing.cities.find((c) => c.name === city.name)?.neighbourhoods).toEqual(["حي مخفي", "حي ظاهر"]);
    expect(editing.propertyTypes).toContain(type);

    await setLookupHidden(db(), "cities", city.id, false);
    expect(await listCityNames(db())).toContain(city.name);
  });
});

it("a read of the public lists that began before a change (another instance's, heard mid-read) is not cached after it", async () => {
  invalidateLookups();
  let answer: (rows: Array<{ name: string }>) => void = () => undefined;
  const late = new Promise<Array<{ name: string }>>((resolve) => (answer = resolve));
  const slowDb = { select: () => ({ from: () => ({ where: () => ({ orderBy: () => late }) }) }) } as unknown as AppServices["db"];
  const reading = listFilterChoices(slowDb);
  const city = await newCity(); // saved meanwhile, with its announcement
  invalidateLookups();
  answer([{ name: "قائمة قديمة" }]);
  expect((await reading).cities).toEqual(["قائمة قديمة"]);
  expect((await listFilterChoices(db())).cities).toContain(city.name);
});

describe("order", () => {
  it("up and down swap a value with its neighbour; the ends stay put", async () => {
    const names = async () => (await db().select({ name: offerStatuses.name }).from(offerStatuses).orderBy(offerStatuses.position, offerStatuses.id)).map((r) => r.name);
    const start = await names();
    const second = await idOf(offerStatuses, start[1]!);
    await moveLookupValue(db(), "statuses", second, "up");
    expect((await names()).slice(0, 2)).toEqual([start[1], start[0]]);
    await moveLookupValue(db(), "statuses", second, "up"); // already first
    expect((await names())[0]).toBe(start[1]);
    await moveLookupValue(db(), "statuses", second, "down");
    expect(await names()).toEqual(start);
  });

  it("the defaults fill an empty list only: a deleted default does not come back at the next start", async () => {
    const unused = unique("نوع مؤقت");
    await addLookupValue(db(), "propertyTypes", unused);
    await deleteLookupValue(db(), "propertyTypes", await idOf(propertyTypes, "مستودع"));
    await seedLookupDefaults(db());
    const types = (await db().select({ name: propertyTypes.name }).from(propertyTypes)).map((r) => r.name);
    expect(types).not.toContain("مستودع");
    expect(types).toContain(unused);
  });
});

it("a new offer form lists the filter bar's types too (one list for the offer form, the owners' form and the filters)", async () => {
  const fresh = await listOfferFormChoices(db());
  for (const type of ["استوديو", "بنتهاوس", "محل تجاري"]) expect(fresh.propertyTypes).toContain(type);
});
