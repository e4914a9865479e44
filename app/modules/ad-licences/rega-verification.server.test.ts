import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, offers, outgoingEmails } from "~/db/schema.ts";
import { publicOffersCondition } from "~/modules/offers/index.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useJobQueue } from "../../../tests/factories/job-queue.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { FAKE_REGA_CREDENTIALS, startFakeRega, type FakeRega } from "../../../tests/setup/fake-rega.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { licenceEndsAt } from "./ad-licence.ts";
import { checkLicenceForForm, recheckPublishedLicences, REGA_VERDICT_MESSAGES } from "./rega-verification.server.ts";
import { createRegaClient, REGA_MESSAGES } from "./rega.server.ts";

const db = useTestDatabase({ connections: 8 });
useJobQueue(db);

let fake: FakeRega;
beforeAll(async () => {
  fake = await startFakeRega();
});
afterAll(() => fake.close());

const rega = () => createRegaClient({ REGA_API_URL: fake.url, ...FAKE_REGA_CREDENTIALS }, { timeoutMs: 500 });
const NOW = new Date();
/** The offers a visitor may find now: the one public rule (decision 017). */
const publicIds = async () =>
  (
    await db()
      .select({ id: offers.id })
      .from(offers)
      .where(await publicOffersCondition(db()))
  )
    .map((o) => o.id)
    .sort();
const row = async (id: number) => (await db().select().from(offers).where(eq(offers.id, id)))[0]!;

const valid = { kind: "valid", creationDate: "2026-01-01", endDate: "2099-12-31" } as const;

beforeEach(async () => {
  fake.answers.clear();
  fake.requests.length = 0;
  await db().delete(outgoingEmails);
  await db().delete(offers);
  await setSettings(db(), { managerEmail: "boss@example.sa", commercialRegistration: "1010123456", requireAdLicence: true });
});

