import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { auditLog, offers, settings } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { AD_LICENCE_MESSAGES } from "~/modules/ad-licences/ad-licence-form.ts";
import { licenceEndsAt } from "~/modules/ad-licences/ad-licence.ts";
import { adminOffersHref, parseAdminOfferFilters } from "./admin-offer-filters.ts";
import { BULK_STATUS_MESSAGES, bulkStatusSummary } from "./bulk-status.ts";
import { handleOfferBulkStatus } from "./offer-admin-post.server.ts";
import { changeOffersStatus, listAdminOffers } from "./offer-admin.server.ts";

const db = useTestDatabase({ connections: 8 });
beforeAll(async () => seedLookupDefaults(db()));
beforeEach(async () => {
  await db().delete(offers);
  await db().delete(auditLog);
  await setSettings(db(), { requireAdLicence: true });
});

const NOW = new Date("2026-11-23T09:00:00Z");
let me: StaffProfile;
beforeAll(async () => {
  me = await createStaffUser(db(), { name: "سارة", username: "sara", phone: "0500000004", role: "staff" });
});
const filters = (query: string) => parseAdminOfferFilters(new URLSearchParams(query));
const titles = async (query: string) => (await listAdminOffers(db(), filters(query), NOW)).rows.map((row) => row.title);
const licence = (expiresOn: string | null) =>
  expiresOn
    ? { adLicenceNumber: "7100000009", adLicenceIssuedOn: "2026-01-01", adLicenceExpiresOn: expiresOn, adLicenceEndsAt: licenceEndsAt(expiresOn) }
    : { adLicenceNumber: "", adLicenceIssuedOn: null, adLicenceExpiresOn: null, adLicenceEndsAt: null };

