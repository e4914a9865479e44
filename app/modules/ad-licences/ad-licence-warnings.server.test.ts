import { sql } from "drizzle-orm";
import { runMigrations } from "graphile-worker";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { adLicenceWarnings, offers, settings } from "~/db/schema.ts";
import type { MailMessage, Mailer } from "~/modules/messaging/mail.server.ts";
import { startScheduler } from "~/modules/scheduler/scheduler.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { licenceEndsAt } from "./ad-licence.ts";
import { AD_LICENCE_WARNINGS_TASK, adLicenceWarningJobs, sendAdLicenceWarnings, type AdLicenceWarningServices } from "./ad-licence-warnings.server.ts";

const db = useTestDatabase({ connections: 6 });
const PUBLIC_URL = "https://aqar.example.sa";
const riyadh = (wall: string) => new Date(`${wall}+03:00`);

/** The mail adapter as these tests see it: what was sent, or a refusal while `failing`. */
let sent: MailMessage[] = [];
let failing = false;
const mailer: Mailer = {
  async send(message) {
    if (failing) throw new Error("SMTP down");
    sent.push(message);
  },
};
const services = (): AdLicenceWarningServices => ({ db: db(), env: { PUBLIC_URL }, mailer });

/** An advertised offer whose licence expires on `expiresOn` (stored as the save path stores it). */
const offerExpiring = (expiresOn: string, overrides: Partial<typeof offers.$inferInsert> = {}) =>
  createOffer(db(), { adLicenceNumber: "7200555111", adLicenceExpiresOn: expiresOn, adLicenceEndsAt: licenceEndsAt(expiresOn), ...overrides });

beforeEach(async () => {
  sent = [];
  failing = false;
  await db().delete(offers);
  await setSettings(db(), { managerEmail: "boss@example.sa" });
});

