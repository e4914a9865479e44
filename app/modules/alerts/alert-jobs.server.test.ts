import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { offerPublications, offers, searchAlertDigests, searchAlerts, searchAlertSentOffers } from "~/db/schema.ts";
import { stageImage } from "~/modules/images/images.server.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import type { MailMessage } from "~/modules/messaging/mail.server.ts";
import { saveOffer } from "~/modules/offer-admin/offer-admin.server.ts";
import { offerFormSchema } from "~/modules/offer-admin/offer-form-schema.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { useJobQueue } from "../../../tests/factories/job-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { ALERT_TASKS, queueAlertDigests, searchAlertJobs, sendAlertDigest, type AlertJobServices } from "./alert-jobs.server.ts";
import { ALERT_RULES } from "./alert-limits.ts";
import { confirmAlert, readUnsubscribe, subscribeToAlert, unsubscribe } from "./alerts.server.ts";
import { testStorage } from "../../../tests/factories/storage.ts";

const db = useTestDatabase({ connections: 6 });
const PUBLIC_URL = "https://aqar.example.sa";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-alerts-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

/** Every e-mail "sent", and a switch that makes the adapter fail. */
let mails: MailMessage[] = [];
let failing: string | undefined;
const mailer = {
  async send(message: MailMessage) {
    if (failing) throw new Error(failing);
    mails.push(message);
  },
};
const services = (): AlertJobServices => ({ db: db(), env: { PUBLIC_URL }, mailer });
const appServices = () => ({ db: db(), env: { ...parseEnv({}), PUBLIC_URL }, mailer }) as unknown as AppServices;

const queue = useJobQueue(db);
beforeAll(async () => seedLookupDefaults(db()));

beforeEach(async () => {
  mails = [];
  failing = undefined;
  await db().delete(searchAlerts);
  await db().delete(searchAlertDigests);
  await db().delete(offers);
  await queue.clearJobs();
});

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;

/** An alert subscribed and confirmed (by default a second ago, so what is created next is new to it). */
async function confirmedAlert(email: string, query: string, at = new Date(Date.now() - SECOND)): Promise<number> {
  await subscribeToAlert(appServices(), { email, search: new URLSearchParams(query) }, at);
  await deliverQueuedEmails(db(), mailer, PUBLIC_URL);
  const token = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)![1]!;
  mails = [];
  await confirmAlert(db(), token, at);
  const [alert] = await db()
    .select({ id: searchAlerts.id })
    .from(searchAlerts)
    .where(eq(searchAlerts.confirmTokenHash, sql`encode(sha256(${token}::bytea), 'hex')`));
  return alert!.id;
}

/** The offers each alert was told about, by alert. */
async function announced(): Promise<Record<number, number[]>> {
  const rows = await db().select().from(searchAlertSentOffers).orderBy(searchAlertSentOffers.alertId, searchAlertSentOffers.offerId);
  const by: Record<number, number[]> = {};
  for (const row of rows) (by[row.alertId] ??= []).push(row.offerId);
  return by;
}

const digests = () => db().select().from(searchAlertDigests).orderBy(searchAlertDigests.id);
const sendJobs = () =>
  db()
    .execute<{ id: string }>(sql`select id from graphile_worker.jobs where task_identifier = ${ALERT_TASKS.send}`)
    .then((r) => r.rows);

