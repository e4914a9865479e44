import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, images, inquiries, offerImages, submissions, tasks, transactions, type ReplyEntry } from "~/db/schema.ts";
import type { AuditAction } from "~/modules/audit/audit-labels.ts";
import { replyToInquiry } from "~/modules/inquiries/inbox.server.ts";
import { saveOffer } from "~/modules/offer-admin/offer-admin.server.ts";
import { offerFormSchema } from "~/modules/offer-admin/offer-form-schema.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { offerFormData, VALID_OFFER } from "../../../tests/factories/offer-form.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { parsePeriod, type ReportPeriod } from "./period.ts";
import type { ReportsData } from "./report-view.ts";
import { buildDailyReport, dailyReportText } from "~/modules/daily-report/daily-report.server.ts";
import { redirectToWhatsappReport } from "./reports-page.server.ts";
import { loadReports } from "./reports.server.ts";

const db = useTestDatabase();

/**
 * A small office whose every figure is known. Now is 23 Nov 2026, 12:00 in Riyadh; the period is
 * 10–16 Nov (Riyadh days: 9 Nov 21:00 UTC to 16 Nov 21:00 UTC) and the previous period 3–9 Nov.
 * Records sit on both sides of each boundary, a minute or a second apart.
 */
const NOW = new Date("2026-11-23T09:00:00Z");
const utc = (iso: string) => new Date(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let period: ReportPeriod;
let report: ReportsData;
let s1: StaffProfile;
let s2: StaffProfile;
let manager: StaffProfile;
const ids: Record<string, number> = {};

async function inquiry(key: string, values: Partial<typeof inquiries.$inferInsert> & { createdAt: Date }, replies: Array<{ by: StaffProfile; afterMinutes: number }> = []) {
  const history: ReplyEntry[] = replies.map((r) => ({
    timestamp: new Date(values.createdAt.getTime() + r.afterMinutes * MINUTE).toISOString(),
    method: "whatsapp",
    message: "رد",
    sentBy: r.by.name,
  }));
  const [row] = await db()
    .insert(inquiries)
    .values({ name: key, phone: "+966500000000", status: replies.length ? "replied" : "pending", replyHistory: history, ...values })
    .returning({ id: inquiries.id });
  ids[key] = row!.id;
  // As the inbox records them: the status the reply found (only the first finds it pending).
  for (const [n, r] of replies.entries())
    await audit("inquiry", row!.id, "reply-whatsapp", r.by, new Date(values.createdAt.getTime() + r.afterMinutes * MINUTE), { from: n === 0 ? "pending" : "replied" });
  return row!.id;
}

async function audit(entity: "inquiry" | "offer", entityId: number, action: AuditAction, actor: StaffProfile, at: Date, details: Record<string, unknown> = {}) {
  await db().insert(auditLog).values({ entity, entityId, action, actorId: actor.id, actorName: actor.name, details, createdAt: at });
}

beforeAll(async () => {
  s1 = await createStaffUser(db(), { name: "سارة", username: "sara.r", phone: "0551300001", role: "staff" });
  s2 = await createStaffUser(db(), { name: "خالد", username: "khaled.r", phone: "0551300002", role: "staff" });
  manager = await createStaffUser(db(), { name: "المدير", username: "boss.r", phone: "0551300003", role: "manager" });

  // Offers: A, C, F published in the period; B a minute before it (previous); D a minute after it; E, G long before.
  const offer = async (key: string, values: Parameters<typeof createOffer>[1]) => (ids[key] = (await createOffer(db(), values)).id);
  await offer("A", { createdAt: utc("2026-11-10T00:00:00Z"), status: "للبيع", city: "الرياض", propertyType: "شقة", price: 1_000_000, area: 100 });
  await offer("B", { createdAt: utc("2026-11-09T20:59:00Z"), status: "للبيع", city: "الرياض", propertyType: "شقة", price: 800_000, area: 100 });
  await offer("C", { createdAt: utc("2026-11-09T21:00:00Z"), status: "للإيجار", city: "جدة", propertyType: "فيلا", price: 60_000, area: 300 });
  await offer("D", { createdAt: utc("2026-11-16T21:00:00Z"), status: "مباع", city: "جدة", propertyType: "أرض", price: 500_000, area: 0 });
  await offer("E", { createdAt: utc("2026-10-01T00:00:00Z"), status: "محجوز", city: "الدمام", propertyType: "شقة" });
  await offer("F", { createdAt: utc("2026-11-12T00:00:00Z"), status: "للبيع", city: "الرياض", propertyType: "شقة", price: 1_200_000, area: 100 });
  await offer("G", { createdAt: utc("2026-09-01T00:00:00Z"), status: "مؤجر", city: "الرياض", propertyType: "فيلا", price: 90_000, area: 0 });

  // Status changes: E sold 41 days after it was listed and A after 5 (this period); G put back for
  // rent on 1 Nov and rented 3 days later (previous period: counted from the relisting).
  await audit("offer", ids.E!, "status-change", s1, utc("2026-11-11T00:00:00Z"), { from: "للبيع", to: "مباع" });
  await audit("offer", ids.A!, "status-change", s1, utc("2026-11-15T00:00:00Z"), { from: "للبيع", to: "مباع" });
  await audit("offer", ids.G!, "status-change", s1, utc("2026-11-01T00:00:00Z"), { from: "مؤجر", to: "للإيجار" });
  await audit("offer", ids.G!, "status-change", s1, utc("2026-11-04T00:00:00Z"), { from: "للإيجار", to: "مؤجر" });
  // Moved to reserved: not a sale.
  await audit("offer", ids.F!, "status-change", s1, utc("2026-11-13T00:00:00Z"), { from: "للبيع", to: "محجوز" });

  // Inquiries.
  await inquiry("i1", { createdAt: utc("2026-11-10T06:00:00Z"), propertyId: ids.A, propertyTitle: "A" }, [{ by: s1, afterMinutes: 120 }]);
  await inquiry("i2", { createdAt: utc("2026-11-12T06:00:00Z") });
  await inquiry("i3", { createdAt: utc("2026-11-12T07:00:00Z"), propertyTitle: "شقة من صفحة التواصل", status: "completed" }, [
    { by: s2, afterMinutes: 60 },
    { by: s1, afterMinutes: 300 },
  ]);
  await inquiry("i4", { createdAt: utc("2026-11-05T06:00:00Z"), propertyId: ids.A, propertyTitle: "A" }, [{ by: s1, afterMinutes: 30 }]);
  await inquiry("i5", { createdAt: utc("2026-11-16T20:59:59Z"), propertyId: ids.F, propertyTitle: "F" });
  await inquiry("i6", { createdAt: utc("2026-11-16T21:00:00Z"), propertyId: ids.F, propertyTitle: "F" });
  await inquiry("i7", { createdAt: new Date(NOW.getTime() - DAY - MINUTE) });
  await inquiry("i8", { createdAt: new Date(NOW.getTime() - DAY + MINUTE) });
  await inquiry("i9", { createdAt: utc("2026-11-13T09:00:00Z"), propertyId: ids.A, propertyTitle: "A", status: "completed" });
  // 22:00 UTC on the 13th is 01:00 on the 14th in Riyadh; answered ten hours later.
  await inquiry("i10", { createdAt: utc("2026-11-13T22:00:00Z") }, [{ by: s2, afterMinutes: 600 }]);

  // Owners' submissions: three in the period (pending, rejected, turned into an offer), one before.
  const submission = (status: "pending" | "rejected" | "reviewed", createdAt: Date) =>
    db()
      .insert(submissions)
      .values({ status, clientName: "مالك", clientPhone: "+966500000001", propertyType: "شقة", city: "الرياض", neighbourhood: "الملقا", description: "شقة", createdAt });
  await submission("pending", utc("2026-11-11T10:00:00Z"));
  await submission("rejected", utc("2026-11-12T10:00:00Z"));
  await submission("reviewed", utc("2026-11-16T20:00:00Z"));
  await submission("reviewed", utc("2026-11-08T10:00:00Z"));
  await submission("reviewed", utc("2026-11-20T10:00:00Z")); // after the period

  // Tasks: s1 has one late and one fresh open task (and a completed one); s2 only a cancelled one.
  await db()
    .insert(tasks)
    .values([
      { title: "متأخرة", assignedTo: s1.id, createdBy: manager.id, status: "In Progress", createdAt: new Date(NOW.getTime() - 2 * DAY) },
      { title: "جديدة", assignedTo: s1.id, createdBy: manager.id, status: "Pending", createdAt: new Date(NOW.getTime() - HOUR) },
      { title: "منتهية", assignedTo: s1.id, createdBy: manager.id, status: "Completed", createdAt: new Date(NOW.getTime() - 3 * DAY) },
      { title: "ملغاة", assignedTo: s2.id, createdBy: manager.id, status: "Cancelled", createdAt: utc("2026-11-11T00:00:00Z") },
      { title: "في الفترة", assignedTo: s2.id, createdBy: manager.id, status: "Completed", createdAt: utc("2026-11-14T00:00:00Z") },
    ]);

  // Transactions: exact halalas (0.1 + 0.2), Riyadh months (31 Oct 21:30 UTC is 1 Nov in Riyadh).
  const money = (type: "income" | "expense", amount: number, date: Date) => db().insert(transactions).values({ description: "حركة", type, amount, date });
  await money("income", 0.1, utc("2026-11-10T10:00:00Z"));
  await money("income", 0.2, utc("2026-11-16T20:59:00Z"));
  await money("expense", 500, utc("2026-11-11T10:00:00Z"));
  await money("income", 100, utc("2026-11-09T20:59:00Z")); // previous period
  await money("income", 7, utc("2026-10-31T21:30:00Z")); // November in Riyadh, before both periods
  await money("income", 50, utc("2026-10-15T10:00:00Z"));
  await money("expense", 9, utc("2026-11-16T21:00:00Z")); // after the period

  period = parsePeriod(new URLSearchParams({ period: "custom", from: "2026-11-10", to: "2026-11-16" }), NOW).period;
  report = await loadReports(db(), period, NOW);
});

describe("the period", () => {
  it("is compared with the seven days before it", () => {
    expect(period).toMatchObject({ from: "2026-11-10", to: "2026-11-16", days: 7, previous: { from: "2026-11-03", to: "2026-11-09" }, bucket: "day", ongoing: false });
  });
});

describe("offers", () => {
  it("published in the period and the previous one, cut at Riyadh's midnight", () => {
    expect(report.offers.published).toEqual({ current: 3, previous: 1 });
    expect(report.offers.total).toBe(7);
  });

  it("now by status, city and type, with how many of each were published in each period", () => {
    const find = (groups: ReportsData["offers"]["byStatus"], name: string) => groups.find((g) => g.name === name);
    expect(find(report.offers.byStatus, "للبيع")).toEqual({ name: "للبيع", now: 3, published: { current: 2, previous: 1 } });
    expect(find(report.offers.byStatus, "للإيجار")).toEqual({ name: "للإيجار", now: 1, published: { current: 1, previous: 0 } });
    expect(find(report.offers.byStatus, "مباع")).toEqual({ name: "مباع", now: 1, published: { current: 0, previous: 0 } });
    expect(report.offers.byCity.map((g) => [g.name, g.now, g.published.current, g.published.previous])).toEqual([
      ["الرياض", 4, 2, 1],
      ["جدة", 2, 1, 0],
      ["الدمام", 1, 0, 0],
    ]);
    expect(report.offers.byType.map((g) => [g.name, g.now])).toEqual([
      ["شقة", 4],
      ["فيلا", 2],
      ["أرض", 1],
    ]);
  });

  it("average asking price per m² by kind, city and type, of the offers published in each period", () => {
    expect(report.offers.pricePerMeter).toEqual([
      { kind: "sale", city: "الرياض", type: "شقة", current: { average: 11_000, count: 2 }, previous: { average: 8_000, count: 1 } },
      { kind: "rent", city: "جدة", type: "فيلا", current: { average: 200, count: 1 }, previous: { average: null, count: 0 } },
    ]);
    expect(report.offers.pricePerMeterMore).toBe(0);
  });

  it("days on market: sold ones from their listing, a relisted one from its relisting; recording since the first change", () => {
    expect(report.offers.daysOnMarket.sold).toEqual({ median: { current: 23, previous: null }, average: { current: 23, previous: null }, count: { current: 2, previous: 0 } });
    expect(report.offers.daysOnMarket.rented).toEqual({ median: { current: null, previous: 3 }, average: { current: null, previous: 3 }, count: { current: 0, previous: 1 } });
    expect(report.offers.daysOnMarket.recordingSince).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("inquiries", () => {
  it("received, per Riyadh day (every day present), by status, and from offer pages or the contact page", () => {
    const i = report.inquiries;
    expect(i.received).toEqual({ current: 6, previous: 1 });
    expect(i.perBucket).toEqual([
      { key: "2026-11-10", count: 1 },
      { key: "2026-11-11", count: 0 },
      { key: "2026-11-12", count: 2 },
      { key: "2026-11-13", count: 1 },
      { key: "2026-11-14", count: 1 },
      { key: "2026-11-15", count: 0 },
      { key: "2026-11-16", count: 1 },
    ]);
    expect(i.byStatus).toEqual([
      { status: "pending", count: { current: 2, previous: 0 } },
      { status: "replied", count: { current: 2, previous: 1 } },
      { status: "completed", count: { current: 2, previous: 0 } },
    ]);
    expect(i.fromOfferPages).toEqual({ current: 4, previous: 1 });
    expect(i.fromContactPage).toEqual({ current: 2, previous: 0 });
  });

  it("the median time to the first reply (the second reply does not count)", () => {
    // First replies after 120, 60 and 600 minutes: the median is 120 (the mean would be 260).
    expect(report.inquiries.medianFirstReplyMinutes).toEqual({ current: 120, previous: 30 });
  });

  it("pending and late (pending over 24 hours) now", () => {
    expect(report.inquiries.pendingNow).toBe(5);
    expect(report.inquiries.lateNow).toBe(4);
  });

  it("the offers with most inquiries in the period, with the previous period's count", () => {
    expect(report.inquiries.topOffers).toEqual([
      { id: ids.A, title: expect.stringMatching(/^عرض تجريبي/) as unknown, exists: true, inquiries: { current: 2, previous: 1 } },
      { id: ids.F, title: expect.stringMatching(/^عرض تجريبي/) as unknown, exists: true, inquiries: { current: 1, previous: 0 } },
    ]);
  });
});

describe("owner submissions", () => {
  it("received, rejected and turned into offers in each period", () => {
    expect(report.submissions).toEqual({
      received: { current: 3, previous: 1 },
      rejected: { current: 1, previous: 0 },
      converted: { current: 1, previous: 1 },
      pending: { current: 1, previous: 0 },
    });
  });
});

describe("staff", () => {
  it("replies per employee and the median of their first replies", () => {
    expect(report.staff.replies).toEqual([
      { id: s1.id, name: "سارة", replies: { current: 2, previous: 1 }, firstReplies: { current: 1, previous: 1 }, medianFirstReplyMinutes: { current: 120, previous: 30 } },
      { id: s2.id, name: "خالد", replies: { current: 2, previous: 0 }, firstReplies: { current: 2, previous: 0 }, medianFirstReplyMinutes: { current: 330, previous: null } },
    ]);
  });

  it("open and late tasks per assignee now", () => {
    expect(report.staff.tasks).toEqual([{ id: s1.id, name: "سارة", open: 2, late: 1 }]);
  });
});

describe("finance", () => {
  it("income, expenses and net of each period, exact to the halala", () => {
    expect(report.finance.income).toEqual({ current: 0.3, previous: 100 });
    expect(report.finance.expense).toEqual({ current: 500, previous: 0 });
    expect(report.finance.net).toEqual({ current: -499.7, previous: 100 });
  });

  it("per Riyadh month, the twelve months to the period's last", () => {
    expect(report.finance.months.map((m) => m.month)).toEqual([
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(report.finance.months.at(-2)).toEqual({ month: "2026-10", income: 50, expense: 0, net: 50 });
    expect(report.finance.months.at(-1)).toEqual({ month: "2026-11", income: 107.3, expense: 500, net: -392.7 });
  });
});

describe("exports", () => {
  it("count the period's rows of each dataset", () => {
    expect(report.exportCounts).toEqual({ offers: 3, inquiries: 6, submissions: 3, tasks: 2, transactions: 3, instalments: 0, charges: 0 });
  });
});

describe("offer status changes are recorded for days on market", () => {
  it("an edit that changes the status writes one entry with from and to, in the save's transaction; an edit that keeps it writes none", async () => {
    const offer = await createOffer(db(), { status: "للبيع" });
    // The offer's own photo (rows only: nothing here touches the files).
    const photo = "b".repeat(32);
    await db()
      .insert(images)
      .values({ id: photo, width: 10, height: 10, variants: [10] });
    await db().insert(offerImages).values({ offerId: offer.id, imageId: photo, position: 0 });
    const form = (status: string) => {
      const parsed = parseSubmission(offerFormData({ ...VALID_OFFER, status, photos: [photo] }), offerFormSchema);
      if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
      return parsed.value;
    };
    const entries = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "offer"), eq(auditLog.entityId, offer.id)));
    await saveOffer(db(), testStorage("/nonexistent"), form("للبيع"), { id: offer.id, user: s1 });
    expect(await entries()).toEqual([]);
    await saveOffer(db(), testStorage("/nonexistent"), form("مباع"), { id: offer.id, user: s1 });
    expect((await entries()).map((e) => [e.action, e.actorId, e.actorName, e.details])).toEqual([["status-change", s1.id, "سارة", { from: "للبيع", to: "مباع" }]]);
  });
});

describe("first replies, as the inbox records them", () => {
  it("the inbox's first reply on an inquiry is recorded from pending, the next from replied: the staff figures count the first only", async () => {
    const [row] = await db()
      .insert(inquiries)
      .values({ name: "اختبار الرد", phone: "+966500000009", createdAt: new Date(Date.now() - HOUR) })
      .returning({ id: inquiries.id });
    const services = { db: db(), mailer: { send: async () => undefined } } as unknown as Parameters<typeof replyToInquiry>[0];
    expect(await replyToInquiry(services, s1, row!.id, "whatsapp", "أهلاً")).toBeNull();
    expect(await replyToInquiry(services, s2, row!.id, "whatsapp", "ومرة أخرى")).toBeNull();
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "inquiry"), eq(auditLog.entityId, row!.id)))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [s1.id, { from: "pending" }],
      [s2.id, { from: "replied" }],
    ]);
    const today = await loadReports(db(), parsePeriod(new URLSearchParams({ period: "today" }), Date.now()).period);
    expect(today.staff.replies.find((r) => r.id === s1.id)?.firstReplies.current).toBe(1);
    expect(today.staff.replies.find((r) => r.id === s2.id)).toMatchObject({ replies: { current: 1 }, firstReplies: { current: 0 }, medianFirstReplyMinutes: { current: null } });
  });
});

describe("«إرسال عبر واتساب»", () => {
  it("opens a chat with the manager's number holding yesterday's daily report; without a number, the settings", async () => {
    const services = { db: db(), env: { PUBLIC_URL: "https://aqar.example" } } as unknown as Parameters<typeof redirectToWhatsappReport>[0];
    invalidateSettings();
    expect((await redirectToWhatsappReport(services, NOW)).headers.get("location")).toBe("/admin/settings");
    await setSettings(db(), { managerWhatsapp: "966500000001" });
    const answer = await redirectToWhatsappReport(services, NOW);
    expect(answer.status).toBe(302);
    const chat = new URL(answer.headers.get("location")!);
    expect(`${chat.origin}${chat.pathname}`).toBe("https://wa.me/966500000001");
    const text = chat.searchParams.get("text")!;
    expect(text).toBe(dailyReportText(await buildDailyReport(db(), "2026-11-22", { publicUrl: "https://aqar.example", now: NOW })));
    expect(text).toContain("https://aqar.example/admin/");
  });
});
