import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { searchAlerts } from "~/db/schema.ts";
import type { MailMessage } from "~/modules/messaging/mail.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleAlertPost } from "./alert-action.server.ts";
import { ALERT_MESSAGES, ALERT_RULES } from "./alert-limits.ts";
import { confirmAlert, countActiveAlerts, readConfirmation, readUnsubscribe, savedSearch, subscribeToAlert, unsubscribe, unsubscribeToken } from "./alerts.server.ts";

const db = useTestDatabase({ connections: 6 });
const PUBLIC_URL = "https://aqar.example.sa";
const env = { ...parseEnv({}), PUBLIC_URL };

/** The e-mails sent: `subscribe` runs the queue's jobs (the scheduler's worker) before it returns. */
let mails: MailMessage[] = [];
const mailer = { send: async (message: MailMessage) => void mails.push(message) };
const services = () => ({ db: db(), env, mailer }) as unknown as AppServices;
const subscribe: typeof subscribeToAlert = async (...args) => {
  const answer = await subscribeToAlert(...args);
  await deliverQueuedEmails(db(), mailer, PUBLIC_URL);
  return answer;
};

const search = (query: string) => new URLSearchParams(query);
const MINUTE = 60_000;
/** The token of the newest confirmation link e-mailed. */
const lastToken = () => /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body ?? "")?.[1] ?? "";

beforeEach(async () => {
  mails = [];
  await db().delete(searchAlerts);
});

describe("a saved search", () => {
  it("is the list's filters in the list's order, without the page and the order", () => {
    expect(savedSearch(search("priceSort=low&status=للبيع&city=الرياض&page=3&view=swipe")).query).toBe(savedSearch(search("city=الرياض&status=للبيع")).query);
    expect(savedSearch(search("city=الرياض&status=للبيع")).query).toBe("city=%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6&status=%D9%84%D9%84%D8%A8%D9%8A%D8%B9");
    // Malformed values are dropped as /offers drops them; a neighbourhood counts only with its city.
    expect(savedSearch(search("minPrice=abc&neighbourhood=الملقا&bedrooms=9")).query).toBe("");
    expect(savedSearch(search("")).query).toBe("");
  });
});