describe("the ad licence warnings", () => {
  it("14 days before the end, then 3 days before: one e-mail each, listing the offer with the link to its form; never twice", async () => {
    // Ends 1 December 00:00 Riyadh (expiry date 30 November).
    const offer = await offerExpiring("2026-11-30", { title: "فيلا الملقا" });
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-16T23:00:00"))).toEqual([]); // 14 days and an hour before
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-17T00:00:00"))).toMatchObject([{ id: offer.id, daysLeft: 14 }]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("boss@example.sa");
    expect(sent[0]!.subject).toBe("تراخيص إعلانات تقترب من الانتهاء: عرض واحد");
    expect(sent[0]!.body).toContain("• فيلا الملقا");
    expect(sent[0]!.body).toContain("رقم الترخيص: 7200555111");
    expect(sent[0]!.body).toContain("٣٠ نوفمبر ٢٠٢٦م");
    expect(sent[0]!.body).toContain("المتبقي: ١٤ يومًا");
    expect(sent[0]!.body).toContain(`للتعديل: ${PUBLIC_URL}/admin/offers/edit/${offer.id}`);

    // Every hour after it: nothing new.
    for (const hour of ["2026-11-17T01:00:00", "2026-11-20T12:00:00", "2026-11-27T23:00:00"]) expect(await sendAdLicenceWarnings(services(), riyadh(hour))).toEqual([]);
    expect(sent).toHaveLength(1);

    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-28T00:30:00"))).toMatchObject([{ id: offer.id, daysLeft: 3 }]);
    expect(sent[1]!.body).toContain("المتبقي: ٣ أيام");
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-30T23:00:00"))).toEqual([]);
    // Ended: nothing more (the public pages hide it; the dashboard lists it).
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-12-02T09:00:00"))).toEqual([]);
    expect(sent).toHaveLength(2);
    expect(await db().select({ days: adLicenceWarnings.daysBefore, expiresOn: adLicenceWarnings.expiresOn }).from(adLicenceWarnings)).toEqual(
      expect.arrayContaining([
        { days: 14, expiresOn: "2026-11-30" },
        { days: 3, expiresOn: "2026-11-30" },
      ]),
    );
  });

  it("one e-mail per run for every offer due; a licence first seen inside 3 days is listed once, both warnings spent", async () => {
    const late = await offerExpiring("2026-11-25", { title: "شقة العليا" });
    const soon = await offerExpiring("2026-12-01", { title: "أرض النرجس" });
    await offerExpiring("2026-12-31", { title: "بعيد" });
    const warned = await sendAdLicenceWarnings(services(), riyadh("2026-11-23T10:00:00"));
    expect(warned.map((offer) => [offer.id, offer.daysLeft])).toEqual([
      [late.id, 3],
      [soon.id, 9],
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("تراخيص إعلانات تقترب من الانتهاء: عرضان");
    expect(sent[0]!.body.match(/شقة العليا/g)).toHaveLength(1);
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-24T10:00:00"))).toEqual([]);
  });

  it("a renewed licence (a new expiry date) is warned again", async () => {
    const offer = await offerExpiring("2026-11-30");
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-28T10:00:00"))).toHaveLength(1);
    await db()
      .update(offers)
      .set({ adLicenceExpiresOn: "2026-12-05", adLicenceEndsAt: licenceEndsAt("2026-12-05") })
      .where(sql`${offers.id} = ${offer.id}`);
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-29T10:00:00"))).toMatchObject([{ id: offer.id, daysLeft: 7 }]);
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-12-03T10:00:00"))).toMatchObject([{ id: offer.id, daysLeft: 3 }]);
    expect(sent).toHaveLength(3);
  });

  it("only for-sale and for-rent offers with a licence are warned", async () => {
    await offerExpiring("2026-11-30", { status: "مباع" });
    await offerExpiring("2026-11-30", { status: "قيد الإنشاء" });
    await offerExpiring("2026-11-30", { adLicenceNumber: "" });
    await createOffer(db(), { adLicenceNumber: "", adLicenceExpiresOn: null, adLicenceEndsAt: null });
    const rent = await offerExpiring("2026-11-30", { status: "للإيجار" });
    expect((await sendAdLicenceWarnings(services(), riyadh("2026-11-23T10:00:00"))).map((offer) => offer.id)).toEqual([rent.id]);
  });

  it("runs at the same moment on several instances send one e-mail", async () => {
    await offerExpiring("2026-11-30");
    await offerExpiring("2026-12-02");
    const at = riyadh("2026-11-23T10:00:00");
    const runs = await Promise.all(Array.from({ length: 5 }, () => sendAdLicenceWarnings(services(), at)));
    expect(runs.filter((listed) => listed.length > 0)).toHaveLength(1);
    expect(runs.flat()).toHaveLength(2);
    expect(sent).toHaveLength(1);
  });

  it("a failed send claims nothing: the next run sends it", async () => {
    const offer = await offerExpiring("2026-11-30");
    failing = true;
    await expect(sendAdLicenceWarnings(services(), riyadh("2026-11-23T10:00:00"))).rejects.toThrow("SMTP down");
    expect(await db().select().from(adLicenceWarnings)).toEqual([]);
    failing = false;
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-23T11:00:00"))).toMatchObject([{ id: offer.id }]);
  });

  it("without a manager e-mail nothing is claimed; the warning goes out once there is one", async () => {
    const offer = await offerExpiring("2026-11-30");
    await db().update(settings).set({ managerEmail: "" });
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-23T10:00:00"))).toEqual([]);
    expect(await db().select().from(adLicenceWarnings)).toEqual([]);
    await db().update(settings).set({ managerEmail: "new.boss@example.sa" });
    expect(await sendAdLicenceWarnings(services(), riyadh("2026-11-23T11:00:00"))).toMatchObject([{ id: offer.id }]);
    expect(sent.map((message) => message.to)).toEqual(["new.boss@example.sa"]);
  });

  it("runs on the job scheduler: hourly, and once at start", async () => {
    const jobs = adLicenceWarningJobs(services());
    expect(jobs.cron).toEqual([{ task: AD_LICENCE_WARNINGS_TASK, identifier: AD_LICENCE_WARNINGS_TASK, match: "0 * * * *" }]);
    // A licence that ends in 10 days from the real clock: the start's run warns about it.
    const expiresOn = new Date(Date.now() + 3 * 3600_000 + 9 * 86_400_000).toISOString().slice(0, 10);
    const offer = await offerExpiring(expiresOn);
    const { rows } = await db().execute<{ name: string }>(sql`select current_database() as name`);
    const connectionString = inject("databaseUrl").replace(/\/[^/]+$/, `/${rows[0]!.name}`);
    await runMigrations({ connectionString });
    const scheduler = await startScheduler({ connectionString, tasks: jobs.tasks, cron: jobs.cron, atStart: jobs.atStart, pollIntervalMs: 200 });
    try {
      const started = Date.now();
      while (sent.length === 0 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await scheduler.stop();
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`/admin/offers/edit/${offer.id}`);
  });
});
