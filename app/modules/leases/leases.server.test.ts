import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { leases, outgoingEmails, propertyManagementRules, rentFreezes, rentInstalments, tenants } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { readOutbox } from "~/modules/messaging/outbox.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { addContract, addUnit, createOwner, createProperty, handlePropertyPost } from "~/modules/property-management/index.server.ts";
import { managedProperties, managementContracts } from "~/db/schema.ts";
import { PM_MESSAGES } from "~/modules/property-management/index.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleFreezePost, handleLeaseNew, handleLeasePost, handleTenantNew, handleTenantPost } from "./lease-action.server.ts";
import { LEASE_MESSAGES, leaseSchema } from "./lease-schema.ts";
import { createLease, createTenant, dayAfter, listTenants, yearOnLessADay } from "./leases.server.ts";
import { renewalSmsText, sendRenewalNotices } from "./renewal-notices.server.ts";

const db = useTestDatabase({ connections: 6 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const services = () => ({ db: db(), env }) as unknown as AppServices;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leases-test-"));
const sms = createSmsSender({ SMS_TRANSPORT: "outbox", DATA_DIR: dataDir });
const smsTo = async (phone: string) => (await readOutbox(dataDir, "sms")).filter((m) => m.to === phone);
const post = async (handler: Promise<unknown>) => readAnswer((await handler) as never, env);

let office: Office;
/** A building in Riyadh (where the seeded freeze runs to 2030-09-24) and one in Jeddah (none). */
let riyadhUnits: number[];
let jeddahUnit: number;
let riyadhPropertyId: number;
let tenantId: number;

const TENANT = { kind: "person", name: "فهد العتيبي", identityNumber: "1012345672", phone: "٠٥٥ ١٢٣ ٤٥٦٧", email: "" };

beforeAll(async () => {
  await seedLookupDefaults(db());
  office = await createOffice(db());
  const owner = await createOwner(db(), office.manager, {
    kind: "person",
    name: "مالك",
    identityNumber: "2012345670",
    phone1: "+966501234567",
    phone2: "",
    phone3: "",
    email: "",
    iban: "SA0380000000608010167519",
  });
  if (!owner.ok) throw new Error("owner");
  const building = await createProperty(db(), office.manager, owner.id, { kind: "building", name: "عمارة الملقا", city: "الرياض", neighbourhood: "الملقا", address: "" });
  const jeddah = await createProperty(db(), office.manager, owner.id, { kind: "unit", name: "شقة الروضة", city: "جدة", neighbourhood: "الروضة", address: "" });
  if (!building.ok || !jeddah.ok) throw new Error("property");
  const unit = async (propertyId: number, label: string) => {
    const added = await addUnit(db(), office.manager, propertyId, { label, type: "استوديو", floor: "", area: 0, rooms: 0, electricityMeter: "", waterMeter: "", offerId: null });
    if (!added.ok) throw new Error(added.error);
    return added.id;
  };
  riyadhPropertyId = building.id;
  riyadhUnits = [await unit(building.id, "١"), await unit(building.id, "٢"), await unit(building.id, "٣"), await unit(building.id, "٤")];
  jeddahUnit = await unit(jeddah.id, "١");
  const tenant = await createTenant(db(), office.manager, { ...TENANT, phone: "+966551234567" } as never);
  if (!tenant.ok) throw new Error("tenant");
  tenantId = tenant.id;
});

const lease = (unitId: number, fields: Record<string, string> = {}) =>
  formData({
    unitId: String(unitId),
    tenantId: String(tenantId),
    ejarNumber: "",
    startsOn: "2026-01-01",
    endsOn: "2026-12-31",
    yearlyRent: "٤٥٬٠٠٠",
    deposit: "",
    schedule: "monthly",
    ...fields,
  });
let ejar = 10_000_000;
const nextEjar = () => String((ejar += 1));
const leaseCount = async () => (await db().select({ n: count() }).from(leases))[0]!.n;

describe("tenants", () => {
  it("adds a tenant with the owners' checks: the phone in E.164, the same id refused; search by name, phone typed any way or id", async () => {
    const added = await post(handleTenantNew(services(), office.employee, formData({ ...TENANT, identityNumber: "2345678904", phone: "٠٥٠ ٩٩٩ ٨٨٧٧", name: "شركة؟ لا: سعد" })));
    expect(added.status).toBe(302);
    const id = Number(added.location!.split("/").pop());
    const [row] = await db().select().from(tenants).where(eq(tenants.id, id));
    expect(row).toMatchObject({ phone: "+966509998877", identityNumber: "2345678904" });

    const again = await post(handleTenantNew(services(), office.manager, formData({ ...TENANT, identityNumber: "2345678904" })));
    expect(again).toMatchObject({ status: 409, errors: { identityNumber: [LEASE_MESSAGES.tenantTaken] } });
    const bad = await post(handleTenantNew(services(), office.manager, formData({ ...TENANT, identityNumber: "1012345673", phone: "" })));
    expect(bad.errors).toMatchObject({ identityNumber: [PM_MESSAGES.nationalIdInvalid] });
    expect(bad.errors.phone?.[0]).toMatch(/[\u0600-\u06FF]/);

    expect((await listTenants(db(), { query: "0509998877", page: 1 })).rows.map((t) => t.id)).toEqual([id]);
    expect((await listTenants(db(), { query: "+966 50 999 8877", page: 1 })).rows.map((t) => t.id)).toEqual([id]);
    expect((await listTenants(db(), { query: "٢٣٤٥٦٧٨٩", page: 1 })).rows.map((t) => t.id)).toEqual([id]);
    expect((await listTenants(db(), { query: "فهد", page: 1 })).rows.map((t) => t.id)).toEqual([tenantId]);
  });
});

describe("the lease form", () => {
  it("reads the rent typed any way as exact halalas, and refuses a bad Ejar number or rent in Arabic", () => {
    const read = (fields: Record<string, string>) => parseSubmission(lease(1, { ejarNumber: "123456789", ...fields }), leaseSchema);
    const ok = read({ yearlyRent: "٤٥٬٠٠٠٫٥٠", deposit: "2 000" });
    expect(ok.status === "success" && ok.value).toMatchObject({ yearlyRent: 4_500_050, deposit: 200_000, ejarNumber: "123456789" });
    const plain = read({ yearlyRent: "45,000.10" });
    expect(plain.status === "success" && plain.value).toMatchObject({ yearlyRent: 4_500_010 });
    const bad = read({ yearlyRent: "45.555", ejarNumber: "12-ab", deposit: "-1" });
    expect(bad.status).toBe("error");
    expect(bad.status === "error" && bad.error).toMatchObject({
      yearlyRent: [LEASE_MESSAGES.rentInvalid],
      ejarNumber: [LEASE_MESSAGES.ejarInvalid],
      deposit: [LEASE_MESSAGES.depositInvalid],
    });
  });
});

describe("leases", () => {
  it("refuses an Ejar number already used, under its field, keeping what was typed", async () => {
    const number = nextEjar();
    expect((await post(handleLeaseNew(services(), office.employee, lease(riyadhUnits[0]!, { ejarNumber: number })))).status).toBe(302);
    const before = await leaseCount();
    const again = await post(handleLeaseNew(services(), office.employee, lease(jeddahUnit, { ejarNumber: number })));
    expect(again).toMatchObject({ status: 409, errors: { ejarNumber: [LEASE_MESSAGES.ejarTaken] } });
    expect(again.initialValue).toMatchObject({ yearlyRent: "٤٥٬٠٠٠" });
    expect(await leaseCount()).toBe(before);
  });

  it("holds one lease in force per unit: an overlap refused under the start date; two saved at once, exactly one wins", async () => {
    const unit = riyadhUnits[1]!;
    expect((await post(handleLeaseNew(services(), office.manager, lease(unit, { ejarNumber: nextEjar() })))).status).toBe(302);
    const overlap = await post(handleLeaseNew(services(), office.manager, lease(unit, { ejarNumber: nextEjar(), startsOn: "2026-12-31", endsOn: "2027-06-30" })));
    expect(overlap).toMatchObject({ status: 409, errors: { startsOn: [LEASE_MESSAGES.leaseOverlap] } });

    const race = riyadhUnits[2]!;
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(handleLeaseNew(services(), office.manager, lease(race, { ejarNumber: nextEjar(), startsOn: "2026-03-01", endsOn: "2027-02-28" })))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409, 409]);
    expect((await db().select({ n: count() }).from(leases).where(eq(leases.unitId, race)))[0]!.n).toBe(1);
  });

  it("ends a lease early on a day within it, once; the unit is then free from the day after; its rent due follows", async () => {
    const unit = jeddahUnit;
    const made = await createLease(db(), office.manager, { ...parsed(lease(unit, { ejarNumber: nextEjar(), startsOn: "2025-01-01", endsOn: "2025-12-31" })) });
    if (!made.ok) throw new Error(made.error);
    // Saved: its instalments at once (a past year's twelve), the year's rent exactly.
    const dues = async () =>
      db()
        .select({ dueOn: rentInstalments.dueOn, amount: rentInstalments.amountHalalas })
        .from(rentInstalments)
        .where(eq(rentInstalments.leaseId, made.id))
        .orderBy(rentInstalments.dueOn);
    expect((await dues()).length).toBe(12);
    expect((await dues()).reduce((sum, i) => sum + i.amount, 0)).toBe(4_500_000);
    const outside = await post(handleLeasePost(services(), office.manager, made.id, formData({ intent: "terminate", terminatedOn: "2026-02-01" })));
    expect(outside).toMatchObject({ status: 400, errors: { terminatedOn: [LEASE_MESSAGES.terminateOutside] } });
    expect((await post(handleLeasePost(services(), office.manager, made.id, formData({ intent: "terminate", terminatedOn: "2025-06-30" })))).status).toBe(302);
    const twice = await post(handleLeasePost(services(), office.manager, made.id, formData({ intent: "terminate", terminatedOn: "2025-07-30" })));
    expect(twice.errors).toEqual({ "": [LEASE_MESSAGES.alreadyTerminated] });
    // Ended on 30 June: the unpaid instalments of July to December are gone.
    expect((await dues()).map((i) => i.dueOn).at(-1)).toBe("2025-06-01");
    const next = await createLease(db(), office.manager, parsed(lease(unit, { ejarNumber: nextEjar(), startsOn: "2025-07-01", endsOn: "2025-12-31" })));
    expect(next.ok).toBe(true);
  });
});