describe("subscribing", () => {
  it("keeps the alert unconfirmed and e-mails a single confirmation link; the address is kept lower-case", async () => {
    const { outcome } = await subscribe(services(), { email: "  Visitor@Example.SA ", search: search("city=الرياض&propertyType=شقة") });
    expect(outcome).toBe("confirmation-sent");
    const [alert] = await db().select().from(searchAlerts);
    expect(alert).toMatchObject({ email: "visitor@example.sa", confirmedAt: null, unsubscribedAt: null });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("visitor@example.sa");
    expect(mails[0]!.body).toContain(`${PUBLIC_URL}/alerts/confirm/`);
    expect(mails[0]!.body).toContain("الرياض، شقة");
    expect(mails[0]!.body).toContain(`${PUBLIC_URL}/offers?${alert!.query}`);
    // Only the token's hash is kept.
    expect(alert!.confirmTokenHash).not.toContain(lastToken());
    expect(alert!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the same search (another order of parameters, another page or order) is the same alert", async () => {
    const at = new Date();
    await subscribe(services(), { email: "a@example.sa", search: search("city=الرياض&status=للبيع") }, at);
    const again = await subscribe(services(), { email: "A@example.sa", search: search("status=للبيع&city=الرياض&page=2&priceSort=high") }, new Date(at.getTime() + 11 * MINUTE));
    expect(again.outcome).toBe("confirmation-sent");
    expect(await db().select().from(searchAlerts)).toHaveLength(1);
  });

  it("does not send the confirmation again within 10 minutes; after, a new link replaces the old one", async () => {
    const at = new Date();
    await subscribe(services(), { email: "b@example.sa", search: search("city=جدة") }, at);
    const first = lastToken();
    const soon = await subscribe(services(), { email: "b@example.sa", search: search("city=جدة") }, new Date(at.getTime() + 9 * MINUTE));
    expect(soon.outcome).toBe("recently-sent");
    expect(mails).toHaveLength(1);
    const later = await subscribe(services(), { email: "b@example.sa", search: search("city=جدة") }, new Date(at.getTime() + 10 * MINUTE + 1));
    expect(later.outcome).toBe("confirmation-sent");
    expect(mails).toHaveLength(2);
    expect(lastToken()).not.toBe(first);
    expect((await readConfirmation(db(), first)).kind).toBe("invalid");
    expect((await readConfirmation(db(), lastToken())).kind).toBe("pending");
  });

  it("sends one e-mail when the same request arrives several times at once", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => subscribe(services(), { email: "c@example.sa", search: search("city=الدمام") })));
    expect(results.map((r) => r.outcome).sort()).toEqual(["confirmation-sent", ...Array<string>(5).fill("recently-sent")]);
    expect(mails).toHaveLength(1);
    expect(await db().select().from(searchAlerts)).toHaveLength(1);
  });

  it("an address holds at most 10 alerts, also when 12 requests for different searches arrive at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => subscribe(services(), { email: "many@example.sa", search: search(`city=الرياض&minPrice=${(i + 1) * 100_000}`) })),
    );
    const outcomes = results.map((r) => r.outcome);
    expect(outcomes.filter((o) => o === "confirmation-sent")).toHaveLength(ALERT_RULES.perAddress);
    expect(outcomes.filter((o) => o === "limit")).toHaveLength(2);
    expect(await db().select().from(searchAlerts).where(eq(searchAlerts.email, "many@example.sa"))).toHaveLength(10);
    expect(mails).toHaveLength(10);
    // Another address is not affected.
    expect((await subscribe(services(), { email: "other@example.sa", search: search("city=الرياض") })).outcome).toBe("confirmation-sent");
  });

  it("a cancelled alert frees its place; a waiting alert whose link expired does not hold one", async () => {
    const at = new Date();
    for (let i = 0; i < 10; i++) await subscribe(services(), { email: "full@example.sa", search: search(`minArea=${100 + i}`) }, at);
    expect((await subscribe(services(), { email: "full@example.sa", search: search("minArea=500") }, at)).outcome).toBe("limit");
    // Two days later the ten links have expired: they no longer count.
    const later = new Date(at.getTime() + ALERT_RULES.confirmValidMs + MINUTE);
    expect((await subscribe(services(), { email: "full@example.sa", search: search("minArea=500") }, later)).outcome).toBe("confirmation-sent");
  });

  it("asked again for an alert already on: a reminder with its cancel link (once per 10 minutes), nothing to confirm", async () => {
    const at = new Date();
    await subscribe(services(), { email: "on@example.sa", search: search("city=الرياض") }, at);
    await confirmAlert(db(), lastToken(), new Date(at.getTime() + MINUTE));
    const reminder = await subscribe(services(), { email: "on@example.sa", search: search("city=الرياض") }, new Date(at.getTime() + 11 * MINUTE));
    expect(reminder.outcome).toBe("reminder-sent");
    expect(mails.at(-1)!.body).toContain("مفعّل من قبل");
    expect(mails.at(-1)!.body).toContain(`${PUBLIC_URL}/alerts/unsubscribe/a`);
    expect(mails.at(-1)!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await subscribe(services(), { email: "on@example.sa", search: search("city=الرياض") }, new Date(at.getTime() + 12 * MINUTE))).outcome).toBe("recently-sent");
  });
});

describe("confirming", () => {
  it("the link turns the alert on once: a second use confirms nothing, and says it is confirmed already", async () => {
    await subscribe(services(), { email: "d@example.sa", search: search("propertyType=فيلا") });
    const token = lastToken();
    const [first, second] = await Promise.all([confirmAlert(db(), token), confirmAlert(db(), token)]);
    expect([first.done, second.done].sort()).toEqual([false, true]);
    expect(first.state.kind).toBe("confirmed");
    expect(second.state.kind).toBe("confirmed");
    const [alert] = await db().select().from(searchAlerts);
    expect(alert!.confirmedAt).not.toBeNull();
    expect(await countActiveAlerts(db())).toBe(1);
  });

  it("expires 48 hours after the e-mail: the alert stays off", async () => {
    const at = new Date();
    await subscribe(services(), { email: "e@example.sa", search: search("propertyType=أرض") }, at);
    const token = lastToken();
    const late = new Date(at.getTime() + ALERT_RULES.confirmValidMs);
    expect((await readConfirmation(db(), token, late)).kind).toBe("expired");
    const result = await confirmAlert(db(), token, late);
    expect(result).toMatchObject({ done: false, state: { kind: "expired" } });
    expect(await countActiveAlerts(db())).toBe(0);
    // Just before, it works.
    expect((await confirmAlert(db(), token, new Date(late.getTime() - 1000))).done).toBe(true);
  });

  it("a link of the wrong shape or unknown is invalid", async () => {
    expect((await readConfirmation(db(), "nope")).kind).toBe("invalid");
    expect((await confirmAlert(db(), "A".repeat(43))).state.kind).toBe("invalid");
  });
});

