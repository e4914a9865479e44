import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { clientEvents, clients, outgoingEmails, viewings } from "~/db/schema.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { readOutbox } from "~/modules/messaging/outbox.server.ts";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { startRestartableSmtpServer } from "../../../tests/factories/smtp-server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { loadBookingForm } from "./viewing-pages.server.ts";
import { sendDueReminders } from "./viewing-reminders.server.ts";
import { riyadhInstant } from "./viewing-time.ts";
import { bookViewing, cancelViewing, confirmViewing, recordOutcome, requestViewing, saveViewingHours, type ViewingServices } from "./viewings.server.ts";

const db = useTestDatabase({ connections: 8 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "viewings-test-"));
const sms = createSmsSender({ SMS_TRANSPORT: "outbox", DATA_DIR: dataDir });
const services = (): ViewingServices => ({ db: db(), sms, env: { PUBLIC_URL: "https://aqar.example.sa" } });
const smsTo = async (phone: string) => (await readOutbox(dataDir, "sms")).filter((m) => m.to === phone);

/** Wednesday 2 December 2026, 10:00 in Riyadh (07:00 UTC): "now" of these tests. */
const NOW = new Date("2026-12-02T07:00:00Z");
const at = (day: string, time: string) => riyadhInstant(day, time)!;

let office: Office;
let offerId: number;
let phoneCounter = 0;

/** A client as a visitor's inquiry makes one (decision 045). */
async function newClient(email = "") {
  phoneCounter += 1;
  const phone = `+9665012300${String(phoneCounter).padStart(2, "0")}`;
  const inquiry = await createInquiry(db(), { name: "سعد", phone, email, message: "", propertyId: offerId, propertyTitle: "" });
  return { id: inquiry.clientId!, phone };
}

beforeAll(async () => {
  office = await createOffice(db());
  ({ id: offerId } = await createOffer(db(), { title: "فيلا في حطين", location: "حطين", city: "الرياض", lat: 24.77, lng: 46.6 }));
});