/** A lease form read as the action reads it. */
function parsed(form: FormData) {
  const submission = parseSubmission(form, leaseSchema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("renewal under a rent freeze", () => {
  it("refuses a higher rent at renewal in Riyadh naming the city and the freeze's end; allows the same or lower; Jeddah has no freeze", async () => {
    const unit = riyadhUnits[3]!;
    const first = await createLease(db(), office.manager, parsed(lease(unit, { ejarNumber: nextEjar(), startsOn: "2026-01-01", endsOn: "2026-12-31" })));
    if (!first.ok) throw new Error(first.error);
    const renewal = (rent: string) =>
      post(
        handleLeaseNew(
          services(),
          office.employee,
          lease(unit, { ejarNumber: nextEjar(), renews: String(first.id), startsOn: dayAfter("2026-12-31"), endsOn: yearOnLessADay("2027-01-01"), yearlyRent: rent }),
        ),
      );
    const higher = await renewal("50,000");
    expect(higher.status).toBe(409);
    expect(higher.errors.yearlyRent?.[0]).toContain("الرياض");
    expect(higher.errors.yearlyRent?.[0]).toContain("٢٤ سبتمبر ٢٠٣٠");
    expect(higher.initialValue).toMatchObject({ yearlyRent: "50,000" });
    // A new lease for the same tenant the day after is a renewal too: the freeze is not dodged by leaving «renews» out.
    const sneaky = await post(
      handleLeaseNew(services(), office.employee, lease(unit, { ejarNumber: nextEjar(), startsOn: "2027-01-01", endsOn: "2027-12-31", yearlyRent: "50,000" })),
    );
    expect(sneaky.status).toBe(409);
    const same = await renewal("45,000");
    expect(same.status).toBe(302);
    const [renewed] = await db().select().from(leases).where(eq(leases.renewsLeaseId, first.id));
    expect(renewed).toMatchObject({ startsOn: "2027-01-01", endsOn: "2027-12-31", yearlyRentHalalas: 4_500_000 });
    // Renewed once only.
    const again = await post(
      handleLeaseNew(services(), office.employee, lease(unit, { ejarNumber: nextEjar(), renews: String(first.id), startsOn: "2028-01-01", endsOn: "2028-12-31" })),
    );
    expect(again.errors).toEqual({ "": [LEASE_MESSAGES.alreadyRenewed] });

    const jeddah = await createLease(db(), office.manager, parsed(lease(jeddahUnit, { ejarNumber: nextEjar(), startsOn: "2028-01-01", endsOn: "2028-12-31" })));
    if (!jeddah.ok) throw new Error(jeddah.error);
    const raised = await post(
      handleLeaseNew(
        services(),
        office.employee,
        lease(jeddahUnit, { ejarNumber: nextEjar(), renews: String(jeddah.id), startsOn: "2029-01-01", endsOn: "2029-12-31", yearlyRent: "60,000" }),
      ),
    );
    expect(raised.status).toBe(302);
  });

  it("lets the manager add and remove a city's freeze; an employee is refused", async () => {
    const add = formData({ intent: "rentFreeze-add", city: "جدة", startsOn: "2030-01-01", endsOn: "", note: "تجربة" });
    expect((await post(handleFreezePost(services(), office.employee, add))).status).toBe(403);
    expect((await post(handleFreezePost(services(), office.manager, add))).status).toBe(302);
    const [freeze] = await db().select().from(rentFreezes).where(eq(rentFreezes.city, "جدة"));
    expect(freeze).toMatchObject({ startsOn: "2030-01-01", endsOn: null, note: "تجربة" });
    const nowhere = await post(handleFreezePost(services(), office.manager, formData({ intent: "rentFreeze-add", city: "مدينة لا وجود لها", startsOn: "2030-01-01" })));
    expect(nowhere.errors).toEqual({ city: [PM_MESSAGES.cityRequired] });
    expect((await post(handleFreezePost(services(), office.manager, formData({ intent: "rentFreeze-remove", id: String(freeze!.id) })))).status).toBe(302);
    expect(await db().select().from(rentFreezes).where(eq(rentFreezes.city, "جدة"))).toEqual([]);
  });
});

describe("authorization: the accountant reads, every change refused", () => {
  it("refuses the accountant's tenant, lease and termination posts with 403, storing nothing", async () => {
    const before = { leases: await leaseCount(), tenants: (await db().select({ n: count() }).from(tenants))[0]!.n };
    const tenant = await post(handleTenantNew(services(), office.accountant, formData({ ...TENANT, identityNumber: "1000000008" })));
    const edit = await post(handleTenantPost(services(), office.accountant, tenantId, formData({ ...TENANT, name: "تغيير" })));
    const made = await post(handleLeaseNew(services(), office.accountant, lease(jeddahUnit, { ejarNumber: nextEjar(), startsOn: "2031-01-01", endsOn: "2031-12-31" })));
    const [any] = await db().select({ id: leases.id }).from(leases).limit(1);
    const end = await post(handleLeasePost(services(), office.accountant, any!.id, formData({ intent: "terminate", terminatedOn: "2026-01-02" })));
    for (const answer of [tenant, edit, made, end]) expect(answer).toMatchObject({ status: 403, errors: { "": [PM_MESSAGES.readOnly] } });
    expect(await leaseCount()).toBe(before.leases);
    expect((await db().select({ n: count() }).from(tenants))[0]!.n).toBe(before.tenants);
    const [row] = await db().select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
    expect(row!.name).toBe(TENANT.name);
  });
});

describe("renewal notices", () => {
  it("tells the manager and texts the tenant once per lease, with three runs at once; not a lease ended early or already renewed", async () => {
    await setSettings(db(), { managerEmail: "boss@example.sa", companyPhone: "+966112345678" });
    await db()
      .insert(propertyManagementRules)
      .values({ id: 1, renewalNoticeDays: 30 })
      .onConflictDoUpdate({ target: propertyManagementRules.id, set: { renewalNoticeDays: 30 } });
    await db().update(leases).set({ renewalNoticeSentAt: new Date() }); // the earlier tests' leases are not this test's
    const phone = "+966557770001";
    const tenant = await createTenant(db(), office.manager, { kind: "person", name: "ناصر", identityNumber: "1100000007", phone, email: "" });
    if (!tenant.ok) throw new Error("tenant");
    const make = async (unitId: number, startsOn: string, endsOn: string) => {
      const made = await createLease(db(), office.manager, { ...parsed(lease(unitId, { ejarNumber: nextEjar(), startsOn, endsOn })), tenantId: tenant.id });
      if (!made.ok) throw new Error(made.error);
      return made.id;
    };
    const [a, b, c, d] = riyadhUnits;
    const soon = await make(a!, "2040-01-01", "2040-05-30"); // far unit dates: no overlap with the earlier tests
    const later = await make(b!, "2040-01-01", "2040-12-31");
    const ended = await make(c!, "2040-01-01", "2040-05-20");
    await db().update(leases).set({ terminatedOn: "2040-03-01" }).where(eq(leases.id, ended));
    const renewedOne = await make(d!, "2040-01-01", "2040-05-25");
    await make(d!, "2040-05-26", "2041-05-25");
    const at = new Date("2040-05-01T06:00:00Z");
    expect(riyadhDayOf(at)).toBe("2040-05-01");

    const runs = await Promise.all([sendRenewalNotices(db(), sms, at), sendRenewalNotices(db(), sms, at), sendRenewalNotices(db(), sms, at)]);
    expect(runs.flat()).toEqual([soon]);
    expect(await sendRenewalNotices(db(), sms, at)).toEqual([]);
    const texts = await smsTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toBe(renewalSmsText({ endsOn: "2040-05-30", unitLabel: "١", propertyName: "عمارة الملقا" }, "+966112345678"));
    expect(texts[0]!.body).toContain("٣٠ مايو ٢٠٤٠م");
    const mails = await db().select().from(outgoingEmails).where(eq(outgoingEmails.purpose, "lease-renewal-notice"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: "boss@example.sa", linkPath: `/admin/leases/${soon}` });
    const [row] = await db().select({ at: leases.renewalNoticeSentAt }).from(leases).where(eq(leases.id, later));
    expect(row!.at).toBeNull();
    const [renewedRow] = await db().select({ at: leases.renewalNoticeSentAt }).from(leases).where(eq(leases.id, renewedOne));
    expect(renewedRow!.at).toBeNull();
  });
});

describe("editing a property and its management contracts", () => {
  const CONTRACT = { commissionKind: "percent" as const, commissionBasisPoints: 500, commissionHalalas: null, services: ["rent-collection" as const] };
  it("saves the property's details from the lookup lists only; the accountant is refused", async () => {
    const edit = (user: Office[keyof Office], fields: Record<string, string>) =>
      post(
        handlePropertyPost(
          services(),
          user,
          riyadhPropertyId,
          formData({ intent: "property-edit", name: "عمارة الملقا", city: "الرياض", neighbourhood: "الملقا", address: "", ...fields }),
        ),
      );
    expect((await edit(office.accountant, { name: "تغيير" })).status).toBe(403);
    expect((await edit(office.employee, { neighbourhood: "حي لا وجود له" })).errors).toEqual({ neighbourhood: [PM_MESSAGES.neighbourhoodRequired] });
    expect((await edit(office.employee, { address: "طريق أنس بن مالك" })).status).toBe(302);
    const [row] = await db().select().from(managedProperties).where(eq(managedProperties.id, riyadhPropertyId));
    expect(row).toMatchObject({ name: "عمارة الملقا", address: "طريق أنس بن مالك", kind: "building" });
  });

  it("edits a contract's terms, refuses dates overlapping another (23P01, under the start), and ends one early within its days", async () => {
    const first = await addContract(db(), office.manager, riyadhPropertyId, { ...CONTRACT, startsOn: "2026-01-01", endsOn: "2026-12-31" });
    const second = await addContract(db(), office.manager, riyadhPropertyId, { ...CONTRACT, startsOn: "2027-01-01", endsOn: "2027-12-31" });
    if (!first.ok || !second.ok) throw new Error("contracts");
    const edit = (id: number, fields: Record<string, string>) =>
      post(
        handlePropertyPost(
          services(),
          office.employee,
          riyadhPropertyId,
          formData({
            intent: "contract-edit",
            id: String(id),
            startsOn: "2027-01-01",
            endsOn: "2027-12-31",
            commissionKind: "fixed",
            commissionValue: "١٢٬٠٠٠",
            services: "maintenance",
            ...fields,
          }),
        ),
      );
    expect((await edit(second.id, { startsOn: "2026-12-01" })).errors).toEqual({ startsOn: [PM_MESSAGES.contractOverlap] });
    expect((await edit(second.id, {})).status).toBe(302);
    const [edited] = await db().select().from(managementContracts).where(eq(managementContracts.id, second.id));
    expect(edited).toMatchObject({ commissionKind: "fixed", commissionHalalas: 1_200_000, commissionBasisPoints: null, services: ["maintenance"] });
    const end = (endsOn: string) => post(handlePropertyPost(services(), office.employee, riyadhPropertyId, formData({ intent: "contract-end", id: String(first.id), endsOn })));
    expect((await end("2027-02-01")).errors).toEqual({ endsOn: [PM_MESSAGES.contractEndOutside] });
    expect((await end("2026-06-30")).status).toBe(302);
    const [ended] = await db().select().from(managementContracts).where(eq(managementContracts.id, first.id));
    expect(ended!.endsOn).toBe("2026-06-30");
  });
});
