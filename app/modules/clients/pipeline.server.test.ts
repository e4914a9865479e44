import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { auditLog, clientEvents, clientPhones, clientRules, clients, outgoingEmails } from "~/db/schema.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { action as clientAction, loader as clientLoader } from "~/routes/admin/client.tsx";
import { loader as clientsLoader } from "~/routes/admin/clients.tsx";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readActionAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { setSettings } from "../../../tests/factories/settings.ts";
import { action as settingsAction } from "~/routes/admin/settings.tsx";
import { CLIENT_RULES_MESSAGES } from "./rules-schema.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { CLIENT_MESSAGES } from "./client-schema.ts";
import {
  addClientPhone,
  changeClientStage,
  clientDetail,
  clientsPage,
  parseClientFilters,
  reassignClient,
  removeClientPhone,
  searchClientChoices,
} from "./clients-admin.server.ts";
import { notifyOverdueFirstAnswers } from "./first-answer.server.ts";
import { firstAnswerFigures } from "./index.server.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

let office: Office;
beforeEach(async () => {
  await db().delete(clients);
  await db().delete(outgoingEmails);
  await db().delete(clientRules);
  office ??= await createOffice(db());
});

const inquiry = (phone: string, extra: Partial<Parameters<typeof createInquiry>[1]> = {}) =>
  createInquiry(db(), { name: "سعد", phone, email: "", message: "مهتم", propertyTitle: "", ...extra });

const setRules = (values: Partial<typeof clientRules.$inferInsert>) =>
  db()
    .insert(clientRules)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: clientRules.id, set: values });

const ownerOf = async (clientId: number) => (await db().select({ ownerId: clients.ownerId }).from(clients).where(eq(clients.id, clientId)))[0]!.ownerId;

describe("new clients get their owner by the manager's rule", () => {
  it("goes to the manager by default, on the timeline, and the owner is e-mailed", async () => {
    const asked = await inquiry("+966501234567");
    expect(await ownerOf(asked.clientId!)).toBe(office.manager.id);
    const events = await db().select().from(clientEvents).where(eq(clientEvents.clientId, asked.clientId!)).orderBy(clientEvents.id);
    expect(events.map((e) => e.kind)).toEqual(["contact", "assigned"]);
    const mails = await db().select().from(outgoingEmails).where(eq(outgoingEmails.purpose, "client-assigned"));
    expect(mails.map((m) => [m.recipient, m.linkPath])).toEqual([["boss@example.sa", `/admin/clients/${asked.clientId}`]]);
    // In the audit log like the manager's reassignment, its actor the system.
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, asked.clientId!)));
    expect(audited.map(({ action, actorId, actorName, details }) => ({ action, actorId, actorName, details }))).toEqual([
      { action: "client-assigned", actorId: null, actorName: "النظام", details: { from: null, to: office.manager.id, by: "rule" } },
    ]);
    // A second message from the same person is not a new client: no second assignment.
    await inquiry("0501234567");
    expect(await db().$count(clientEvents, and(eq(clientEvents.clientId, asked.clientId!), eq(clientEvents.kind, "assigned")))).toBe(1);
  });

  it("in turn: one employee after the other", async () => {
    await setRules({ assignmentMode: "turn" });
    const owners = [];
    for (const phone of ["+966501000001", "+966501000002", "+966501000003", "+966501000004"]) owners.push(await ownerOf((await inquiry(phone)).clientId!));
    expect(new Set(owners.slice(0, 2))).toEqual(new Set([office.employee.id, office.colleague.id]));
    expect(owners.slice(2)).toEqual(owners.slice(0, 2));
  });

  it("in turn, fair under concurrency: two new clients at once go to two different employees", async () => {
    await setRules({ assignmentMode: "turn" });
    for (let round = 0; round < 3; round++) {
      const made = await Promise.all([inquiry(`+96650200${round}001`), inquiry(`+96650200${round}002`)]);
      const owners = await Promise.all(made.map((m) => ownerOf(m.clientId!)));
      expect(new Set(owners)).toEqual(new Set([office.employee.id, office.colleague.id]));
    }
  });

  it("by city: the city's employee, any other city to the manager", async () => {
    await setRules({ assignmentMode: "city", cityOwners: [{ city: "جدة", staffId: office.colleague.id }] });
    const jeddah = await createOffer(db(), { city: "جدة" });
    const riyadh = await createOffer(db(), { city: "الرياض" });
    expect(await ownerOf((await inquiry("+966503000001", { propertyId: jeddah.id })).clientId!)).toBe(office.colleague.id);
    expect(await ownerOf((await inquiry("+966503000002", { propertyId: riyadh.id })).clientId!)).toBe(office.manager.id);
    // A contact message names no city: the manager.
    expect(await ownerOf((await inquiry("+966503000003")).clientId!)).toBe(office.manager.id);
  });
});

