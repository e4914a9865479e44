import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, inquiries, submissions, tasks, transactions } from "~/db/schema.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { dailyReportHtml } from "./daily-report-html.server.ts";
import { dailyReportDayLabel, dailyReportSubject } from "./daily-report-text.ts";
import { buildDailyReport, dailyReportText, previousDay, reportDayAt, riyadhClock, riyadhDayBounds } from "./daily-report.server.ts";

const db = useTestDatabase();
const PUBLIC_URL = "https://aqar.example.sa";

/** An instant given in Riyadh's wall-clock time (UTC+3). */
const riyadh = (wall: string) => new Date(`${wall}+03:00`);

// The day of the report: 2026-11-22 in Riyadh, 2026-11-21T21:00Z … 2026-11-22T21:00Z.
const DAY = "2026-11-22";

let manager: StaffProfile;
let accountant: StaffProfile;

const inquiry = (createdAt: Date, status: "pending" | "replied" | "completed" = "pending") =>
  db().insert(inquiries).values({ name: "عميل", phone: "+966500000009", status, createdAt });
const submission = (createdAt: Date) =>
  db()
    .insert(submissions)
    .values({ clientName: "مالك", clientPhone: "+966500000008", propertyType: "شقة", city: "الرياض", neighbourhood: "الملقا", description: "شقة", createdAt });
const task = (createdAt: Date, status: (typeof tasks.$inferInsert)["status"] = "Pending") =>
  db().insert(tasks).values({ title: "مهمة", assignedTo: accountant.id, createdBy: manager.id, status, createdAt });
const transaction = (date: Date, type: "income" | "expense", amount: number) =>
  db().insert(transactions).values({ description: "معاملة", amount, type, date, createdBy: accountant.id, approvedBy: manager.id });

beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير", username: "boss.dr", phone: "0551300001", role: "manager" });
  accountant = await createStaffUser(db(), { name: "المحاسب", username: "acc.dr", phone: "0551300002", role: "accountant" });

  // Inquiries: 3 received on the day (one just after midnight, one just before the next midnight);
  // one the day before (late by the end of the day), one answered, one the next day.
  await inquiry(riyadh("2026-11-22T00:00:00")); // pending exactly 24 h at the end of the day: not late yet
  await inquiry(riyadh("2026-11-22T13:00:00"), "replied");
  await inquiry(riyadh("2026-11-22T23:59:59"));
  await inquiry(riyadh("2026-11-20T23:00:00")); // pending, late (> 24 h at the end of the 22nd)
  await inquiry(riyadh("2026-11-21T23:30:00")); // pending, late (24.5 h at the end of the day)
  await inquiry(riyadh("2026-11-19T10:00:00"), "completed");
  await inquiry(riyadh("2026-11-23T00:00:01")); // the next day: counts nowhere
  await inquiry(new Date("2026-11-21T20:59:59Z")); // 23:59:59 on the 21st in Riyadh: pending, late by 1 s

  await submission(riyadh("2026-11-22T09:00:00"));
  await submission(riyadh("2026-11-22T18:00:00"));
  await submission(riyadh("2026-11-21T18:00:00"));

  // Offers: two published that day, one the day before; status changes recorded in the audit log.
  const a = await createOffer(db(), { createdAt: riyadh("2026-11-22T10:00:00") });
  const b = await createOffer(db(), { createdAt: riyadh("2026-11-22T11:00:00"), status: "مباع", updatedAt: riyadh("2026-11-22T11:00:00") });
  const c = await createOffer(db(), { createdAt: riyadh("2026-11-10T10:00:00"), status: "مؤجر", updatedAt: riyadh("2026-11-22T12:00:00") });
  await createOffer(db(), { createdAt: riyadh("2026-11-21T10:00:00"), status: "مباع", updatedAt: riyadh("2026-11-21T12:00:00") });

  // Tasks: late ones (open, older than 24 h at the end of the day) and not.
  await task(riyadh("2026-11-20T10:00:00")); // late
  await task(riyadh("2026-11-21T20:00:00"), "In Progress"); // late (25 h)
  await task(riyadh("2026-11-22T01:00:00")); // 23 h at the end of the day: not late
  await task(riyadh("2026-11-01T10:00:00"), "Completed");
  await task(riyadh("2026-11-01T10:00:00"), "Cancelled");
  await task(riyadh("2026-11-15T10:00:00"), "Awaiting Approval"); // late, and awaiting
  await task(riyadh("2026-11-22T15:00:00"), "Awaiting Approval"); // awaiting
  await task(riyadh("2026-11-23T08:00:00"), "Awaiting Approval"); // after the day: not counted

  await transaction(riyadh("2026-11-22T09:00:00"), "income", 1500.25);
  await transaction(riyadh("2026-11-22T23:00:00"), "income", 0.1);
  await transaction(riyadh("2026-11-22T10:00:00"), "expense", 200.2);
  await transaction(riyadh("2026-11-21T10:00:00"), "income", 99_999);

  // Offer status changes in the audit log (the first one on the 22nd), and a task's that must not count.
  await db()
    .insert(auditLog)
    .values([
      { entity: "task", entityId: a.id, action: "status-change", actorName: "x", details: { from: "للبيع", to: "مباع" }, createdAt: riyadh("2026-11-22T10:30:00") },
      ...[
        { entityId: b.id, to: "مباع", at: "2026-11-22T11:05:00" },
        { entityId: b.id, to: "مباع", at: "2026-11-22T11:06:00" }, // twice: one offer sold
        { entityId: c.id, to: "مؤجر", at: "2026-11-22T12:00:00" },
        { entityId: a.id, to: "محجوز", at: "2026-11-22T12:00:00" },
        { entityId: a.id, to: "مؤجر", at: "2026-11-23T09:00:00" }, // the next day
      ].map((change) => ({
        entity: "offer" as never,
        entityId: change.entityId,
        action: "status-change" as const,
        actorName: "المدير",
        details: { from: "للبيع", to: change.to },
        createdAt: riyadh(change.at),
      })),
    ]);
});