describe("which alerts a new offer reaches (matched in SQL with the public list's conditions)", () => {
  it("a new offer that matches the search, and not those that do not", async () => {
    const alert = await confirmedAlert("m@example.sa", "city=الرياض&propertyType=شقة&status=للبيع&minPrice=500000");
    const match = await createOffer(db(), { title: "شقة الملقا الجديدة", city: "الرياض", propertyType: "شقة", status: "للبيع", price: 850_000 });
    await createOffer(db(), { title: "شقة جدة", city: "جدة", propertyType: "شقة", status: "للبيع", price: 850_000 });
    await createOffer(db(), { title: "فيلا الرياض", city: "الرياض", propertyType: "فيلا", status: "للبيع", price: 850_000 });
    await createOffer(db(), { title: "شقة رخيصة", city: "الرياض", propertyType: "شقة", status: "للبيع", price: 300_000 });
    await createOffer(db(), { title: "شقة للإيجار", city: "الرياض", propertyType: "شقة", status: "للإيجار", price: 850_000 });

    const queued = await queueAlertDigests(services());
    expect(queued).toHaveLength(1);
    expect(await announced()).toEqual({ [alert]: [match.id] });
    const [digest] = await digests();
    expect(digest).toMatchObject({ email: "m@example.sa", day: riyadhDayOf(new Date()), status: "queued" });
    expect(digest!.text).toContain("شقة الملقا الجديدة");
    expect(digest!.text).toContain(`${PUBLIC_URL}/offer/${match.id}`);
    expect(digest!.text).not.toMatch(/شقة جدة|فيلا الرياض|شقة رخيصة|شقة للإيجار/);
    expect(digest!.subject).toContain("عرض جديد يطابق بحثك");
  });

  it("the keyword matches as the list's search does (Arabic forms folded)", async () => {
    const alert = await confirmedAlert("k@example.sa", "keyword=فلل");
    const villa = await createOffer(db(), { title: "فيلا دوبلكس في حطين", propertyType: "فيلا" });
    await createOffer(db(), { title: "شقة في حطين", propertyType: "شقة" });
    await queueAlertDigests(services());
    expect(await announced()).toEqual({ [alert]: [villa.id] });
  });

  it("nothing for an alert not confirmed, whose confirmation expired, or cancelled", async () => {
    const at = new Date(Date.now() - SECOND);
    await subscribeToAlert(appServices(), { email: "waiting@example.sa", search: new URLSearchParams("city=الرياض") }, at);
    await subscribeToAlert(appServices(), { email: "late@example.sa", search: new URLSearchParams("city=الرياض") }, new Date(at.getTime() - ALERT_RULES.confirmValidMs - SECOND));
    await deliverQueuedEmails(db(), mailer, PUBLIC_URL);
    const lateToken = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body)![1]!;
    expect((await confirmAlert(db(), lateToken)).state.kind).toBe("expired");
    const cancelled = await confirmedAlert("gone@example.sa", "city=الرياض");
    const { unsubscribeToken } = await import("./alerts.server.ts");
    await unsubscribe(db(), await unsubscribeToken(db(), { kind: "a", id: cancelled }));
    await createOffer(db(), { city: "الرياض" });

    expect(await queueAlertDigests(services())).toEqual([]);
    expect(await announced()).toEqual({});
    expect(await sendJobs()).toHaveLength(0);
  });

  it("an offer public before the confirmation is not new; it is when it becomes public again: status changed to for sale, licence renewed", async () => {
    const before = await createOffer(db(), { title: "قديم", city: "الرياض", status: "للبيع" });
    const sold = await createOffer(db(), { title: "كان مباعًا", city: "الرياض", status: "مباع" });
    const ended = await createOffer(db(), { title: "ترخيصه منتهٍ", city: "الرياض", status: "للبيع", adLicenceEndsAt: new Date(Date.now() - DAY) });
    expect((await db().select().from(offerPublications)).map((p) => p.offerId)).toEqual([before.id]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const alert = await confirmedAlert("again@example.sa", "city=الرياض", new Date());
    expect(await queueAlertDigests(services())).toEqual([]);

    await db().update(offers).set({ status: "للبيع" }).where(eq(offers.id, sold.id));
    await db()
      .update(offers)
      .set({ adLicenceExpiresOn: "2099-12-30", adLicenceEndsAt: new Date(Date.UTC(2099, 11, 30, 21)) })
      .where(eq(offers.id, ended.id));
    // An edit that changes neither (the price) publishes nothing.
    await db().update(offers).set({ price: 1, status: "للبيع" }).where(eq(offers.id, before.id));
    await queueAlertDigests(services());
    expect(await announced()).toEqual({ [alert]: [sold.id, ended.id].sort((a, b) => a - b) });
  });

  it("an offer saved through the back office's form is published by the same rule", async () => {
    const alert = await confirmedAlert("form@example.sa", "city=الرياض&propertyType=فيلا");
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#3a7" } })
      .jpeg()
      .toBuffer();
    // A real staff row: the save names its author in the audit log.
    const sara = await createStaffUser(db(), { name: "سارة", username: "sara.alerts", phone: "0551119201", role: "staff" });
    const staged = await stageImage(db(), storage, jpeg, sara.id);
    const parsed = parseSubmission(offerFormData({ ...VALID_OFFER, photos: [staged.id] }), offerFormSchema);
    if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
    const saved = await saveOffer(db(), storage, parsed.value, { user: sara });
    await queueAlertDigests(services());
    expect(await announced()).toEqual({ [alert]: [saved!.id] });
  });

  it("an offer hidden from the public pages by the time of the check is not sent (its ad licence ended)", async () => {
    const alert = await confirmedAlert("hidden@example.sa", "city=الرياض");
    const shown = await createOffer(db(), { city: "الرياض" });
    const hidden = await createOffer(db(), { city: "الرياض" });
    await db()
      .update(offers)
      .set({ adLicenceEndsAt: new Date(Date.now() - SECOND) })
      .where(eq(offers.id, hidden.id));
    await queueAlertDigests(services());
    expect(await announced()).toEqual({ [alert]: [shown.id] });
  });
});