describe("stages", () => {
  it("two changes from the same stage at once: one wins, the other is told in Arabic", async () => {
    const { clientId } = await inquiry("+966504000001");
    const results = await Promise.all([
      changeClientStage(db(), office.manager, clientId!, { from: "new", stage: "contacted", reason: "" }),
      changeClientStage(db(), office.manager, clientId!, { from: "new", stage: "viewing", reason: "" }),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r === CLIENT_MESSAGES.stageMoved)).toHaveLength(1);
    expect(await db().$count(clientEvents, and(eq(clientEvents.clientId, clientId!), eq(clientEvents.kind, "stage")))).toBe(1);
    expect(await db().$count(auditLog, and(eq(auditLog.entity, "client"), eq(auditLog.entityId, clientId!), eq(auditLog.action, "status-change")))).toBe(1);
  });

  it("lost needs a reason, through the page's action too, and changes nothing without one", async () => {
    const { clientId } = await inquiry("+966504000002");
    expect(await changeClientStage(db(), office.manager, clientId!, { from: "new", stage: "lost", reason: "  " })).toBe(CLIENT_MESSAGES.reasonRequired);
    const answer = await page(clientId!).post(office.manager, { intent: "stage", from: "new", stage: "lost", reason: "" });
    expect(answer.status).toBe(400);
    expect(answer.errors.reason).toEqual([CLIENT_MESSAGES.reasonRequired]);
    expect((await db().select().from(clients).where(eq(clients.id, clientId!)))[0]!.stage).toBe("new");
    const saved = await page(clientId!).post(office.manager, { intent: "stage", from: "new", stage: "lost", reason: "اشترى من غيرنا" });
    expect(saved.toast?.text).toBe(CLIENT_MESSAGES.stageSaved);
    expect((await db().select().from(clients).where(eq(clients.id, clientId!)))[0]).toMatchObject({ stage: "lost", stageReason: "اشترى من غيرنا" });
  });
});

function routeContext(member: StaffProfile) {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, { db: db(), env } as AppServices);
  provider.set(staffUserContext, member);
  return provider;
}

/** The client pages as the router calls them, as this member. */
function page(clientId: number) {
  const context = routeContext;
  const url = new URL(`/admin/clients/${clientId}`, env.PUBLIC_URL).href;
  return {
    post: (member: StaffProfile, fields: Record<string, string>) =>
      readActionAnswer(
        () => clientAction({ request: new Request(url, { method: "POST", body: formData(fields) }), context: context(member), params: { id: String(clientId) } } as never),
        env,
      ),
    load: (member: StaffProfile) => clientLoader({ request: new Request(url), context: context(member), params: { id: String(clientId) } } as never),
    list: (member: StaffProfile) => clientsLoader({ request: new Request(new URL("/admin/clients", env.PUBLIC_URL)), context: context(member), params: {} } as never),
  };
}

const thrownStatus = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
};

