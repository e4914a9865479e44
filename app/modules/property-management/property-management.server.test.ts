import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { auditLog, managedUnits, managementContracts, ownerPhones, owners } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { bankOfIban, ibanForReading, isCrNumber, isSaudiNationalId, readSaudiIban, cleanTypedNumber } from "./identity-numbers.ts";
import { handleOwnerNew, handleOwnerPost, handlePropertyPost } from "./pm-action.server.ts";
import { answerUnitOffers } from "./pm-pages.server.ts";
import { contractSchema, PM_MESSAGES, UNIT_OFFERS_URL } from "./pm-schema.ts";
import { addContract, createOwner, createProperty, getOwner, listOwners } from "./property-management.server.ts";

const db = useTestDatabase({ connections: 6 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const services = () => ({ db: db(), env }) as unknown as AppServices;
let office: Office;

beforeAll(async () => {
  await seedLookupDefaults(db());
  office = await createOffice(db());
});

const OWNER = {
  kind: "person",
  name: "عبدالله الشهري",
  identityNumber: "1012345672",
  phone1: "0501234567",
  phone2: "",
  phone3: "",
  email: "",
  iban: "SA03 8000 0000 6080 1016 7519",
};

const post = async (handler: Promise<unknown>) => readAnswer((await handler) as never, env);
const ownerCount = async () => (await db().select({ n: count() }).from(owners))[0]!.n;

describe("identity numbers (decision 051)", () => {
  it("accepts a national id (1…) or iqama (2…) only with its check digit, typed with Arabic-Indic digits or spaces too", () => {
    expect(isSaudiNationalId("1012345672")).toBe(true);
    expect(isSaudiNationalId("2012345670")).toBe(true);
    expect(isSaudiNationalId(cleanTypedNumber("١٠١٢ ٣٤٥ ٦٧٢"))).toBe(true);
    expect(isSaudiNationalId("1012345673")).toBe(false); // wrong check digit
    expect(isSaudiNationalId("3012345676")).toBe(false); // neither 1 nor 2
    expect(isSaudiNationalId("101234567")).toBe(false);
    expect(isCrNumber("1010123456")).toBe(true);
    expect(isCrNumber("101012345")).toBe(false);
  });

  it("reads a Saudi IBAN typed with spaces, lower case or Arabic-Indic digits; refuses a wrong check or another country's", () => {
    expect(readSaudiIban("SA03 8000 0000 6080 1016 7519")).toBe("SA0380000000608010167519");
    expect(readSaudiIban("sa03٨٠٠٠٠٠٠٠٦٠٨٠١٠١٦٧٥١٩")).toBe("SA0380000000608010167519");
    expect(readSaudiIban("SA04 8000 0000 6080 1016 7519")).toBeNull();
    expect(readSaudiIban("GB82 WEST 1234 5698 7654 32")).toBeNull();
    expect(readSaudiIban("SA03 8000")).toBeNull();
    expect(bankOfIban("SA0380000000608010167519")).toBe("مصرف الراجحي");
    expect(bankOfIban("SA1810000001234567891234")).toBe("البنك الأهلي السعودي");
    expect(ibanForReading("SA0380000000608010167519")).toBe("SA03 8000 0000 6080 1016 7519");
  });
});

describe("commission kinds", () => {
  const contract = (fields: Record<string, string>) => {
    const form = formData({ startsOn: "2026-01-01", endsOn: "2026-12-31", services: "rent-collection", ...fields });
    const submission = parseSubmission(form, contractSchema);
    return submission.status === "success" ? { value: submission.value, error: null } : { value: null, error: submission.error };
  };
  it("keeps a percentage as basis points and a fixed amount as halalas, exactly", () => {
    expect(contract({ commissionKind: "percent", commissionValue: "٧٫٥" }).value).toMatchObject({ commissionBasisPoints: 750, commissionHalalas: null });
    expect(contract({ commissionKind: "percent", commissionValue: "2.35" }).value).toMatchObject({ commissionBasisPoints: 235 });
    expect(contract({ commissionKind: "fixed", commissionValue: "١٢٬٠٠٠٫٥٠" }).value).toMatchObject({ commissionBasisPoints: null, commissionHalalas: 1_200_050 });
    expect(contract({ commissionKind: "fixed", commissionValue: "0.29" }).value).toMatchObject({ commissionHalalas: 29 });
  });
  it("refuses a third decimal, zero, more than 100 % and an end before the start", () => {
    expect(contract({ commissionKind: "percent", commissionValue: "7.555" }).error).toEqual({ commissionValue: [PM_MESSAGES.percentInvalid] });
    expect(contract({ commissionKind: "percent", commissionValue: "100.5" }).error).toEqual({ commissionValue: [PM_MESSAGES.percentInvalid] });
    expect(contract({ commissionKind: "fixed", commissionValue: "0" }).error).toEqual({ commissionValue: [PM_MESSAGES.amountInvalid] });
    expect(contract({ commissionKind: "percent", commissionValue: "5", endsOn: "2025-12-31" }).error).toEqual({ endsOn: [PM_MESSAGES.endBeforeStart] });
  });
  it("is held by the database too: a percentage row cannot carry an amount", async () => {
    const owner = await createOwner(db(), office.manager, { ...OWNER, identityNumber: "1100000007", iban: "SA0380000000608010167519", phone1: "+966501234567" } as never);
    if (!owner.ok) throw new Error("owner");
    const property = await createProperty(db(), office.manager, owner.id, { kind: "unit", name: "شقة", city: "الرياض", neighbourhood: "الملقا", address: "" });
    if (!property.ok) throw new Error("property");
    await expect(
      db()
        .insert(managementContracts)
        .values({
          propertyId: property.id,
          ownerId: owner.id,
          startsOn: "2020-01-01",
          endsOn: "2020-12-31",
          commissionKind: "percent",
          commissionBasisPoints: 500,
          commissionHalalas: 100,
          services: ["maintenance"],
        }),
    ).rejects.toThrow();
  });
});

describe("owners", () => {
  it("adds an owner: IBAN in electronic form, phones in E.164, audited; the same id again is refused and nothing is added", async () => {
    const before = await ownerCount();
    const added = await post(handleOwnerNew(services(), office.employee, formData({ ...OWNER, phone2: "٠١١ ٢٣٤ ٥٦٧٨" })));
    expect(added.location).toMatch(/^\/admin\/owners\/\d+$/);
    expect(added.toast?.text).toBe(PM_MESSAGES.ownerAdded);
    const id = Number(added.location!.split("/").pop());
    const [row] = await db().select().from(owners).where(eq(owners.id, id));
    expect(row).toMatchObject({ iban: "SA0380000000608010167519", identityNumber: "1012345672", kind: "person" });
    const phones = await db().select().from(ownerPhones).where(eq(ownerPhones.ownerId, id)).orderBy(ownerPhones.position);
    expect(phones.map((p) => p.phone)).toEqual(["+966501234567", "+966112345678"]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'owner' and ${auditLog.entityId} = ${id}`);
    expect(audit).toMatchObject({ action: "pm-created", actorId: office.employee.id });

    const again = await post(handleOwnerNew(services(), office.manager, formData({ ...OWNER, name: "آخر" })));
    expect(again.status).toBe(409);
    expect(again.errors).toEqual({ identityNumber: [PM_MESSAGES.identityTaken] });
    expect(again.initialValue).toMatchObject({ name: "آخر", iban: OWNER.iban });
    expect(await ownerCount()).toBe(before + 1);
  });

  it("refuses a bad national id, CR, IBAN and phone with Arabic messages, keeping what was typed", async () => {
    const before = await ownerCount();
    const person = await post(
      handleOwnerNew(services(), office.manager, formData({ ...OWNER, identityNumber: "1012345673", iban: "SA04 8000 0000 6080 1016 7519", phone1: "12345" })),
    );
    expect(person.status).toBe(400);
    expect(person.errors).toEqual({ identityNumber: [PM_MESSAGES.nationalIdInvalid], iban: [PM_MESSAGES.ibanInvalid], phone1: [expect.stringContaining("رقم الهاتف غير صحيح")] });
    expect(person.initialValue).toMatchObject({ identityNumber: "1012345673" });
    const firm = await post(handleOwnerNew(services(), office.manager, formData({ ...OWNER, kind: "establishment", identityNumber: "10101234" })));
    expect(firm.errors).toEqual({ identityNumber: [PM_MESSAGES.crInvalid] });
    expect(await ownerCount()).toBe(before);
  });
});

describe("authorization: the manager and the employees change, the accountant reads", () => {
  it("refuses every change the accountant posts, and stores nothing", async () => {
    const before = await ownerCount();
    const added = await post(handleOwnerNew(services(), office.accountant, formData({ ...OWNER, identityNumber: "2345678904" })));
    expect(added.status).toBe(403);
    expect(added.errors).toEqual({ "": [PM_MESSAGES.readOnly] });
    expect(await ownerCount()).toBe(before);

    const owner = await createOwner(db(), office.manager, { ...OWNER, identityNumber: "2012345670", iban: "SA0380000000608010167519", phone1: "+966501234567" } as never);
    if (!owner.ok) throw new Error("owner");
    const edited = await post(handleOwnerPost(services(), office.accountant, owner.id, formData({ ...OWNER, intent: "owner", identityNumber: "2012345670", name: "تغيير" })));
    expect(edited.status).toBe(403);
    const property = await post(
      handleOwnerPost(services(), office.accountant, owner.id, formData({ intent: "property", kind: "building", name: "عمارة", city: "الرياض", neighbourhood: "الملقا" })),
    );
    expect(property.status).toBe(403);
    const building = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة", city: "الرياض", neighbourhood: "الملقا", address: "" });
    if (!building.ok) throw new Error("building");
    const unit = await post(handlePropertyPost(services(), office.accountant, building.id, formData({ intent: "unit-add", label: "١", type: "استوديو" })));
    expect(unit.status).toBe(403);
    const contract = await post(
      handlePropertyPost(
        services(),
        office.accountant,
        building.id,
        formData({ intent: "contract", startsOn: "2026-01-01", endsOn: "2026-12-31", commissionKind: "percent", commissionValue: "5", services: "maintenance" }),
      ),
    );
    expect(contract.status).toBe(403);
    expect((await db().select({ n: count() }).from(managedUnits).where(eq(managedUnits.propertyId, building.id)))[0]!.n).toBe(0);
    expect((await db().select({ n: count() }).from(managementContracts).where(eq(managementContracts.propertyId, building.id)))[0]!.n).toBe(0);

    // The staff member (an employee) may.
    const byEmployee = await post(
      handlePropertyPost(services(), office.employee, building.id, formData({ intent: "unit-add", label: "١", type: "استوديو", area: "٨٥", rooms: "٢" })),
    );
    expect(byEmployee.status).toBe(302);
  });
});

describe("properties and units", () => {
  it("takes city and neighbourhood only from the lookup lists, and one unit only in a single-unit property", async () => {
    const owner = await createOwner(db(), office.manager, { ...OWNER, identityNumber: "1000000008", iban: "SA0380000000608010167519", phone1: "+966501234567" } as never);
    if (!owner.ok) throw new Error("owner");
    const elsewhere = await createProperty(db(), office.manager, owner.id, { kind: "unit", name: "شقة", city: "الرياض", neighbourhood: "حي لا وجود له", address: "" });
    expect(elsewhere).toMatchObject({ ok: false, field: "neighbourhood" });
    const single = await createProperty(db(), office.manager, owner.id, { kind: "unit", name: "شقة", city: "الرياض", neighbourhood: "الملقا", address: "" });
    if (!single.ok) throw new Error("single");
    const unit = (label: string) => handlePropertyPost(services(), office.manager, single.id, formData({ intent: "unit-add", label, type: "استوديو" }));
    // Two at once: the property's row lock lets one through.
    const answers = await Promise.all([post(unit("أ")), post(unit("ب"))]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(answers.find((a) => a.status === 409)!.errors).toEqual({ "": [PM_MESSAGES.unitSingle] });
  });
});

describe("the unit's offer, picked from every offer", () => {
  it("answers the picker for who may edit units (any offer, however old), the accountant 403; a unit takes an offer's number typed any way, a title not picked is refused", async () => {
    const oldest = await createOffer(db(), { title: "شقة قديمة جدًا في الملقا", createdAt: new Date("2015-01-01T00:00:00Z") });
    const ask = (user: Office[keyof Office], q: string) => answerUnitOffers(services(), user, new URL(`https://x${UNIT_OFFERS_URL}?q=${encodeURIComponent(q)}`));
    const byTitle = (await (await ask(office.employee, "شقة قديمة جدا")).json()) as { choices: Array<{ id: number }> };
    expect(byTitle.choices.map((choice) => choice.id)).toContain(oldest.id);
    expect((await ask(office.accountant, "شقة")).status).toBe(403);

    const owner = await createOwner(db(), office.manager, { ...OWNER, identityNumber: "1000000016", iban: "SA0380000000608010167519", phone1: "+966501234567" } as never);
    if (!owner.ok) throw new Error("owner");
    const building = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة العروض", city: "الرياض", neighbourhood: "الملقا", address: "" });
    if (!building.ok) throw new Error("building");
    const add = (label: string, offerId: string) =>
      post(handlePropertyPost(services(), office.manager, building.id, formData({ intent: "unit-add", label, type: "استوديو", offerId })));
    const refused = await add("١", "شقة قديمة");
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ offerId: [PM_MESSAGES.offerUnknown] });
    expect((await add("٢", "#999999999")).errors).toEqual({ offerId: [PM_MESSAGES.offerUnknown] });
    const arabicDigits = String(oldest.id).replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
    expect((await add("٣", `# ${arabicDigits}`)).status).toBe(302);
    const [unit] = await db().select({ offerId: managedUnits.offerId }).from(managedUnits).where(eq(managedUnits.propertyId, building.id));
    expect(unit!.offerId).toBe(oldest.id);
  });
});

describe("at most one management contract in force per property", () => {
  const CONTRACT = { commissionKind: "percent" as const, commissionBasisPoints: 500, commissionHalalas: null, services: ["rent-collection" as const] };

  it("refuses an overlapping contract, also when two are saved at the same moment (Promise.all on two connections)", async () => {
    const owner = await createOwner(db(), office.manager, { ...OWNER, identityNumber: "1234567897", iban: "SA0380000000608010167519", phone1: "+966501234567" } as never);
    if (!owner.ok) throw new Error("owner");
    const building = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة الملقا", city: "الرياض", neighbourhood: "الملقا", address: "" });
    const other = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة حطين", city: "الرياض", neighbourhood: "حطين", address: "" });
    if (!building.ok || !other.ok) throw new Error("property");

    const outcomes = await Promise.all([
      addContract(db(), office.manager, building.id, { ...CONTRACT, startsOn: "2026-01-01", endsOn: "2026-12-31" }),
      addContract(db(), office.employee, building.id, { ...CONTRACT, startsOn: "2026-06-01", endsOn: "2027-05-31" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.find((o) => !o.ok)).toEqual({ ok: false, error: PM_MESSAGES.contractOverlap, field: "startsOn", status: 409 });

    // The last day counts: a contract starting on it is refused; the day after is free.
    const kept = outcomes.find((o) => o.ok)!;
    const [row] = await db()
      .select()
      .from(managementContracts)
      .where(eq(managementContracts.id, (kept as { id: number }).id));
    const next = new Date(`${row!.endsOn}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    expect(await addContract(db(), office.manager, building.id, { ...CONTRACT, startsOn: row!.endsOn, endsOn: "2028-12-31" })).toMatchObject({ ok: false });
    expect(await addContract(db(), office.manager, building.id, { ...CONTRACT, startsOn: next.toISOString().slice(0, 10), endsOn: "2028-12-31" })).toMatchObject({ ok: true });
    // Another property on the same dates is its own.
    expect(await addContract(db(), office.manager, other.id, { ...CONTRACT, startsOn: "2026-01-01", endsOn: "2026-12-31" })).toMatchObject({ ok: true });

    // Through the page's form: the refusal is in Arabic under the start date, what was typed kept.
    const refused = await post(
      handlePropertyPost(
        services(),
        office.manager,
        building.id,
        formData({ intent: "contract", startsOn: "2026-06-15", endsOn: "2026-07-15", commissionKind: "fixed", commissionValue: "١٢٬٠٠٠", services: "maintenance" }),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.errors).toEqual({ startsOn: [PM_MESSAGES.contractOverlap] });
    expect(refused.initialValue).toMatchObject({ commissionValue: "١٢٬٠٠٠" });
  });
});

describe("the owners' list", () => {
  it("counts each owner's properties and finds them by name (Arabic-folded), number or phone", async () => {
    const owner = await createOwner(db(), office.manager, {
      ...OWNER,
      name: "مؤسسة إختبار القائمة",
      kind: "establishment",
      identityNumber: "7000000001",
      iban: "SA0380000000608010167519",
      phone1: "+966551112233",
    } as never);
    if (!owner.ok) throw new Error("owner");
    await createProperty(db(), office.manager, owner.id, { kind: "unit", name: "شقة", city: "الرياض", neighbourhood: "الملقا", address: "" });
    for (const query of ["اختبار القائمة", "٧٠٠٠٠٠٠٠٠١", "0551112233"]) {
      const { rows } = await listOwners(db(), { query, page: 1 });
      expect(
        rows.map((r) => [r.id, r.properties, r.phone]),
        query,
      ).toEqual([[owner.id, 1, "+966551112233"]]);
    }
  });
});

describe("an owner's page", () => {
  it("counts each property's own units", async () => {
    const owner = await createOwner(db(), office.manager, {
      ...OWNER,
      kind: "establishment",
      identityNumber: "7000000002",
      iban: "SA0380000000608010167519",
      phone1: "+966551112234",
    } as never);
    if (!owner.ok) throw new Error("owner");
    const building = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة", city: "الرياض", neighbourhood: "الملقا", address: "" });
    if (!building.ok) throw new Error("building");
    for (const label of ["1", "2", "3"]) await post(handlePropertyPost(services(), office.manager, building.id, formData({ intent: "unit-add", label, type: "استوديو" })));
    const found = await getOwner(db(), owner.id);
    expect(found?.properties.map((p) => p.units)).toEqual([3]);
    expect((await listOwners(db(), { query: "7000000002", page: 1 })).rows[0]?.properties).toBe(1);
  });
});