describe("one e-mail a day per address", () => {
  it("lists the new offers of all its alerts in one e-mail; later offers wait for the next Riyadh day, and nothing is told twice", async () => {
    const riyadh = await confirmedAlert("two@example.sa", "city=الرياض");
    const jeddah = await confirmedAlert("two@example.sa", "city=جدة");
    const other = await confirmedAlert("three@example.sa", "city=جدة");
    const a = await createOffer(db(), { title: "عرض الرياض الأول", city: "الرياض" });
    const b = await createOffer(db(), { title: "عرض جدة الأول", city: "جدة" });

    const now = new Date();
    expect(await queueAlertDigests(services(), now)).toHaveLength(2);
    const first = await digests();
    expect(first.map((d) => d.email).sort()).toEqual(["three@example.sa", "two@example.sa"]);
    const two = first.find((d) => d.email === "two@example.sa")!;
    // One e-mail for both of the visitor's searches, each with its new offer.
    for (const part of ["البحث: الرياض", "البحث: جدة", "عرض الرياض الأول", "عرض جدة الأول"]) expect(two.text).toContain(part);
    expect(two.subject).toContain("عرضان جديدان يطابقان بحثك");
    expect(two.html).toContain('dir="rtl"');
    expect(await announced()).toEqual({ [riyadh]: [a.id], [jeddah]: [b.id], [other]: [b.id] });

    // Later the same day: a new offer waits.
    const c = await createOffer(db(), { title: "عرض الرياض الثاني", city: "الرياض" });
    expect(await queueAlertDigests(services(), new Date(now.getTime() + 60 * SECOND))).toEqual([]);
    // The next day it goes, alone.
    const tomorrow = new Date(now.getTime() + DAY);
    expect(await queueAlertDigests(services(), tomorrow)).toHaveLength(1);
    const next = (await digests()).at(-1)!;
    expect(next).toMatchObject({ email: "two@example.sa", day: riyadhDayOf(tomorrow) });
    expect(next.text).toContain("عرض الرياض الثاني");
    expect(next.text).not.toContain("عرض الرياض الأول");
    expect(next.text).not.toContain("البحث: جدة");
    expect((await announced())[riyadh]).toEqual([a.id, c.id]);
  });

  it("lists at most 10 offers per alert, and says how many more the search shows", async () => {
    await confirmedAlert("lots@example.sa", "city=الدمام");
    for (let i = 0; i < 13; i++) await createOffer(db(), { title: `عرض الدمام ${i}`, city: "الدمام" });
    await queueAlertDigests(services());
    const [digest] = await digests();
    expect(digest!.text.match(/^• /gm)).toHaveLength(10);
    expect(digest!.text).toContain("و٣ عروض أخرى");
    expect(digest!.subject).toContain("١٣ عرضًا جديدًا يطابق بحثك");
  });
});

