import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { runMigrations } from "graphile-worker";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { auditLog, offerAvailabilityChecks, offers, staffUsers, tasks } from "~/db/schema.ts";
import { countOffersByVisibility, getOfferPage, listOfferSitemapEntries, listOffers, searchOffers } from "~/modules/offers/offers.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { action as confirmAction } from "~/routes/admin/offer-confirm.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readActionAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { startScheduler } from "~/modules/scheduler/scheduler.server.ts";
import { availabilityJobs, confirmOfferAvailability, confirmTaskOffer, createAvailabilityTasks, listAvailabilityAttention } from "./availability.server.ts";
import { AVAILABILITY_MESSAGES } from "./availability-texts.ts";

const db = useTestDatabase({ connections: 6 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const DAY_MS = 86_400_000;
let office: Office;

/** The start of today in Riyadh, by the database's clock (the rule's own). */
async function riyadhToday(): Promise<Date> {
  const { rows } = await db().execute<{ at: Date }>(sql`select (date_trunc('day', now() at time zone 'Asia/Riyadh') at time zone 'Asia/Riyadh') as at`);
  return new Date(rows[0]!.at);
}

/** An offer last confirmed `days` Riyadh days before today's start, minus `ms` (so 0 ms is that day's first moment). */
async function offerConfirmed(days: number, ms = 0, overrides: Partial<typeof offers.$inferInsert> = {}) {
  const today = await riyadhToday();
  return createOffer(db(), { availableConfirmedAt: new Date(today.getTime() - days * DAY_MS - ms), ...overrides });
}

/** Where a visitor can find an offer: the list, the keyword search, the sitemap, and what its page answers. */
async function publicPlaces(id: number, keyword: string) {
  const [list, search, sitemap, page] = await Promise.all([
    listOffers(db(), { page: 1 }, 100),
    searchOffers(db(), keyword, 100),
    listOfferSitemapEntries(db()),
    getOfferPage(db(), id),
  ]);
  return {
    list: list.offers.some((o) => o.id === id),
    search: search.some((o) => o.id === id),
    sitemap: sitemap.some((o) => o.id === id),
    page: page?.kind ?? "not-found",
  };
}
const everywhere = { list: true, search: true, sitemap: true, page: "offer" };
const nowhere = (page: string) => ({ list: false, search: false, sitemap: false, page });

beforeAll(async () => {
  office = await createOffice(db());
});

beforeEach(async () => {
  await db().delete(offers);
  await db().delete(tasks);
  await setSettings(db(), { availabilityConfirmDays: 14, requireAdLicence: false });
});

describe("the public rule: unconfirmed for N + 7 Riyadh days, the offer leaves the site (decision 046)", () => {
  it("keeps an offer confirmed 20 days ago (N = 14) everywhere, and takes one confirmed a moment earlier off everywhere, its page 410", async () => {
    const kept = await offerConfirmed(20, 0, { title: "شقة مؤكدة الحي الأول" });
    const gone = await offerConfirmed(20, 1, { title: "شقة غير مؤكدة الحي الثاني" });
    expect(await publicPlaces(kept.id, "مؤكدة الحي الأول")).toEqual(everywhere);
    expect(await publicPlaces(gone.id, "مؤكدة الحي الثاني")).toEqual(nowhere("unconfirmed"));
    // The reports count it under its own reason, and the reasons still add up.
    const counts = await countOffersByVisibility(db());
    expect(counts.hidden.unconfirmed).toBe(1);
    expect(counts.shown + Object.values(counts.hidden).reduce((a, b) => a + b, 0)).toBe(counts.total);
  });

  it("reads N from the settings at once: a shorter period takes the older offers off, a longer one brings them back", async () => {
    const offer = await offerConfirmed(12, 0, { title: "فيلا تتبع الإعداد" });
    expect((await publicPlaces(offer.id, "فيلا تتبع الإعداد")).list).toBe(true);
    await setSettings(db(), { availabilityConfirmDays: 5 }); // leaves on day 5 + 7 = 12
    expect(await publicPlaces(offer.id, "فيلا تتبع الإعداد")).toEqual(nowhere("unconfirmed"));
    await setSettings(db(), { availabilityConfirmDays: 6 });
    expect(await publicPlaces(offer.id, "فيلا تتبع الإعداد")).toEqual(everywhere);
  });

  it("leaves sold and rented offers of «تم بيعها أو تأجيرها مؤخرًا» alone: their availability is not in question", async () => {
    const sold = await offerConfirmed(60, 0, { status: "مباع", title: "أرض مباعة قديمًا" });
    const page = await getOfferPage(db(), sold.id);
    expect(page?.kind === "offer" && page.closed).toBe(true);
  });

  it("an ended licence says so first: the same 410, for its own reason", async () => {
    const offer = await offerConfirmed(40, 0, { adLicenceEndsAt: new Date(Date.now() - 1000) });
    expect((await getOfferPage(db(), offer.id))?.kind).toBe("licence-ended");
  });
});

describe("the confirm tasks (decision 046)", () => {
  it("asks on day N, not on day N − 1, the staff member who last confirmed the offer, due its last day on the site; once", async () => {
    const notYet = await offerConfirmed(13, 0, { availableConfirmedBy: office.employee.id });
    const due = await offerConfirmed(13, 1, { availableConfirmedBy: office.employee.id, title: "شقة للتأكيد" });
    expect(await createAvailabilityTasks(db())).toEqual([due.id]);
    const [task] = await db().select().from(tasks).where(eq(tasks.relatedPropertyId, due.id));
    expect(task).toMatchObject({ assignedTo: office.employee.id, status: "Pending", title: "تأكيد توفر العرض: شقة للتأكيد", createdBy: null });
    // Confirmed on day D − 14: last on the site on D + 6 (it leaves on D + 7).
    const today = await riyadhToday();
    const lastDay = new Date(today.getTime() + 3 * 3_600_000 + 6 * DAY_MS).toISOString().slice(0, 10);
    expect(task!.dueDate).toBe(lastDay);
    expect(await db().select().from(tasks).where(eq(tasks.relatedPropertyId, notYet.id))).toEqual([]);
    // Every later run: nothing new for the same confirmation.
    expect(await createAvailabilityTasks(db())).toEqual([]);
    expect(await db().select({ id: tasks.id }).from(tasks)).toHaveLength(1);
    // Its page offers the one tap.
    expect(await confirmTaskOffer(db(), task!.id)).toEqual({ id: due.id, title: "شقة للتأكيد" });
  });

  it("falls back to the manager when nobody confirmed it or their account is inactive", async () => {
    const nobody = await offerConfirmed(15, 0);
    const gone = await createOffer(db(), { availableConfirmedAt: new Date(Date.now() - 16 * DAY_MS), availableConfirmedBy: office.colleague.id });
    await db().update(staffUsers).set({ active: false }).where(eq(staffUsers.id, office.colleague.id));
    try {
      expect((await createAvailabilityTasks(db())).sort()).toEqual([nobody.id, gone.id].sort());
      const assigned = await db().select({ to: tasks.assignedTo }).from(tasks);
      expect(assigned.map((row) => row.to)).toEqual([office.manager.id, office.manager.id]);
    } finally {
      await db().update(staffUsers).set({ active: true }).where(eq(staffUsers.id, office.colleague.id));
    }
  });

  it("creates each task exactly once when five runs start together on separate connections", async () => {
    const due = await Promise.all(Array.from({ length: 8 }, (_, i) => offerConfirmed(14 + i, 0, { availableConfirmedBy: office.employee.id })));
    const runs = await Promise.all(Array.from({ length: 5 }, () => createAvailabilityTasks(db())));
    expect(runs.flat().sort()).toEqual(due.map((offer) => offer.id).sort());
    const rows = await db().select({ offer: tasks.relatedPropertyId }).from(tasks);
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((row) => row.offer)).size).toBe(8);
    expect(await db().select().from(offerAvailabilityChecks)).toHaveLength(8);
  });

  it("runs on the job scheduler once at start, and two instances starting together create each task once", async () => {
    const due = await offerConfirmed(16, 0, { availableConfirmedBy: office.employee.id });
    const { rows } = await db().execute<{ name: string }>(sql`select current_database() as name`);
    const connectionString = inject("databaseUrl").replace(/\/[^/]+$/, `/${rows[0]!.name}`);
    await runMigrations({ connectionString });
    const jobs = availabilityJobs(db());
    const instances = await Promise.all([0, 1].map(() => startScheduler({ connectionString, ...jobs, pollIntervalMs: 200 })));
    try {
      const started = Date.now();
      while ((await db().select({ id: tasks.id }).from(tasks)).length === 0 && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
    expect(await db().select({ offer: tasks.relatedPropertyId }).from(tasks)).toEqual([{ offer: due.id }]);
  });

  it("does not ask about offers that are not advertised (sold, reserved)", async () => {
    await offerConfirmed(30, 0, { status: "مباع" });
    await offerConfirmed(30, 0, { status: "محجوز" });
    expect(await createAvailabilityTasks(db())).toEqual([]);
  });
});

describe("confirming (decision 046)", () => {
  it("records who and when, closes the open task, brings the offer back at once, and the next task comes N days later", async () => {
    const offer = await offerConfirmed(25, 0, { title: "دوبلكس يعود للموقع", availableConfirmedBy: office.employee.id });
    await createAvailabilityTasks(db());
    expect(await publicPlaces(offer.id, "دوبلكس يعود")).toEqual(nowhere("unconfirmed"));
    expect((await listAvailabilityAttention(db())).rows).toMatchObject([{ id: offer.id, daysLeft: 0 }]);

    expect(await confirmOfferAvailability(db(), office.colleague, offer.id)).toEqual({ ok: true, title: "دوبلكس يعود للموقع" });
    expect(await publicPlaces(offer.id, "دوبلكس يعود")).toEqual(everywhere);
    const [row] = await db().select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.availableConfirmedBy).toBe(office.colleague.id);
    expect(Date.now() - row!.availableConfirmedAt.getTime()).toBeLessThan(60_000);
    const [task] = await db().select().from(tasks).where(eq(tasks.relatedPropertyId, offer.id));
    expect(task!.status).toBe("Completed");
    const audit = await db()
      .select({ actor: auditLog.actorId, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "offer"), eq(auditLog.entityId, offer.id)));
    expect(audit).toEqual([{ actor: office.colleague.id, action: "availability-confirmed" }]);
    expect(await confirmTaskOffer(db(), task!.id)).toBeNull();
    expect((await listAvailabilityAttention(db())).rows).toEqual([]);
    expect(await createAvailabilityTasks(db())).toEqual([]);
  });

  it("lists on the dashboard the offers due, those that left first, with the days before they leave", async () => {
    const leaving = await offerConfirmed(20, 0); // leaves tomorrow (day 21 = N + 7)
    const justDue = await offerConfirmed(14, 0); // 7 days left
    const left = await offerConfirmed(22, 0);
    await offerConfirmed(13, 0); // not due
    const { rows, total } = await listAvailabilityAttention(db());
    expect(total).toBe(3);
    expect(rows.map((r) => [r.id, r.daysLeft])).toEqual([
      [left.id, 0],
      [leaving.id, 1],
      [justDue.id, 7],
    ]);
  });

  it("is refused to the accountant (and to a role without the offers section), and changes nothing", async () => {
    const offer = await offerConfirmed(25, 0);
    expect(await confirmOfferAvailability(db(), office.accountant, offer.id)).toMatchObject({ ok: false, status: 403 });
    expect(await confirmOfferAvailability(db(), office.manager, 999_999)).toEqual({ ok: false, status: 404, message: AVAILABILITY_MESSAGES.notFound });
    expect((await getOfferPage(db(), offer.id))?.kind).toBe("unconfirmed");
  });
});