describe("the nightly re-check of published licences", () => {
  it("a licence REGA reports cancelled or ended leaves the site at once (the ended-licence rule: 410), the manager is told; a valid one records the time", async () => {
    const kept = await createOffer(db(), { title: "فيلا الملقا", adLicenceNumber: "7200000001" });
    const cancelled = await createOffer(db(), { title: "شقة النرجس", adLicenceNumber: "7200000002" });
    const ended = await createOffer(db(), { title: "أرض العارض", adLicenceNumber: "7200000003" });
    const sold = await createOffer(db(), { title: "مباعة", status: "مباع", adLicenceNumber: "7200000004" });
    fake.answers.set("7200000001", valid);
    fake.answers.set("7200000002", { kind: "cancelled", creationDate: "2026-01-01", endDate: "2099-12-31" });
    fake.answers.set("7200000003", { kind: "valid", creationDate: "2025-01-01", endDate: "2025-12-31" });
    expect(await publicIds()).toEqual([kept.id, cancelled.id, ended.id].sort());

    const outcome = await recheckPublishedLicences({ db: db(), rega: rega() }, NOW);
    expect(outcome).toMatchObject({ checked: 3, failed: 0 });
    expect([...outcome.withdrawn].sort((a, b) => a.id - b.id)).toEqual([
      { id: cancelled.id, verdict: "cancelled" },
      { id: ended.id, verdict: "ended" },
    ]);
    // The sold offer's licence is not an advertisement: REGA was not asked about it.
    expect(fake.requests.map((r) => r.query.adLicenseNumber).sort()).toEqual(["7200000001", "7200000002", "7200000003"]);
    expect(fake.requests[0]!.query).toMatchObject({ advertiserId: "1010123456", idType: "2" });
    expect(sold.id).toBeGreaterThan(0);

    expect(await publicIds()).toEqual([kept.id]);
    // Ended as an expired licence ends: its page answers 410 by the same column.
    for (const id of [cancelled.id, ended.id]) expect((await row(id)).adLicenceEndsAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await row(cancelled.id)).toMatchObject({ adLicenceWithdrawn: "cancelled" });
    expect(await row(ended.id)).toMatchObject({ adLicenceWithdrawn: "ended" });
    expect((await row(kept.id)).adLicenceVerifiedAt?.toISOString()).toBe(NOW.toISOString());

    const mails = await db().select().from(outgoingEmails).orderBy(outgoingEmails.id);
    expect(mails.map((m) => [m.recipient, m.purpose])).toEqual([
      ["boss@example.sa", "licence-withdrawn"],
      ["boss@example.sa", "licence-withdrawn"],
    ]);
    const cancelledMail = mails.find((m) => m.subject.includes("شقة النرجس"))!;
    expect(cancelledMail.subject).toBe("أُخفي العرض «شقة النرجس» من الموقع: ترخيص إعلانه ملغى لدى الهيئة العامة للعقار");
    expect(cancelledMail.body).toContain("رقم الترخيص: 7200000002");
    expect(cancelledMail.linkPath).toBe(`/admin/offers/edit/${cancelled.id}`);

    // The same night again: nothing asked, nothing sent twice.
    expect(await recheckPublishedLicences({ db: db(), rega: rega() }, NOW)).toEqual({ checked: 0, failed: 0, withdrawn: [], updated: [] });
    expect(await db().$count(outgoingEmails)).toBe(2);
  });

  it("a licence REGA confirms with other dates takes REGA's: both dates and the end moment, audited by the system; the same dates change nothing", async () => {
    const renewed = await createOffer(db(), {
      adLicenceNumber: "7200000011",
      adLicenceIssuedOn: "2026-01-01",
      adLicenceExpiresOn: "2026-12-31",
      adLicenceEndsAt: licenceEndsAt("2026-12-31"),
    });
    const same = await createOffer(db(), { adLicenceNumber: "7200000012" });
    fake.answers.set("7200000011", { kind: "valid", creationDate: "2026-03-01", endDate: "2027-06-30" });
    fake.answers.set("7200000012", valid);
    const outcome = await recheckPublishedLicences({ db: db(), rega: rega() }, NOW);
    expect(outcome).toMatchObject({ checked: 2, failed: 0, withdrawn: [], updated: [renewed.id] });
    expect(await row(renewed.id)).toMatchObject({ adLicenceIssuedOn: "2026-03-01", adLicenceExpiresOn: "2027-06-30", adLicenceEndsAt: licenceEndsAt("2027-06-30") });
    expect((await row(renewed.id)).adLicenceVerifiedAt?.toISOString()).toBe(NOW.toISOString());
    expect(await row(same.id)).toMatchObject({ adLicenceIssuedOn: "2026-01-01", adLicenceExpiresOn: "2099-12-31" });
    const changes = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "offer"), eq(auditLog.action, "ad-licence-change"), inArray(auditLog.entityId, [renewed.id, same.id])));
    expect(changes.map(({ entityId, actorId, actorName, details }) => ({ entityId, actorId, actorName, details }))).toEqual([
      {
        entityId: renewed.id,
        actorId: null,
        actorName: "النظام",
        details: {
          from: { number: "7200000011", issuedOn: "2026-01-01", expiresOn: "2026-12-31" },
          to: { number: "7200000011", issuedOn: "2026-03-01", expiresOn: "2027-06-30" },
          by: "rega",
        },
      },
    ]);
    // REGA brings the end forward, still to come: the offer's public end moves with it.
    const tomorrow = new Date(NOW.getTime() + 24 * 60 * 60 * 1000);
    const soon = new Date(NOW.getTime() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    fake.answers.set("7200000011", { kind: "valid", creationDate: "2026-03-01", endDate: soon });
    expect(await recheckPublishedLicences({ db: db(), rega: rega() }, tomorrow)).toMatchObject({ updated: [renewed.id] });
    expect((await row(renewed.id)).adLicenceEndsAt).toEqual(licenceEndsAt(soon));
  });

  it("exactly once: two runs at once ask REGA once per licence and notify once", async () => {
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => createOffer(db(), { adLicenceNumber: `72000001${i}0` })));
    for (const offer of many) fake.answers.set(offer.adLicenceNumber, { kind: "cancelled", creationDate: "2026-01-01", endDate: "2099-12-31" });
    const [first, second] = await Promise.all([recheckPublishedLicences({ db: db(), rega: rega() }, NOW), recheckPublishedLicences({ db: db(), rega: rega() }, NOW)]);
    expect(first.checked + second.checked).toBe(6);
    expect([...first.withdrawn, ...second.withdrawn].map((w) => w.id).sort()).toEqual(many.map((o) => o.id).sort());
    expect(fake.requests).toHaveLength(6);
    expect(await db().$count(outgoingEmails)).toBe(6);
  });

  it("REGA slow or failing takes nothing off the site; the next night asks again", async () => {
    const slow = await createOffer(db(), { adLicenceNumber: "7200000005" });
    const failing = await createOffer(db(), { adLicenceNumber: "7200000006" });
    fake.answers.set("7200000005", { kind: "slow", ms: 3_000 });
    fake.answers.set("7200000006", { kind: "error", status: 500 });
    expect(await recheckPublishedLicences({ db: db(), rega: rega() }, NOW)).toEqual({ checked: 0, failed: 2, withdrawn: [], updated: [] });
    expect(await publicIds()).toEqual([slow.id, failing.id].sort());
    const tomorrow = new Date(NOW.getTime() + 24 * 60 * 60 * 1000);
    fake.answers.set("7200000005", valid);
    fake.answers.set("7200000006", valid);
    expect(await recheckPublishedLicences({ db: db(), rega: rega() }, tomorrow)).toMatchObject({ checked: 2, failed: 0 });
  });

  it("off without its settings: nothing is asked", async () => {
    await createOffer(db(), { adLicenceNumber: "7200000001" });
    expect(await recheckPublishedLicences({ db: db(), rega: createRegaClient({}) }, NOW)).toEqual({ checked: 0, failed: 0, withdrawn: [], updated: [] });
    expect(fake.requests).toEqual([]);
  });
});

describe("the form's check", () => {
  it("valid: REGA's dates and details; unknown, cancelled, no commercial registration, REGA down: each said in Arabic", async () => {
    fake.answers.set("7200000001", { ...valid, deedNumber: "310987654321", planNumber: "3421", landNumber: "17" });
    expect(await checkLicenceForForm(db(), rega(), "7200000001")).toEqual({
      ok: true,
      message: REGA_VERDICT_MESSAGES.valid,
      licence: { number: "7200000001", issuedOn: "2026-01-01", expiresOn: "2099-12-31", deedNumber: "310987654321", planNumber: "3421", plotNumber: "17" },
    });
    expect(await checkLicenceForForm(db(), rega(), "7200009999")).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.unknown });
    fake.answers.set("7200000002", { kind: "cancelled", creationDate: "2026-01-01", endDate: "2099-12-31" });
    expect(await checkLicenceForForm(db(), rega(), "7200000002")).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.cancelled });
    fake.answers.set("7200000006", { kind: "error", status: 500 });
    expect(await checkLicenceForForm(db(), rega(), "7200000006")).toEqual({ ok: false, message: REGA_MESSAGES.unreachable });
    expect(await checkLicenceForForm(db(), createRegaClient({}), "7200000001")).toEqual({ ok: false, message: REGA_MESSAGES.off });
    await setSettings(db(), { commercialRegistration: "" });
    expect(await checkLicenceForForm(db(), rega(), "7200000001")).toEqual({ ok: false, message: REGA_VERDICT_MESSAGES.noAdvertiserId });
  });
});