describe("sending, exactly once across instances", () => {
  it("two checks at the same moment queue one e-mail; the scheduler sends it once, with the one-click unsubscribe headers", async () => {
    await confirmedAlert("once@example.sa", "city=الرياض");
    await confirmedAlert("once@example.sa", "city=أبها");
    await createOffer(db(), { title: "عرض واحد", city: "الرياض" });
    await createOffer(db(), { title: "عرض أبها", city: "أبها" });

    const results = await Promise.all([queueAlertDigests(services()), queueAlertDigests(services()), queueAlertDigests(services()), queueAlertDigests(services())]);
    expect(results.flat()).toHaveLength(1);
    expect(await digests()).toHaveLength(1);
    expect(await sendJobs()).toHaveLength(1);

    // Two workers on one database (two instances) pick up the job: one sends.
    const jobs = searchAlertJobs(services(), { maxAttempts: 3 });
    for (let i = 0; i < 2; i++) await queue.startScheduler({ tasks: jobs.tasks, pollIntervalMs: 100 });
    const deadline = Date.now() + 15_000;
    while ((await digests())[0]!.status !== "sent" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const [digest] = await digests();
    expect(digest).toMatchObject({ status: "sent", attempts: 1 });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to: "once@example.sa", subject: digest!.subject, body: digest!.text, html: digest!.html });
    const header = mail!.headers!["List-Unsubscribe"]!;
    expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/alerts/unsubscribe/d${digest!.id}-[A-Za-z0-9_-]{43}>$`));
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The header's link cancels every alert of the address; each alert's own link in the body cancels one.
    const allToken = header.slice(header.lastIndexOf("/") + 1, -1);
    expect(mail!.body).toContain(`${PUBLIC_URL}/alerts/unsubscribe/${allToken}`);
    const oneTokens = [...mail!.body.matchAll(/\/alerts\/unsubscribe\/(a\d+-[A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    expect(oneTokens).toHaveLength(2);
    expect(mail!.body).toContain(`${PUBLIC_URL}/offers?city=`);
    expect(await readUnsubscribe(db(), allToken)).toMatchObject({ scope: "address", active: true, searches: [{ description: "الرياض" }, { description: "أبها" }] });
    expect((await unsubscribe(db(), oneTokens[0]!)).cancelled).toBe(1);
    expect((await unsubscribe(db(), allToken)).cancelled).toBe(1);

    // A job run again (a worker lost mid-send is retried) finds it sent.
    expect(await sendAlertDigest(services(), digest!.id, { number: 1, max: 3 })).toBe("sent");
    expect(mails).toHaveLength(1);
  });

  it("a failed send is kept with its reason and tried again; the last failure marks it failed", async () => {
    await confirmedAlert("retry@example.sa", "city=الرياض");
    await createOffer(db(), { city: "الرياض" });
    const [id] = await queueAlertDigests(services());
    failing = "SMTP 451 try later";
    await expect(sendAlertDigest(services(), id!, { number: 1, max: 3 })).rejects.toThrow("SMTP 451");
    expect((await digests())[0]).toMatchObject({ status: "queued", attempts: 1, lastError: "SMTP 451 try later" });
    failing = undefined;
    expect(await sendAlertDigest(services(), id!, { number: 2, max: 3 })).toBe("sent");
    expect((await digests())[0]).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(mails).toHaveLength(1);

    await db().update(searchAlertDigests).set({ status: "queued" });
    failing = "refused";
    expect(await sendAlertDigest(services(), id!, { number: 3, max: 3 })).toBe("failed");
    expect((await digests())[0]).toMatchObject({ status: "failed", lastError: "refused" });
  });
});