describe("Riyadh days", () => {
  it("cuts days at Riyadh's midnight (UTC+3) and names yesterday as the report's day", () => {
    expect(riyadhDayBounds(DAY)).toEqual({ start: new Date("2026-11-21T21:00:00Z"), end: new Date("2026-11-22T21:00:00Z") });
    expect(riyadhClock(new Date("2026-11-22T20:59:59Z"))).toEqual({ day: "2026-11-22", hour: 23 });
    expect(riyadhClock(new Date("2026-11-22T21:00:00Z"))).toEqual({ day: "2026-11-23", hour: 0 });
    expect(reportDayAt(riyadh("2026-11-23T08:00:00"))).toBe(DAY);
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
    expect(() => riyadhDayBounds("2026-13-45")).toThrow();
  });
});

describe("the daily report's figures", () => {
  it("counts the day's records against the seeded data", async () => {
    const report = await buildDailyReport(db(), DAY, { publicUrl: PUBLIC_URL, now: riyadh("2026-11-23T08:00:00") });
    expect(report).toEqual({
      day: DAY,
      builtAt: "2026-11-23T05:00:00.000Z",
      inquiries: { received: 3, pending: 5, late: 3 },
      submissions: { received: 2 },
      offers: { published: 2, sold: 1, rented: 1, soldRentedSource: "status-changes" },
      tasks: { late: 3 },
      finance: { awaitingApproval: 2, income: 1500.35, expenses: 200.2 },
      links: {
        inquiries: `${PUBLIC_URL}/admin/inquiries`,
        pendingInquiries: `${PUBLIC_URL}/admin/inquiries?status=pending`,
        submissions: `${PUBLIC_URL}/admin/submissions`,
        offers: `${PUBLIC_URL}/admin/offers`,
        lateTasks: `${PUBLIC_URL}/admin/tasks?late=1`,
        approvals: `${PUBLIC_URL}/admin/finance#awaiting-title`,
        finance: `${PUBLIC_URL}/admin/finance?month=2026-11`,
        reports: `${PUBLIC_URL}/admin/reports`,
      },
      firstAnswers: [],
    });
  });

  it("before the audit log held any offer status change, estimates sold and rented from the offers updated that day, and says so", async () => {
    const report = await buildDailyReport(db(), "2026-11-21", { publicUrl: PUBLIC_URL });
    expect(report.offers).toEqual({ published: 1, sold: 1, rented: 0, soldRentedSource: "updated-offers" });
    expect(report.inquiries.received).toBe(2);
    expect(report.finance).toMatchObject({ income: 99_999, expenses: 0 });
    expect(dailyReportText(report)).toContain("تقديرية");
    expect(dailyReportText(await buildDailyReport(db(), DAY, { publicUrl: PUBLIC_URL }))).not.toContain("تقديرية");
  });

  it("an empty day is zeros, not missing figures", async () => {
    const report = await buildDailyReport(db(), "2025-01-01", { publicUrl: PUBLIC_URL });
    expect(report.inquiries).toEqual({ received: 0, pending: 0, late: 0 });
    expect(report.finance).toEqual({ awaitingApproval: 0, income: 0, expenses: 0 });
  });
});

