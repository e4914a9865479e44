import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { inquiries } from "~/db/schema.ts";
import { HONEYPOT_FIELD } from "~/modules/form-guard/honeypot.ts";
import { hitRateLimit, PUBLIC_FORM_LIMIT } from "~/modules/form-guard/rate-limit.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { createInquiry } from "./inquiries.server.ts";
import { handleInquiryPost } from "./inquiry-action.server.ts";
import { INQUIRY_LIMITS } from "./inquiry-limits.ts";
import { inquirySchema } from "./inquiry-schema.ts";
import { testStorage } from "../../../tests/factories/storage.ts";

const db = useTestDatabase();

/** The inquiry form as posted, read with its schema. */
function parseInquiry(fields: Record<string, string>) {
  return parseSubmission(formData(fields), inquirySchema);
}

/** The messages per field of a refused inquiry (none for a valid one). */
function errorsOf(fields: Record<string, string>) {
  const submission = parseInquiry(fields);
  return submission.status === "success" ? null : submission.reply().error;
}

/** The stored data of a valid inquiry. */
function valueOf(fields: Record<string, string>) {
  const submission = parseInquiry(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("inquiry validation", () => {
  it("requires the phone", () => {
    expect(errorsOf({ name: "سارة", phone: "  " })).toEqual({ phone: [MESSAGES.phoneRequired] });
    expect(errorsOf({ name: "سارة" })).toMatchObject({ phone: [MESSAGES.phoneRequired] });
  });

  it("refuses a phone that is not a number", () => {
    expect(errorsOf({ phone: "call me" })).toMatchObject({ phone: [MESSAGES.phoneInvalid] });
  });

  it("keeps e-mail and message optional but checks an e-mail that is given", () => {
    expect(valueOf({ phone: "0501234567" })).toMatchObject({ email: "", message: "" });
    expect(errorsOf({ phone: "0501234567", email: "not-an-email" })).toMatchObject({ email: [MESSAGES.emailInvalid] });
  });

  it("stores an empty name as 'غير محدد' and normalises the phone", () => {
    expect(valueOf({ name: "  ", phone: "050 123 4567" })).toMatchObject({ name: "غير محدد", phone: "+966501234567" });
  });
});

describe("createInquiry", () => {
  it("stores a pending inquiry with the offer's own id and title", async () => {
    const offer = await createOffer(db(), { title: "فيلا في حطين" });
    const row = await createInquiry(db(), valueOf({ phone: "0501234567", propertyId: String(offer.id), propertyTitle: "عنوان مزيف" }));
    const [stored] = await db().select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(stored).toMatchObject({ status: "pending", propertyId: offer.id, propertyTitle: "فيلا في حطين", name: "غير محدد", replyHistory: [] });
  });

  it("stores the name without bidi controls or marks, and the message and title without controls", async () => {
    // U+202E (right-to-left override) would show the name, and what follows it, reversed.
    const row = await createInquiry(
      db(),
      valueOf({
        name: "\u202Eمحمد\u202C \u2066العتيبي\u2069\u200F",
        phone: "\u202A0501234567\u202C",
        message: "اتصل على\u202E 0551234567",
        propertyTitle: "شقة\u202D للبيع",
      }),
    );
    const [stored] = await db().select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(stored).toMatchObject({ name: "محمد العتيبي", phone: "+966501234567", message: "اتصل على 0551234567", propertyTitle: "شقة للبيع" });
    // A name that is only controls is no name.
    expect(valueOf({ name: "\u202E\u200F", phone: "0501234567" })).toMatchObject({ name: MESSAGES.unnamed });
  });

  it("migration 0006 cleans names stored before, unless nothing would be left", async () => {
    const dirty = await createInquiry(db(), { name: "\u202Eسعد\u200F", phone: "+966501234567", email: "", message: "", propertyTitle: "" });
    const bare = await createInquiry(db(), { name: "\u202E\u202C", phone: "+966501234567", email: "", message: "", propertyTitle: "" });
    const statements = fs
      .readFileSync(new URL("../../../drizzle/0006_inquiry_reply_sending.sql", import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => statement.includes("UPDATE"));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await db().execute(sql.raw(statement));
    const names = async (id: number) => (await db().select({ name: inquiries.name }).from(inquiries).where(eq(inquiries.id, id)))[0]!.name;
    expect([await names(dirty.id), await names(bare.id)]).toEqual(["سعد", "\u202E\u202C"]);
  });

  it("drops an unknown offer id", async () => {
    const row = await createInquiry(db(), valueOf({ phone: "0501234567", propertyId: "424242", propertyTitle: "شقة" }));
    expect(row).toMatchObject({ propertyId: null, propertyTitle: "شقة" });
  });
});

describe("an inquiry post answers a FormReply", () => {
  const services = (): AppServices => ({
    db: db(),
    env: parseEnv({}),
    mailer: { send: async () => undefined },
    sms: { send: async () => undefined },
    events: { subscribe: () => () => undefined, ready: async () => undefined, close: async () => undefined },
    storage: testStorage(parseEnv({}).DATA_DIR),
  });
  let address = 0;
  const nextAddress = () => `10.1.0.${++address}`;
  const storedFor = (phone: string) => db().select().from(inquiries).where(eq(inquiries.phone, phone));

  it("refuses a wrong field with 400, its message and what was typed (cut to the field's limit, never the solved check)", async () => {
    const altcha = await solvedProof(db());
    const answer = await handleInquiryPost(services(), nextAddress(), formData({ phone: "123", message: "م".repeat(5000), altcha }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ status: "error", error: { phone: [MESSAGES.phoneInvalid] }, initialValue: { phone: "123" } });
    expect(answer.data.initialValue?.message).toHaveLength(INQUIRY_LIMITS.message);
    expect(answer.data.initialValue).not.toHaveProperty("altcha");
  });

  it("refuses «12345» (stored as «+96612345» under the old 8-to-15-digits rule) with its message, storing nothing", async () => {
    const before = (await db().select().from(inquiries)).length;
    const answer = await handleInquiryPost(services(), nextAddress(), formData({ name: "خمسة أرقام", phone: "12345", altcha: await solvedProof(db()) }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ status: "error", error: { phone: [MESSAGES.phoneInvalid] }, initialValue: { phone: "12345" } });
    expect(await storedFor("+96612345")).toEqual([]);
    expect((await db().select().from(inquiries)).length).toBe(before);
    // A foreign number with its code is taken, in E.164.
    const foreign = await handleInquiryPost(services(), nextAddress(), formData({ phone: "+971 50 123 4567", altcha: await solvedProof(db()) }));
    expect(foreign.data.status).toBe("success");
    expect(await storedFor("+971501234567")).toHaveLength(1);
  });

  it("stores a valid inquiry and answers success (the page shows its panel, the form is cleared)", async () => {
    const answer = await handleInquiryPost(services(), nextAddress(), formData({ name: "هند", phone: "0501110001", altcha: await solvedProof(db()) }));
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toEqual({ status: "success", initialValue: null });
    expect(await storedFor("+966501110001")).toHaveLength(1);
  });

  it("answers a filled honeypot with the same success and stores nothing", async () => {
    const answer = await handleInquiryPost(services(), nextAddress(), formData({ phone: "0501110002", [HONEYPOT_FIELD]: "spam", altcha: await solvedProof(db()) }));
    expect(answer.data).toEqual({ status: "success", initialValue: null });
    expect(await storedFor("+966501110002")).toEqual([]);
  });

  it("refuses a post without the bot check above the form, keeping what was typed", async () => {
    const answer = await handleInquiryPost(services(), nextAddress(), formData({ phone: "0501110003", message: "مرحبا" }));
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ status: "error", error: { "": [MESSAGES.botCheckFailed] }, initialValue: { phone: "0501110003", message: "مرحبا" } });
    expect(await storedFor("+966501110003")).toEqual([]);
  });

  it("refuses a post over the rate limit with 429 and Retry-After", async () => {
    const address = nextAddress();
    for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i++) await hitRateLimit(db(), { scope: "inquiry", address });
    const answer = await handleInquiryPost(services(), address, formData({ phone: "0501110004", altcha: await solvedProof(db()) }));
    expect(answer.init?.status).toBe(429);
    expect(Number(new Headers(answer.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(answer.data).toMatchObject({ status: "error", error: { "": [MESSAGES.tooManyRequests] }, initialValue: { phone: "0501110004" } });
  });
});