describe("booking a viewing", () => {
  it("books it, puts it on the timeline, moves the client to معاينة and texts them", async () => {
    const client = await newClient();
    const result = await bookViewing(
      services(),
      office.manager,
      { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-03", "17:00"), minutes: 60 },
      NOW,
    );
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(viewings).where(eq(viewings.clientId, client.id));
    expect(row).toMatchObject({ status: "confirmed", staffId: office.employee.id, bookedBy: office.manager.id, meetingPoint: "حطين، الرياض" });
    expect(row!.startsAt.toISOString()).toBe("2026-12-03T14:00:00.000Z");
    expect(row!.mapsUrl).toBe("https://www.google.com/maps/search/?api=1&query=24.77,46.6");
    const [c] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(c!.stage).toBe("viewing");
    const kinds = (await db().select().from(clientEvents).where(eq(clientEvents.clientId, client.id)).orderBy(clientEvents.id)).map((e) => e.kind);
    // (A new client's assignment, decision 048, comes right after the message.)
    expect(kinds).toEqual(["inquiry", "assigned", "viewing", "stage"]);
    const [text] = await smsTo(client.phone);
    expect(text!.body).toContain("تم تأكيد موعد معاينة «فيلا في حطين»");
    expect(text!.body).toContain("الخميس ٣ ديسمبر، ٥:٠٠ م");
  });

  it("leaves a client further on in the pipeline where they are", async () => {
    const client = await newClient();
    await db().update(clients).set({ stage: "negotiating" }).where(eq(clients.id, client.id));
    await bookViewing(services(), office.manager, { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-10", "17:00"), minutes: 60 }, NOW);
    const [c] = await db().select().from(clients).where(eq(clients.id, client.id));
    expect(c!.stage).toBe("negotiating");
  });

  it("refuses a time that has passed, an unknown offer and the accountant as the one who shows it", async () => {
    const client = await newClient();
    const base = { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-02", "09:00"), minutes: 60 };
    expect(await bookViewing(services(), office.manager, base, NOW)).toMatchObject({ ok: false, field: "time" });
    expect(await bookViewing(services(), office.manager, { ...base, startsAt: at("2026-12-04", "10:00"), offerId: 999_999 }, NOW)).toMatchObject({ ok: false, field: "offerId" });
    expect(await bookViewing(services(), office.manager, { ...base, startsAt: at("2026-12-04", "10:00"), staffId: office.accountant.id }, NOW)).toMatchObject({
      ok: false,
      field: "staffId",
    });
    expect(await db().$count(viewings, eq(viewings.clientId, client.id))).toBe(0);
  });

  it("of two managers booking one staff member's slot at once, one wins and the other is told in Arabic", async () => {
    const [a, b] = [await newClient(), await newClient()];
    const slot = { offerId, staffId: office.colleague.id, minutes: 60 };
    const results = await Promise.all([
      bookViewing(services(), office.manager, { ...slot, clientId: a.id, startsAt: at("2026-12-06", "17:00") }, NOW),
      bookViewing(services(), office.manager, { ...slot, clientId: b.id, startsAt: at("2026-12-06", "17:30") }, NOW),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, field: "time", message: "لدى خالد معاينة أخرى في هذا الوقت، يرجى اختيار وقت آخر أو موظف آخر" });
    expect(await db().$count(viewings, eq(viewings.staffId, office.colleague.id))).toBe(1);
    // Back to back is not an overlap; another staff member at the same time is free.
    expect((await bookViewing(services(), office.manager, { ...slot, clientId: b.id, startsAt: at("2026-12-06", "18:00") }, NOW)).ok).toBe(true);
    expect((await bookViewing(services(), office.manager, { ...slot, staffId: office.employee.id, clientId: b.id, startsAt: at("2026-12-06", "17:00") }, NOW)).ok).toBe(true);
  });

  it("frees the slot when a viewing is cancelled, and tells the client by SMS and with a CANCEL invitation", async () => {
    const client = await newClient("client@example.sa");
    const slot = { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-08", "16:00"), minutes: 60 };
    const booked = await bookViewing(services(), office.manager, slot, NOW);
    if (!booked.ok) throw new Error(booked.message);
    expect(await cancelViewing(services(), office.employee, booked.id, NOW)).toEqual({ ok: true });
    expect(await cancelViewing(services(), office.employee, booked.id, NOW)).toMatchObject({ ok: false });
    expect((await smsTo(client.phone)).map((m) => m.body.includes("أُلغي موعد معاينة"))).toEqual([false, true]);
    const mails = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "client@example.sa")).orderBy(outgoingEmails.id);
    expect(mails.map((m) => m.purpose)).toEqual(["viewing-invitation", "viewing-cancellation"]);
    const cancel = new ICAL.Component(ICAL.parse(mails[1]!.attachments![0]!.content) as unknown[]);
    expect(cancel.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancel.getFirstSubcomponent("vevent")!.getFirstPropertyValue("sequence")).toBe(1);
    expect((await bookViewing(services(), office.manager, slot, NOW)).ok).toBe(true);
  });
});

describe("the calendar invitation", () => {
  it("is an RFC 5545 REQUEST with the viewing's times in UTC (Riyadh 17:00 is 14:00Z)", async () => {
    const client = await newClient("ics@example.sa");
    await bookViewing(services(), office.manager, { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-09", "17:00"), minutes: 90 }, NOW);
    const [mail] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "ics@example.sa"));
    const file = mail!.attachments![0]!;
    expect(file.filename).toBe("viewing.ics");
    expect(file.contentType).toContain("method=REQUEST");
    expect(file.content).toContain("DTSTART:20261209T140000Z");
    const calendar = new ICAL.Component(ICAL.parse(file.content) as unknown[]);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-09T14:00:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-09T15:30:00.000Z");
    expect(event.summary).toBe("معاينة: فيلا في حطين");
    expect(event.location).toBe("حطين، الرياض");
    expect(event.uid).toMatch(/^viewing-\d+@aqar\.example\.sa$/);
    expect(event.attendees.map((a) => String(a.getFirstValue()).toLowerCase())).toEqual(["mailto:ics@example.sa"]);
    // No e-mail without an address.
    const noMail = await newClient();
    const invitations = await db().$count(outgoingEmails, eq(outgoingEmails.purpose, "viewing-invitation"));
    await bookViewing(services(), office.manager, { offerId, clientId: noMail.id, staffId: office.employee.id, startsAt: at("2026-12-09", "20:00"), minutes: 30 }, NOW);
    expect(await db().$count(outgoingEmails, eq(outgoingEmails.purpose, "viewing-invitation"))).toBe(invitations);
  });
});

describe("the invitation's delivery", () => {
  it("goes out with its .ics attached through the mail queue and a real SMTP server", async () => {
    const smtp = await startRestartableSmtpServer();
    try {
      const client = await newClient("smtp@example.sa");
      await bookViewing(services(), office.manager, { offerId, clientId: client.id, staffId: office.colleague.id, startsAt: at("2026-12-10", "19:00"), minutes: 60 }, NOW);
      const mailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url, MAIL_FROM: "firm@example.sa", DATA_DIR: dataDir });
      await deliverQueuedEmails(db(), mailer);
      const sent = smtp.received.find((text) => text.includes("To: smtp@example.sa"));
      expect(sent).toBeDefined();
      expect(sent).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
      expect(sent).toContain("filename=viewing.ics");
      const [row] = await db().select().from(outgoingEmails).where(eq(outgoingEmails.recipient, "smtp@example.sa"));
      expect(row!.status).toBe("sent");
    } finally {
      await smtp.stop();
    }
  });
});

describe("reminders", () => {
  it("sends the 24-hour and the 2-hour reminder once each, also when two runs meet, and none for a cancelled viewing", async () => {
    const client = await newClient();
    const kept = await bookViewing(
      services(),
      office.manager,
      { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-05", "18:00"), minutes: 60 },
      NOW,
    );
    const other = await newClient();
    const dropped = await bookViewing(
      services(),
      office.manager,
      { offerId, clientId: other.id, staffId: office.manager.id, startsAt: at("2026-12-05", "18:00"), minutes: 60 },
      NOW,
    );
    if (!kept.ok || !dropped.ok) throw new Error("not booked");
    await cancelViewing(services(), office.manager, dropped.id, NOW);
    const reminders = async () => (await smsTo(client.phone)).filter((m) => m.body.includes("تذكير"));

    // 25 hours before: nothing due yet.
    await sendDueReminders(db(), sms, new Date(at("2026-12-05", "18:00").getTime() - 25 * 3_600_000));
    expect(await reminders()).toHaveLength(0);
    // 23 hours before, two runs at once: one reminder.
    const dayBefore = new Date(at("2026-12-05", "18:00").getTime() - 23 * 3_600_000);
    await Promise.all([sendDueReminders(db(), sms, dayBefore), sendDueReminders(db(), sms, dayBefore)]);
    expect(await reminders()).toHaveLength(1);
    await sendDueReminders(db(), sms, dayBefore);
    expect(await reminders()).toHaveLength(1);
    // 90 minutes before, three runs at once: the second reminder, once.
    const twoHours = new Date(at("2026-12-05", "18:00").getTime() - 90 * 60_000);
    await Promise.all([sendDueReminders(db(), sms, twoHours), sendDueReminders(db(), sms, twoHours), sendDueReminders(db(), sms, twoHours)]);
    expect(await reminders()).toHaveLength(2);
    expect((await reminders())[1]!.body).toContain("السبت ٥ ديسمبر، ٦:٠٠ م");
    expect((await smsTo(other.phone)).filter((m) => m.body.includes("تذكير"))).toHaveLength(0);
  });

  it("sends no day-before reminder for a viewing booked less than a day ahead", async () => {
    const client = await newClient();
    const booked = await bookViewing(
      services(),
      office.manager,
      { offerId, clientId: client.id, staffId: office.colleague.id, startsAt: at("2026-12-02", "20:00"), minutes: 60 },
      NOW,
    );
    expect(booked.ok).toBe(true);
    await sendDueReminders(db(), sms, new Date(NOW.getTime() + 60_000));
    expect((await smsTo(client.phone)).filter((m) => m.body.includes("تذكير"))).toHaveLength(0);
    await sendDueReminders(db(), sms, at("2026-12-02", "18:30"));
    expect((await smsTo(client.phone)).filter((m) => m.body.includes("تذكير"))).toHaveLength(1);
  });
});

describe("a visitor's request from the offer page", () => {
  it("accepts only a time the firm opens, still to come, and makes or joins the client", async () => {
    await saveViewingHours(db(), office.manager, { days: [0, 1, 2, 3, 4], opensAt: 16, closesAt: 21, slotMinutes: 60 });
    const visitor = { offerId, name: "ريم", phone: "+966509998877", email: "" };
    // Friday: closed. 16:30: not a slot. Yesterday: past. Three weeks ahead: beyond the 14 days.
    for (const startsAt of [at("2026-12-04", "17:00"), at("2026-12-03", "16:30"), at("2026-12-01", "17:00"), at("2026-12-23", "17:00")]) {
      expect(await requestViewing(db(), { ...visitor, startsAt }, NOW)).toMatchObject({ ok: false, field: "slot" });
    }
    const asked = await requestViewing(db(), { ...visitor, startsAt: at("2026-12-03", "18:00") }, NOW);
    if (!asked.ok) throw new Error(asked.message);
    const [row] = await db().select().from(viewings).where(eq(viewings.id, asked.id));
    expect(row).toMatchObject({ status: "requested", staffId: null });
    expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(60 * 60_000);
    const events = await db().select().from(clientEvents).where(eq(clientEvents.clientId, row!.clientId));
    expect(events.filter((e) => e.kind !== "assigned").map((e) => [e.kind, e.refId])).toEqual([["viewing", asked.id]]);
    // The same phone again: the same client.
    const again = await requestViewing(db(), { ...visitor, startsAt: at("2026-12-06", "16:00") }, NOW);
    if (!again.ok) throw new Error(again.message);
    const [second] = await db().select().from(viewings).where(eq(viewings.id, again.id));
    expect(second!.clientId).toBe(row!.clientId);
  });

  it("is confirmed once by staff, or moved to another time with the client told so", async () => {
    const visitor = { offerId, name: "فهد", phone: "+966509998866", email: "" };
    const asked = await requestViewing(db(), { ...visitor, startsAt: at("2026-12-07", "19:00") }, NOW);
    if (!asked.ok) throw new Error(asked.message);
    const answers = await Promise.all([
      confirmViewing(services(), office.employee, { id: asked.id, staffId: office.employee.id, startsAt: at("2026-12-07", "19:00"), minutes: 60 }, NOW),
      confirmViewing(services(), office.manager, { id: asked.id, staffId: office.manager.id, startsAt: at("2026-12-07", "20:00"), minutes: 60 }, NOW),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const texts = await smsTo(visitor.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(answers[0].ok ? /تم تأكيد موعد معاينة/ : /نقترح موعدًا آخر/);
  });

  it("keeps the opening hours the manager's alone", async () => {
    expect(await saveViewingHours(db(), office.employee, { days: [5], opensAt: 8, closesAt: 9, slotMinutes: 60 })).toMatchObject({ ok: false });
  });
});

describe("the outcome", () => {
  it("is recorded once the viewing has begun, by its staff member or a manager, with a reason when not interested", async () => {
    const client = await newClient();
    const booked = await bookViewing(
      services(),
      office.manager,
      { offerId, clientId: client.id, staffId: office.employee.id, startsAt: at("2026-12-11", "17:00"), minutes: 60 },
      NOW,
    );
    if (!booked.ok) throw new Error(booked.message);
    const after = at("2026-12-11", "18:00");
    expect(await recordOutcome(db(), office.employee, { id: booked.id, outcome: "interested", reason: "" }, NOW)).toMatchObject({
      ok: false,
      message: "لم تبدأ المعاينة بعد، تُسجَّل النتيجة بعدها",
    });
    expect(await recordOutcome(db(), office.colleague, { id: booked.id, outcome: "interested", reason: "" }, after)).toMatchObject({ ok: false });
    expect(await recordOutcome(db(), office.employee, { id: booked.id, outcome: "not-interested", reason: "  " }, after)).toMatchObject({ ok: false, field: "reason" });
    expect(await recordOutcome(db(), office.employee, { id: booked.id, outcome: "not-interested", reason: "السعر مرتفع" }, after)).toEqual({ ok: true });
    expect(await recordOutcome(db(), office.manager, { id: booked.id, outcome: "interested", reason: "" }, after)).toMatchObject({ ok: false });
    const [row] = await db().select().from(viewings).where(eq(viewings.id, booked.id));
    expect(row).toMatchObject({ status: "done", outcome: "not-interested", outcomeReason: "السعر مرتفع" });
    const last = await db().select().from(clientEvents).where(eq(clientEvents.clientId, client.id)).orderBy(clientEvents.id);
    expect(last.at(-1)).toMatchObject({ kind: "viewing", details: { action: "outcome", outcome: "not-interested", reason: "السعر مرتفع" } });
  });
});

describe("the scheduling form's prefill", () => {
  it("takes the client from a client's page (?client=), and ignores a client that does not exist", async () => {
    const client = await newClient();
    const url = (query: string) => new URL(`https://aqar.example.sa/admin/viewings/new?${query}`);
    expect((await loadBookingForm(db(), office.employee, url(`client=${client.id}`), NOW)).defaults).toMatchObject({ clientId: String(client.id), offerId: "" });
    expect((await loadBookingForm(db(), office.employee, url("client=999999"), NOW)).defaults.clientId).toBe("");
  });
});