describe("the report's text", () => {
  it("names the day in Gregorian and Hijri, every figure with Arabic digits, and the back-office links", async () => {
    const report = await buildDailyReport(db(), DAY, { publicUrl: PUBLIC_URL });
    const text = dailyReportText(report);
    expect(dailyReportDayLabel(DAY)).toMatch(/^الأحد، ٢٢ نوفمبر ٢٠٢٦ \(.*١٤٤٨ هـ\)$/);
    expect(dailyReportSubject(report)).toBe(`التقرير اليومي: ${dailyReportDayLabel(DAY)}`);
    expect(text.split("\n").slice(0, 2)).toEqual(["*التقرير اليومي*", dailyReportDayLabel(DAY)]);
    expect(text).toContain("• استفسارات جديدة: ٣");
    expect(text).toContain("• ما زالت قيد الانتظار: ٥");
    expect(text).toContain("• متأخرة (أكثر من ٢٤ ساعة): ٣");
    expect(text).toContain("• طلبات جديدة: ٢");
    expect(text).toContain("• بيعت: ١");
    expect(text).toContain("• مهام متأخرة (مفتوحة منذ أكثر من ٢٤ ساعة): ٣");
    expect(text).toContain("• طلبات بانتظار الاعتماد: ٢");
    expect(text).toMatch(/• الدخل: \u200f?١٬٥٠٠٫٣٥\sر\.س/);
    expect(text).toMatch(/• الصافي: \u200f?١٬٣٠٠٫١٥\sر\.س/);
    expect(text).toContain(`فتح الاستفسارات: ${PUBLIC_URL}/admin/inquiries?status=pending`);
    expect(text).toContain(`فتح طلبات الاعتماد: ${PUBLIC_URL}/admin/finance#awaiting-title`);
    // Numbers in Arabic digits everywhere but in the links.
    for (const line of text.split("\n").filter((l) => !l.includes("http"))) expect(line).not.toMatch(/[0-9]/);
  });
});

describe("the report's HTML e-mail", () => {
  it("is Arabic, right to left, styled inline, with every value escaped and only http(s) links", async () => {
    const report = await buildDailyReport(db(), DAY, { publicUrl: PUBLIC_URL });
    const html = dailyReportHtml(report);
    expect(html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/);
    expect(html).toContain('<body dir="rtl"');
    expect(html).not.toMatch(/<style|class=|<script/);
    expect(html).toContain(`<title>${dailyReportSubject(report)}</title>`);
    // Every link of the text part is a link of the HTML part.
    const links = dailyReportText(report).match(/https:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(6);
    for (const href of links) expect(html).toContain(`href="${href}"`);
    expect(html).toContain(">٣</td>");

    const hostile = dailyReportHtml({
      ...report,
      links: { ...report.links, pendingInquiries: 'https://x.sa/"><script>alert(1)</script>', submissions: "javascript:alert(1)", offers: "https://x.sa/?a=1&b=<2>" },
    });
    expect(hostile).not.toContain("<script>");
    expect(hostile).not.toContain("javascript:");
    expect(hostile).toContain('href="https://x.sa/?a=1&amp;b=&lt;2&gt;"');
  });
});