describe("who sees and changes which client", () => {
  it("an employee sees and changes their own clients only; the manager all; the accountant none", async () => {
    await setRules({ assignmentMode: "city", cityOwners: [{ city: "جدة", staffId: office.employee.id }] });
    const jeddah = await createOffer(db(), { city: "جدة" });
    const own = (await inquiry("+966505000001", { propertyId: jeddah.id })).clientId!;
    const others = (await inquiry("+966505000002")).clientId!;

    expect((await clientsPage(db(), office.employee, {})).cards.map((c) => c.id)).toEqual([own]);
    expect(new Set((await clientsPage(db(), office.manager, {})).cards.map((c) => c.id))).toEqual(new Set([own, others]));
    expect(await clientDetail(db(), office.employee, others)).toBeUndefined();

    // Loaders: another's client is the 404 page; the accountant is sent away by the section check.
    expect(await thrownStatus(() => page(others).load(office.employee))).toBe(404);
    expect(await thrownStatus(() => page(own).load(office.employee))).toBe(200);
    expect(await thrownStatus(() => page(own).load(office.accountant))).toBe(302);
    expect(await thrownStatus(() => page(own).list(office.accountant))).toBe(302);

    // Actions: the same.
    const refused = await page(others).post(office.employee, { intent: "note", note: "ملاحظة" });
    expect(refused.errors[""]).toEqual([CLIENT_MESSAGES.notFound]);
    expect((await page(own).post(office.accountant, { intent: "note", note: "ملاحظة" })).location).toBe("/admin");
    const reassign = await page(own).post(office.employee, { intent: "owner", ownerId: String(office.colleague.id) });
    expect(reassign.status).toBe(403);
    expect(await ownerOf(own)).toBe(office.employee.id);
    expect(await db().$count(clientEvents, eq(clientEvents.kind, "note"))).toBe(0);
  });

  it("the manager reassigns: audited, on the timeline, and the new owner is e-mailed", async () => {
    const { clientId } = await inquiry("+966505000003");
    expect(await reassignClient(db(), office.manager, clientId!, office.employee.id)).toBeNull();
    expect(await ownerOf(clientId!)).toBe(office.employee.id);
    // The rule's assignment when the client was made, then the manager's.
    const assigned = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, clientId!), eq(auditLog.action, "client-assigned")))
      .orderBy(auditLog.id);
    expect(assigned.map((row) => [row.actorId, row.details])).toEqual([
      [null, { from: null, to: office.manager.id, by: "rule" }],
      [office.manager.id, { from: office.manager.id, to: office.employee.id }],
    ]);
    expect(await db().select({ to: outgoingEmails.recipient }).from(outgoingEmails).where(eq(outgoingEmails.recipient, "sara@example.sa"))).toHaveLength(1);
    expect(await reassignClient(db(), office.manager, clientId!, office.accountant.id)).toBe(CLIENT_MESSAGES.ownerUnknown);
  });
});