describe("unsubscribing", () => {
  it("the signed link cancels the alert (idempotent); a forged one cancels nothing", async () => {
    await subscribe(services(), { email: "f@example.sa", search: search("city=الرياض") });
    const confirmToken = lastToken();
    await confirmAlert(db(), confirmToken);
    const [alert] = await db().select().from(searchAlerts);
    const token = await unsubscribeToken(db(), { kind: "a", id: alert!.id });
    expect(await readUnsubscribe(db(), token)).toMatchObject({ kind: "found", scope: "alert", active: true });

    const forged = `a${alert!.id}-${"x".repeat(43)}`;
    expect((await unsubscribe(db(), forged)).state.kind).toBe("invalid");
    const other = await unsubscribeToken(db(), { kind: "a", id: alert!.id + 1 });
    expect((await unsubscribe(db(), `a${alert!.id}-${other.split("-").slice(1).join("-")}`)).cancelled).toBe(0);
    expect(await countActiveAlerts(db())).toBe(1);

    expect((await unsubscribe(db(), token)).cancelled).toBe(1);
    expect((await unsubscribe(db(), token)).cancelled).toBe(0);
    expect(await readUnsubscribe(db(), token)).toMatchObject({ kind: "found", active: false });
    expect(await countActiveAlerts(db())).toBe(0);
    // The old confirmation link now says it was cancelled, and confirms nothing.
    expect((await confirmAlert(db(), confirmToken)).state.kind).toBe("unsubscribed");
    // Subscribing again to the same search is a new alert.
    expect((await subscribe(services(), { email: "f@example.sa", search: search("city=الرياض") })).outcome).toBe("confirmation-sent");
    expect(await db().select().from(searchAlerts)).toHaveLength(2);
  });
});

describe("the form's post", () => {
  const post = (fields: Record<string, string>, query = "city=الرياض") =>
    handleAlertPost(services(), "203.0.113.9", new Request(`${PUBLIC_URL}/alerts?${query}`, { method: "POST" }), formData(fields));

  it("with the bot check solved: the alert of the address's search, and the one success text", async () => {
    const answer = await readAnswer(await post({ email: "g@example.sa", altcha: await solvedProof(db()) }), env);
    expect(answer.status).toBe(200);
    expect(answer.errors).toEqual({});
    const [alert] = await db().select().from(searchAlerts);
    expect(alert).toMatchObject({ email: "g@example.sa", query: savedSearch(search("city=الرياض")).query });
  });

  it("refusals keep what was typed: no bot check, a wrong address, the limit", async () => {
    const noProof = await readAnswer(await post({ email: "h@example.sa" }), env);
    expect(noProof.status).toBe(400);
    expect(noProof.errors[""]).toEqual(["حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى"]);
    expect(noProof.initialValue).toMatchObject({ email: "h@example.sa" });

    const wrong = await readAnswer(await post({ email: "not-an-address", altcha: await solvedProof(db()) }), env);
    expect(wrong.errors.email).toEqual(["البريد الإلكتروني غير صحيح"]);
    expect(wrong.initialValue).toMatchObject({ email: "not-an-address" });

    for (let i = 0; i < 10; i++) await subscribe(services(), { email: "i@example.sa", search: search(`minPrice=${i + 1}`) });
    const full = await readAnswer(await post({ email: "i@example.sa", altcha: await solvedProof(db()) }), env);
    expect(full.status).toBe(409);
    expect(full.errors.email).toEqual([ALERT_MESSAGES.limit]);
    expect(full.initialValue).toMatchObject({ email: "i@example.sa" });
    expect(await db().execute(sql`select 1 from search_alerts where email = 'h@example.sa'`)).toMatchObject({ rows: [] });
  });

  it("a filled honeypot gets the quiet success and nothing is kept", async () => {
    const answer = await readAnswer(await post({ email: "j@example.sa", fax: "x", altcha: await solvedProof(db()) }), env);
    expect(answer.status).toBe(200);
    expect(await db().select().from(searchAlerts)).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });
});