describe("the back-office offers list's query", () => {
  it("finds a title however its Arabic is spelt, or an offer by its reference number", async () => {
    const family = await createOffer(db(), { title: "شقة عائلية في النرجس" });
    await createOffer(db(), { title: "فيلا مودرن بالملقا" });
    await createOffer(db(), { title: `مكتب ${family.id}٠` });
    expect(await titles("q=شقه عائليه")).toEqual(["شقة عائلية في النرجس"]);
    expect(await titles("q=النرجس شقة")).toEqual(["شقة عائلية في النرجس"]);
    expect(await titles("q=فيلا")).toEqual(["فيلا مودرن بالملقا"]);
    // With «#»: that offer only; the bare number: that offer and a title holding the number.
    expect(await titles(`q=${encodeURIComponent(`#${family.id}`)}`)).toEqual(["شقة عائلية في النرجس"]);
    const arabicDigits = String(family.id).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(await titles(`q=${encodeURIComponent(`# ${arabicDigits}`)}`)).toEqual(["شقة عائلية في النرجس"]);
    expect((await titles(`q=${encodeURIComponent(arabicDigits)}`)).sort()).toEqual(["شقة عائلية في النرجس", `مكتب ${family.id}٠`].sort());
    expect(await titles("q=لا يوجد")).toEqual([]);
  });

  it("filters by status, city, type and the ad licence's state (none, ending within 14 days, ended)", async () => {
    await createOffer(db(), { title: "ساري", ...licence("2027-06-30") });
    await createOffer(db(), { title: "ينتهي", ...licence("2026-12-06") });
    await createOffer(db(), { title: "بعد ١٤ يومًا", ...licence("2026-12-07") });
    await createOffer(db(), { title: "منتهٍ", ...licence("2026-11-22") });
    await createOffer(db(), { title: "بلا ترخيص", status: "مباع", ...licence(null) });
    await createOffer(db(), { title: "جدة فيلا", city: "جدة", propertyType: "فيلا", status: "محجوز" });
    expect(await titles("licence=none")).toEqual(["بلا ترخيص"]);
    expect(await titles("licence=ending")).toEqual(["ينتهي"]);
    expect(await titles("licence=ended")).toEqual(["منتهٍ"]);
    expect(await titles("city=جدة")).toEqual(["جدة فيلا"]);
    expect(await titles("type=فيلا&status=محجوز")).toEqual(["جدة فيلا"]);
    expect(await titles("type=فيلا&status=للبيع")).toEqual([]);
    // A value that is not one of ours is no filter at all.
    expect(await titles("licence=soon")).toHaveLength(6);
  });

  it("sorts, pages 50 at a time and counts what matches", async () => {
    for (let i = 0; i < 52; i += 1) await createOffer(db(), { title: `عرض ${i}`, price: 1000 + i, city: i % 2 ? "الرياض" : "جدة" });
    const first = await listAdminOffers(db(), filters("sort=price-asc"), NOW);
    expect(first.total).toBe(52);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.price).toBe(1000);
    const second = await listAdminOffers(db(), filters("sort=price-asc&page=2"), NOW);
    expect(second.rows.map((row) => row.price)).toEqual([1050, 1051]);
    expect((await listAdminOffers(db(), filters("sort=price-desc"), NOW)).rows[0]!.price).toBe(1051);
    const jeddah = await listAdminOffers(db(), filters("city=جدة"), NOW);
    expect(jeddah.total).toBe(26);
    expect(jeddah.pageCount).toBe(1);
  });

  it("keeps the filters in the address of the next page", () => {
    const href = adminOffersHref(filters("q=فيلا&status=للبيع&licence=ending&sort=old"), { page: 2 });
    expect(new URLSearchParams(href.split("?")[1]).toString()).toBe(new URLSearchParams({ q: "فيلا", status: "للبيع", licence: "ending", sort: "old", page: "2" }).toString());
    expect(adminOffersHref(filters(""))).toBe("/admin/offers");
  });

  it("uses the folded-title trigram index for a title search", async () => {
    await db().execute(sql`set enable_seqscan = off`);
    const rows = (await db().execute<{ "QUERY PLAN": string }>(sql`explain select id from offers where title_folded like '%عائليه%'`)).rows;
    await db().execute(sql`set enable_seqscan = on`);
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("offers_title_folded_trgm_idx");
  });
});

describe("the bulk status change", () => {
  it("follows the form's rules: a public status needs a licence in force, a rent its period; the others still change", async () => {
    const licensed = await createOffer(db(), { title: "مرخص", status: "مؤجل", ...licence("2027-06-30") });
    const expired = await createOffer(db(), { title: "منتهٍ", status: "مؤجل", ...licence("2026-11-22") });
    const none = await createOffer(db(), { title: "بلا ترخيص", status: "مؤجل", ...licence(null) });
    const results = await changeOffersStatus(db(), me, [licensed.id, expired.id, none.id], "للبيع", NOW);
    expect(results).toEqual([
      { id: licensed.id, title: "مرخص", changed: true },
      { id: expired.id, title: "منتهٍ", changed: false, error: AD_LICENCE_MESSAGES.expiredToPublish },
      { id: none.id, title: "بلا ترخيص", changed: false, error: AD_LICENCE_MESSAGES.requiredToPublish },
    ]);
    const stored = await db().select({ id: offers.id, status: offers.status }).from(offers).orderBy(asc(offers.id));
    expect(stored.map((row) => row.status)).toEqual(["للبيع", "مؤجل", "مؤجل"]);
    // The status change is in the audit log, as the form's save writes it.
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, licensed.id));
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual([["status-change", { from: "مؤجل", to: "للبيع" }]]);

    // For rent: the period is required, as in the form; selling one clears it.
    const noPeriod = await createOffer(db(), { title: "بلا فترة", status: "مؤجل", rentPeriod: "", ...licence("2027-06-30") });
    const [rent] = await changeOffersStatus(db(), me, [noPeriod.id], "للإيجار", NOW);
    expect(rent).toMatchObject({ changed: false, error: AD_LICENCE_MESSAGES.rentPeriodRequired });

    // Without the setting, a sale needs no licence: the same rule as the form's.
    await db().update(settings).set({ requireAdLicence: false });
    const [free] = await changeOffersStatus(db(), me, [none.id], "للبيع", NOW);
    expect(free).toMatchObject({ changed: true });
  });

  it("holds under concurrency: two changes of the same offers take turns, each audit entry starts from the status the row had", async () => {
    const list = await Promise.all(Array.from({ length: 6 }, (_, i) => createOffer(db(), { title: `عرض ${i}`, status: "مؤجل" })));
    const ids = list.map((offer) => offer.id);
    const [sold, reserved, soldAgain] = await Promise.all([
      changeOffersStatus(db(), me, ids, "مباع", NOW),
      changeOffersStatus(db(), me, [...ids].reverse(), "محجوز", NOW),
      changeOffersStatus(db(), me, ids, "مباع", NOW),
    ]);
    expect([...sold, ...reserved, ...soldAgain].every((result) => !result.error)).toBe(true);
    for (const id of ids) {
      const entries = await db()
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "status-change")))
        .orderBy(asc(auditLog.id));
      const chain = entries.map((entry) => entry.details as { from: string; to: string });
      // A chain from the first status to the stored one, no step skipped or repeated.
      expect(chain[0]!.from).toBe("مؤجل");
      for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.from).toBe(chain[i - 1]!.to);
      for (const step of chain) expect(step.from).not.toBe(step.to);
      const [row] = await db().select({ status: offers.status }).from(offers).where(eq(offers.id, id));
      expect(chain.at(-1)!.to).toBe(row!.status);
    }
  });

  it("the page's action: nothing ticked or a status off the list changes nothing; the outcome is counted in Arabic", async () => {
    const a = await createOffer(db(), { title: "أ", status: "مؤجل" });
    const b = await createOffer(db(), { title: "ب", status: "مباع" });
    const c = await createOffer(db(), { title: "ج", status: "مؤجل", ...licence(null) });
    const services = { db: db() } as unknown as AppServices;
    const post = (entries: [string, string][]) => {
      const form = new FormData();
      for (const [name, value] of entries) form.append(name, value);
      return handleOfferBulkStatus(services, me, form);
    };
    const none = await post([["status", "مباع"]]);
    expect(JSON.stringify(none)).toContain(BULK_STATUS_MESSAGES.noneSelected);
    const offList = await post([
      ["ids", String(a.id)],
      ["status", "مهجور"],
    ]);
    expect(JSON.stringify(offList)).toContain(BULK_STATUS_MESSAGES.statusRequired);
    expect(
      (
        await db()
          .select()
          .from(offers)
          .where(inArray(offers.status, ["مهجور"]))
      ).length,
    ).toBe(0);

    const answer = await post([
      ["ids", String(a.id)],
      ["ids", String(b.id)],
      ["ids", String(c.id)],
      ["status", "مباع"],
    ]);
    if (!("bulk" in answer)) throw new Error("expected an outcome");
    expect(answer.bulk).toEqual({ status: "مباع", changed: 2, unchanged: 1, refused: [] });
    expect(bulkStatusSummary(answer.bulk)).toEqual({ done: "تم تغيير الحالة إلى «مباع»: عرضان. كانت بهذه الحالة من قبل: عرض واحد.", refused: "" });
    expect(bulkStatusSummary({ status: "للبيع", changed: 11, unchanged: 0, refused: [{ id: 1, title: "x", error: "y" }] })).toEqual({
      done: "تم تغيير الحالة إلى «للبيع»: ١١ عرضًا.",
      refused: "تعذّر تغيير الحالة: عرض واحد",
    });
  });
});