describe("phones and search", () => {
  it("adds a phone typed any way; another client's phone is refused", async () => {
    const first = (await inquiry("+966506000001")).clientId!;
    await inquiry("+966506000002");
    expect(await addClientPhone(db(), office.manager, first, "٠٥٥ ١٢٣ ٤٥٦٧")).toBeNull();
    expect((await db().select().from(clientPhones).where(eq(clientPhones.clientId, first))).map((p) => p.phone).sort()).toEqual(["+966506000001", "+966551234567"]);
    expect(await addClientPhone(db(), office.manager, first, "0506000002")).toBe(CLIENT_MESSAGES.phoneOfOther);
    expect(await addClientPhone(db(), office.manager, first, "+966 55 123 4567")).toBe(CLIENT_MESSAGES.phoneOfClient);
    expect(await addClientPhone(db(), office.manager, first, "12")).toBe(CLIENT_MESSAGES.phoneInvalid);
  });

  it("the page adds and removes phones: normalised, another client's refused by name, never the last one, audited; concurrent removals keep one", async () => {
    const own = (await inquiry("+966506100001")).clientId!;
    await reassignClient(db(), office.manager, own, office.employee.id);
    await inquiry("+966506100002");
    const added = await page(own).post(office.employee, { intent: "phone", phone: "٠٥٥ ٧٧٧ ٠٠٠١" });
    expect(added.toast?.text).toBe(CLIENT_MESSAGES.phoneSaved);
    const other = await page(own).post(office.employee, { intent: "phone", phone: "00966506100002" });
    expect(other.errors).toEqual({ phone: ["هذا الرقم مسجّل لعميل آخر، فلا يمكن إضافته هنا."] });
    expect(other.initialValue).toMatchObject({ phone: "00966506100002" });

    const detail = await clientDetail(db(), office.employee, own);
    expect(detail!.phones).toEqual([
      { value: "+966506100001", reading: "050 610 0001" },
      { value: "+966557770001", reading: "055 777 0001" },
    ]);
    // Another employee may not remove it; a number not the client's is refused.
    expect((await page(own).post(office.colleague, { intent: "phone-remove", phone: "+966557770001" })).errors[""]).toEqual([CLIENT_MESSAGES.notFound]);
    expect((await page(own).post(office.employee, { intent: "phone-remove", phone: "+966506100002" })).errors[""]).toEqual([CLIENT_MESSAGES.phoneNotOfClient]);
    // Two removals at once of its two numbers: one goes, the last stays.
    const both = await Promise.all([removeClientPhone(db(), office.employee, own, "+966506100001"), removeClientPhone(db(), office.employee, own, "0557770001")]);
    expect(both.sort()).toEqual([CLIENT_MESSAGES.phoneLast, null].sort());
    expect(await db().$count(clientPhones, eq(clientPhones.clientId, own))).toBe(1);
    const removed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, own), eq(auditLog.action, "client-phone-removed")));
    expect(removed.map((row) => row.actorId)).toEqual([office.employee.id]);
    const [left] = await db().select().from(clientPhones).where(eq(clientPhones.clientId, own));
    expect((await page(own).post(office.employee, { intent: "phone-remove", phone: left!.phone })).errors[""]).toEqual([CLIENT_MESSAGES.phoneLast]);
    expect(await db().$count(clientPhones, eq(clientPhones.clientId, own))).toBe(1);
  });

  it("the page edits the e-mail: checked, what was typed kept on a refusal, audited with what it was, for who may change the client", async () => {
    const own = (await inquiry("+966506200001")).clientId!;
    await reassignClient(db(), office.manager, own, office.employee.id);
    const bad = await page(own).post(office.employee, { intent: "email", email: "saad@" });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual({ email: [MESSAGES.emailInvalid] });
    expect(bad.initialValue).toMatchObject({ email: "saad@" });
    const saved = await page(own).post(office.employee, { intent: "email", email: "  saad@example.sa " });
    expect(saved.toast?.text).toBe(CLIENT_MESSAGES.emailSaved);
    expect((await clientDetail(db(), office.employee, own))!.email).toBe("saad@example.sa");
    // Not the colleague's client: refused, nothing changed.
    const refused = await page(own).post(office.colleague, { intent: "email", email: "x@example.sa" });
    expect(refused.errors).toEqual({ email: [CLIENT_MESSAGES.notFound] });
    expect(refused.initialValue).toMatchObject({ email: "x@example.sa" });
    // Cleared by the manager.
    expect((await page(own).post(office.manager, { intent: "email", email: "" })).toast?.text).toBe(CLIENT_MESSAGES.emailSaved);
    const changes = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, own), eq(auditLog.action, "client-email-changed")))
      .orderBy(auditLog.id);
    expect(changes.map((row) => [row.actorId, row.details])).toEqual([
      [office.employee.id, { from: "", to: "saad@example.sa" }],
      [office.manager.id, { from: "saad@example.sa", to: "" }],
    ]);
  });

  it("finds a client by a phone typed any way, by part of it, or by name; filters by stage and owner", async () => {
    const saad = (await inquiry("+966501234567", { name: "سعد العتيبي" })).clientId!;
    await inquiry("+966559876543", { name: "منى" });
    const find = async (q: string) => (await clientsPage(db(), office.manager, parseClientFilters(new URLSearchParams({ q })))).cards.map((c) => c.id);
    for (const typed of ["٠٥٠ ١٢٣ ٤٥٦٧", "+966501234567", "00966501234567", "0501234567", "4567", "العتيبي"]) expect(await find(typed)).toEqual([saad]);
    expect(await find("لا أحد")).toEqual([]);
    const byStage = await clientsPage(db(), office.manager, parseClientFilters(new URLSearchParams({ stage: "agreed" })));
    expect(byStage.total).toBe(0);
    const byOwner = await clientsPage(db(), office.manager, parseClientFilters(new URLSearchParams({ owner: String(office.manager.id) })));
    expect(byOwner.total).toBe(2);
    // Phones shown for reading, in the order they were added.
    expect((await clientsPage(db(), office.manager, {})).cards.find((c) => c.id === saad)!.phones).toEqual(["050 123 4567"]);
  });

  it("finds a name whatever way its Arabic letters are typed, in the list and in a form's picker", async () => {
    const ahmed = (await inquiry("+966501234567", { name: "أحمد بن عبدالله" })).clientId!;
    const fatima = (await inquiry("+966559876543", { name: "فاطمة الزهراني" })).clientId!;
    const find = async (q: string) => (await clientsPage(db(), office.manager, parseClientFilters(new URLSearchParams({ q })))).cards.map((c) => c.id);
    for (const typed of ["احمد", "أحمد", "إحمد", "أَحْمَد"]) expect(await find(typed)).toEqual([ahmed]);
    for (const typed of ["فاطمه", "فاطمة", "الزهرانى"]) expect(await find(typed)).toEqual([fatima]);
    expect((await searchClientChoices(db(), "احمد")).map((c) => c.id)).toEqual([ahmed]);
    // A pattern's own characters are only letters here.
    expect(await find("%")).toEqual([]);
  });
});