describe("the confirm route, per role (decision 046)", () => {
  const post = (member: StaffProfile, fields: Record<string, string>) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, { db: db(), env } as AppServices);
    context.set(staffUserContext, member);
    const request = new Request(new URL("/admin/offers/confirm", env.PUBLIC_URL), { method: "POST", body: formData(fields) });
    return readActionAnswer(() => confirmAction({ request, context, params: {} } as never), env);
  };
  const confirmedBy = async (id: number) => (await db().select({ by: offers.availableConfirmedBy }).from(offers).where(eq(offers.id, id)))[0]!.by;

  it("the manager and staff confirm and go back to the page they came from; the accountant is sent away with nothing changed", async () => {
    const offer = await offerConfirmed(25, 0, { title: "مكتب في العليا" });
    const byStaff = await post(office.employee, { offerId: String(offer.id), back: "/admin?x=1" });
    expect([byStaff.status, byStaff.location, byStaff.toast]).toEqual([302, "/admin?x=1", { tone: "success", text: AVAILABILITY_MESSAGES.confirmed("مكتب في العليا") }]);
    expect(await confirmedBy(offer.id)).toBe(office.employee.id);
    const byManager = await post(office.manager, { offerId: String(offer.id), back: "/admin/offers/edit/1" });
    expect([byManager.status, byManager.location]).toEqual([302, "/admin/offers/edit/1"]);
    expect(await confirmedBy(offer.id)).toBe(office.manager.id);
    const byAccountant = await post(office.accountant, { offerId: String(offer.id), back: "/admin/offers" });
    expect([byAccountant.status, byAccountant.location, byAccountant.toast?.tone]).toEqual([302, "/admin", "error"]);
    expect(await confirmedBy(offer.id)).toBe(office.manager.id);
  });

  it("goes back only to a back-office page, and says so when the offer is not a number or gone", async () => {
    const offer = await offerConfirmed(1, 0);
    for (const back of ["https://evil.example/admin", "//evil.example/admin", "/offers", "/admin\\..\\x"]) {
      expect((await post(office.manager, { offerId: String(offer.id), back })).location, back).toBe("/admin/offers");
    }
    const bad = await post(office.manager, { offerId: "1 or 1=1", back: "/admin" });
    expect([bad.status, bad.location]).toEqual([400, null]);
    const missing = await post(office.manager, { offerId: "999999", back: "/admin" });
    expect(missing.toast).toEqual({ tone: "error", text: AVAILABILITY_MESSAGES.notFound });
  });
});
