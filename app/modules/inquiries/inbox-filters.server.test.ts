import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inquiries } from "~/db/schema.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { inboxPage, parseInboxFilters } from "./inbox.server.ts";
import { inquirerName, inquiriesText, VISITOR_NAME } from "./status.ts";

const db = useTestDatabase();
const NOW = Date.parse("2026-11-28T09:00:00Z");
const HOUR = 3600_000;

let employee: StaffProfile;
let villa: number;
let flat: number;
beforeAll(async () => {
  employee = await createStaffUser(db(), { name: "سارة", username: "sara.filters", phone: "0551110101", role: "staff" });
  villa = (await createOffer(db(), { title: "فيلا حطين" })).id;
  flat = (await createOffer(db(), { title: "شقة العليا" })).id;
  // 60 inquiries an hour apart, newest first: every third about the villa, every fifth replied.
  await db()
    .insert(inquiries)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        name: i % 7 === 0 ? MESSAGES.unnamed : `عميل ${i}`,
        phone: "+966551234567",
        propertyId: i % 3 === 0 ? villa : i % 3 === 1 ? flat : null,
        propertyTitle: i % 3 === 0 ? "فيلا حطين" : i % 3 === 1 ? "شقة العليا" : "",
        status: i % 5 === 0 ? ("replied" as const) : ("pending" as const),
        createdAt: new Date(NOW - i * HOUR - 1000),
      })),
    );
});

const page = (query: string) => inboxPage(db(), employee, parseInboxFilters(new URLSearchParams(query)), NOW);

describe("the inbox's filters, counted and paged in the database", () => {
  it("late: pending and older than 24 hours, counted in all whatever else is chosen", async () => {
    // Pending ones from hour 24 on (i ≥ 24): 36 rows, of which 7 replied.
    const late = await page("late=1");
    expect(late.total).toBe(29);
    expect(late.lateCount).toBe(29);
    expect(late.cards.every((card) => card.late && card.status === "pending")).toBe(true);
    // The count in the filter's label stays the whole inbox's whatever the other filters.
    expect((await page("status=replied")).lateCount).toBe(29);
    expect(inquiriesText(29, "لا يوجد")).toBe("٢٩ استفسارًا");
    expect(inquiriesText(0, "لا يوجد")).toBe("لا يوجد");
    expect(inquiriesText(2)).toBe("استفساران");
    expect(inquiriesText(3)).toBe("٣ استفسارات");
  });

  it("by offer, by status, and both with late; the chosen offer is among the choices", async () => {
    const villaOnly = await page(`offer=${villa}`);
    expect(villaOnly.total).toBe(20);
    expect(villaOnly.cards.every((card) => card.propertyId === villa)).toBe(true);
    expect((await page(`offer=${villa}&late=1&status=pending`)).cards.every((card) => card.propertyId === villa && card.late)).toBe(true);
    expect((await page(`offer=${villa}&status=replied`)).total).toBe(4);
    expect(villaOnly.offers.map((offer) => offer.id)).toEqual([villa, flat]);
    const unasked = (await createOffer(db(), { title: "أرض بلا استفسارات" })).id;
    const none = await page(`offer=${unasked}`);
    expect(none.total).toBe(0);
    expect(none.offers[0]).toEqual({ id: unasked, title: "أرض بلا استفسارات" });
  });

  it("pages 50 at a time, newest first, with how many match", async () => {
    const first = await page("");
    expect(first.total).toBe(60);
    expect(first.pageCount).toBe(2);
    expect(first.cards).toHaveLength(50);
    const second = await page("page=2");
    expect(second.cards).toHaveLength(10);
    expect(second.cards[0]!.createdAt < first.cards.at(-1)!.createdAt).toBe(true);
    expect(parseInboxFilters(new URLSearchParams("page=0&late=yes&offer=x"))).toEqual({ status: undefined, q: undefined });
  });

  it("an inquirer who gave no name is a visitor, not «غير محدد»", async () => {
    expect(inquirerName(MESSAGES.unnamed)).toBe(VISITOR_NAME);
    expect(inquirerName("  ")).toBe("زائر");
    expect(inquirerName("محمد")).toBe("محمد");
  });

  it("the filters use the indexes: late by status and date, offer by offer and date", async () => {
    await db().execute(sql`set enable_seqscan = off`);
    const plan = async (where: string) =>
      (await db().execute<{ "QUERY PLAN": string }>(sql.raw(`explain select id from inquiries where ${where} order by created_at desc limit 50`))).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    expect(await plan(`property_id = ${villa}`)).toContain("inquiries_property_created_idx");
    expect(await plan(`status = 'pending' and created_at < now() - interval '1 day'`)).toMatch(/inquiries_(status_created|created_at)_idx/);
    await db().execute(sql`set enable_seqscan = on`);
  });
});