describe("the first-answer clock", () => {
  // Sunday 29 November 2026, 10:00 in Riyadh; the limit 4 working hours (Sunday–Thursday 9–17).
  const sunday10 = new Date("2026-11-29T10:00:00+03:00");

  const firstMessageAt = async (clientId: number, at: Date, replyAt: Date | null = null) =>
    db().update(clients).set({ firstMessageAt: at, firstReplyAt: replyAt }).where(eq(clients.id, clientId));

  it("tells the manager once per client past the limit, exactly once when two runs meet", async () => {
    await setSettings(db(), { managerEmail: "manager@example.sa" });
    const late = (await inquiry("+966507000001")).clientId!;
    const early = (await inquiry("+966507000002")).clientId!;
    const answered = (await inquiry("+966507000003")).clientId!;
    await firstMessageAt(late, sunday10);
    await firstMessageAt(early, new Date("2026-11-29T13:00:00+03:00"));
    await firstMessageAt(answered, sunday10, new Date("2026-11-29T11:00:00+03:00"));
    const now = new Date("2026-11-29T14:30:00+03:00");
    const runs = await Promise.all([notifyOverdueFirstAnswers(db(), now), notifyOverdueFirstAnswers(db(), now), notifyOverdueFirstAnswers(db(), now)]);
    expect(runs.flat()).toEqual([late]);
    expect(await notifyOverdueFirstAnswers(db(), new Date("2026-11-29T16:59:00+03:00"))).toEqual([]);
    const told = await db().select().from(outgoingEmails).where(eq(outgoingEmails.purpose, "client-overdue"));
    expect(told.map((m) => [m.recipient, m.linkPath])).toEqual([["manager@example.sa", `/admin/clients/${late}`]]);
    // The next morning, the 13:00 one has waited 4 working hours too (13–17): told then, once.
    expect(await notifyOverdueFirstAnswers(db(), new Date("2026-11-30T09:01:00+03:00"))).toEqual([early]);
  });

  it("does not count the weekend: Thursday 16:00 is overdue only on Sunday at 12:00", async () => {
    await setSettings(db(), { managerEmail: "manager@example.sa" });
    const client = (await inquiry("+966507000004")).clientId!;
    await firstMessageAt(client, new Date("2026-12-03T16:00:00+03:00"));
    expect(await notifyOverdueFirstAnswers(db(), new Date("2026-12-06T11:59:00+03:00"))).toEqual([]);
    expect(await notifyOverdueFirstAnswers(db(), new Date("2026-12-06T12:00:00+03:00"))).toEqual([client]);
  });

  it("reports the median first answer and the share within the limit, per owner", async () => {
    await setRules({ assignmentMode: "turn" });
    const made = [];
    for (let i = 1; i <= 4; i++) made.push((await inquiry(`+96650800000${i}`)).clientId!);
    const byOwner = new Map<number, number[]>();
    for (const id of made) byOwner.set((await ownerOf(id))!, [...(byOwner.get((await ownerOf(id))!) ?? []), id]);
    const [a1, a2] = byOwner.get(office.employee.id)!;
    const [b1, b2] = byOwner.get(office.colleague.id)!;
    const hoursLater = (h: number) => new Date(sunday10.getTime() + h * 3_600_000);
    await firstMessageAt(a1!, sunday10, hoursLater(1));
    await firstMessageAt(a2!, sunday10, hoursLater(3));
    await firstMessageAt(b1!, sunday10, hoursLater(6));
    await firstMessageAt(b2!, sunday10); // still waiting, past the limit by the end of the day
    const figures = await firstAnswerFigures(
      db(),
      { from: new Date("2026-11-29T00:00:00+03:00"), to: new Date("2026-11-30T00:00:00+03:00") },
      new Date("2026-11-29T18:00:00+03:00"),
    );
    const of = (id: number) => figures.find((f) => f.ownerId === id)!;
    expect(of(office.employee.id)).toMatchObject({ clients: 2, answered: 2, medianHours: 2, withinShare: 1 });
    expect(of(office.colleague.id)).toMatchObject({ clients: 2, answered: 1, medianHours: 6, withinShare: 0 });
  });
});

