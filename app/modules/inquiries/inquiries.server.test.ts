import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inquiries } from "~/db/schema.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { createInquiry } from "./inquiries.server.ts";
import { parseInquiry } from "./schema.ts";

const db = useTestDatabase();

describe("inquiry validation (SPEC.md §5)", () => {
  it("requires the phone", () => {
    const result = parseInquiry({ name: "سارة", phone: "  " });
    expect(result).toEqual({ ok: false, errors: { phone: MESSAGES.phoneRequired } });
    expect(parseInquiry({ name: "سارة" })).toMatchObject({ ok: false, errors: { phone: MESSAGES.phoneRequired } });
  });

  it("refuses a phone that is not a number", () => {
    expect(parseInquiry({ phone: "call me" })).toMatchObject({ ok: false, errors: { phone: MESSAGES.phoneInvalid } });
  });

  it("keeps e-mail and message optional but checks an e-mail that is given", () => {
    expect(parseInquiry({ phone: "0501234567" })).toMatchObject({ ok: true, data: { email: "", message: "" } });
    expect(parseInquiry({ phone: "0501234567", email: "not-an-email" })).toMatchObject({ ok: false, errors: { email: MESSAGES.emailInvalid } });
  });

  it("stores an empty name as 'غير محدد' and normalises the phone", () => {
    const result = parseInquiry({ name: "  ", phone: "050 123 4567" });
    expect(result).toMatchObject({ ok: true, data: { name: "غير محدد", phone: "+966501234567" } });
  });
});

describe("createInquiry", () => {
  it("stores a pending inquiry with the offer's own id and title", async () => {
    const offer = await createOffer(db(), { title: "فيلا في حطين" });
    const parsed = parseInquiry({ phone: "0501234567", propertyId: String(offer.id), propertyTitle: "عنوان مزيف" });
    if (!parsed.ok) throw new Error("expected valid");
    const row = await createInquiry(db(), parsed.data);
    const [stored] = await db().select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(stored).toMatchObject({ status: "pending", propertyId: offer.id, propertyTitle: "فيلا في حطين", name: "غير محدد", replyHistory: [] });
  });

  it("stores the name without bidi controls or marks, and the message and title without controls", async () => {
    // U+202E (right-to-left override) would show the name, and what follows it, reversed.
    const parsed = parseInquiry({
      name: "\u202Eمحمد\u202C \u2066العتيبي\u2069\u200F",
      phone: "\u202A0501234567\u202C",
      message: "اتصل على\u202E 0551234567",
      propertyTitle: "شقة\u202D للبيع",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const row = await createInquiry(db(), parsed.data);
    const [stored] = await db().select().from(inquiries).where(eq(inquiries.id, row.id));
    expect(stored).toMatchObject({ name: "محمد العتيبي", phone: "+966501234567", message: "اتصل على 0551234567", propertyTitle: "شقة للبيع" });
    // A name that is only controls is no name.
    expect(parseInquiry({ name: "\u202E\u200F", phone: "0501234567" })).toMatchObject({ ok: true, data: { name: MESSAGES.unnamed } });
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
    const parsed = parseInquiry({ phone: "0501234567", propertyId: "424242", propertyTitle: "شقة" });
    if (!parsed.ok) throw new Error("expected valid");
    const row = await createInquiry(db(), parsed.data);
    expect(row).toMatchObject({ propertyId: null, propertyTitle: "شقة" });
  });
});