describe("the rules in settings (manager only)", () => {
  const postRules = (member: StaffProfile, fields: Record<string, string>, days: string[]) => {
    const form = formData(fields);
    for (const day of days) form.append("workDays", day);
    const request = new Request(new URL("/admin/settings", env.PUBLIC_URL), { method: "POST", body: form });
    return readActionAnswer(() => settingsAction({ request, context: routeContext(member), params: {} } as never), env);
  };

  it("saves the manager's rules, audited; refuses bad hours and days in Arabic, changing nothing; not for an employee", async () => {
    const fields = {
      intent: "clientRules",
      assignmentMode: "city",
      firstAnswerLimitHours: "6",
      workStartHour: "8",
      workEndHour: "16",
      "cityOwners[0].city": "جدة",
      "cityOwners[0].staffId": String(office.employee.id),
      "cityOwners[1].city": "الرياض",
      "cityOwners[1].staffId": "",
    };
    expect((await postRules(office.manager, fields, [])).errors.workDays).toEqual([CLIENT_RULES_MESSAGES.days]);
    const bad = await postRules(office.manager, { ...fields, workEndHour: "7" }, ["0"]);
    expect(bad.errors.workEndHour).toEqual([CLIENT_RULES_MESSAGES.hours]);
    expect((await postRules(office.manager, { ...fields, firstAnswerLimitHours: "٠" }, ["0"])).errors.firstAnswerLimitHours).toEqual([CLIENT_RULES_MESSAGES.limit]);
    expect(await db().$count(clientRules)).toBe(0);
    const saved = await postRules(office.manager, fields, ["0", "1", "2"]);
    expect(saved.toast?.text).toBe(CLIENT_RULES_MESSAGES.saved);
    expect((await db().select().from(clientRules))[0]).toMatchObject({
      assignmentMode: "city",
      firstAnswerLimitHours: 6,
      workDays: [0, 1, 2],
      workStartHour: 8,
      workEndHour: 16,
      cityOwners: [{ city: "جدة", staffId: office.employee.id }],
    });
    expect(await db().$count(auditLog, eq(auditLog.action, "settings-change"))).toBeGreaterThan(0);
    expect((await postRules(office.employee, fields, ["0"])).location).toBe("/admin");
  });
});
