import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invalidateLookups, seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import type { AppServices } from "~/context.ts";
import { clientEvents, clientRequirements, clients, offerMatches } from "~/db/schema.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { countOpenMatches, listOfferMatches, listOpenMatches, markMatchContacted } from "./matches.server.ts";
import { recordOfferMatches } from "./matching.server.ts";
import { handleMatchContacted, handleRequirementsPost, loadRequirementsPage } from "./requirement-pages.server.ts";
import { REQUIREMENT_MESSAGES, requirementSchema } from "./requirement-schema.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const services = () => ({ db: db(), env }) as AppServices;

let office: Office;
beforeAll(async () => {
  await seedLookupDefaults(db());
  invalidateLookups();
});
beforeEach(async () => {
  await db().execute(sql`truncate clients, offers, staff_users restart identity cascade`);
  office = await createOffice(db());
});

async function clientOf(ownerId: number | null, name = "سعد") {
  const [client] = await db().insert(clients).values({ name, ownerId }).returning({ id: clients.id });
  return client!.id;
}

/** The form as the browser posts it: boxes sharing a name post one value each. */
function posted(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  return form;
}

const A_REQUIREMENT = {
  intent: "save",
  purpose: "sale",
  propertyTypes: ["شقة", "فيلا"],
  cities: ["الرياض"],
  neighbourhoods: ["الرياض/الملقا"],
  budgetMin: "٨٠٠ ٠٠٠",
  budgetMax: "1,200,000",
  roomsMin: "٣",
  areaMin: "",
  areaMax: "٤٥٠",
};

/** Runs a page function that may throw its answer (a redirect), as React Router would receive it. */
async function answerOf(run: () => Promise<unknown>) {
  try {
    return await readAnswer((await run()) as Response, env);
  } catch (thrown) {
    if (thrown instanceof Response) return readAnswer(thrown, env);
    throw thrown;
  }
}

describe("the requirement form's rules", () => {
  it("reads numbers as people type them (spaces, commas, Arabic-Indic digits); blank is no limit", () => {
    const submission = parseSubmission(posted(A_REQUIREMENT), requirementSchema);
    if (submission.status !== "success") throw new Error(`refused: ${JSON.stringify(submission.error)}`);
    expect(submission.value).toMatchObject({ purpose: "sale", propertyTypes: ["شقة", "فيلا"], budgetMin: 800_000, budgetMax: 1_200_000, roomsMin: 3, areaMin: null, areaMax: 450 });
  });

  it("refuses in Arabic, under each field: no purpose, no type, words for a number, a maximum below the minimum", () => {
    const submission = parseSubmission(
      posted({ ...A_REQUIREMENT, purpose: "", propertyTypes: [], budgetMin: "مليون", areaMin: "500", areaMax: "300", roomsMin: "-2" }),
      requirementSchema,
    );
    expect(submission.reply().error).toMatchObject({
      purpose: [REQUIREMENT_MESSAGES.purposeRequired],
      propertyTypes: [REQUIREMENT_MESSAGES.typesRequired],
      budgetMin: [REQUIREMENT_MESSAGES.budgetInvalid],
      roomsMin: [REQUIREMENT_MESSAGES.roomsInvalid],
    });
    const order = parseSubmission(posted({ ...A_REQUIREMENT, budgetMin: "900000", budgetMax: "800000", areaMin: "500", areaMax: "300" }), requirementSchema);
    expect(order.reply().error).toMatchObject({ budgetMax: [REQUIREMENT_MESSAGES.budgetOrder], areaMax: [REQUIREMENT_MESSAGES.areaOrder] });
  });
});

describe("a client's requirements page", () => {
  it("adds and changes a requirement, each change on the client's timeline; pausing and resuming too", async () => {
    const clientId = await clientOf(office.employee.id);
    const added = await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted(A_REQUIREMENT)));
    expect(added).toMatchObject({ location: `/admin/clients/${clientId}/requirements`, toast: { tone: "success", text: REQUIREMENT_MESSAGES.added } });
    const [row] = await db().select().from(clientRequirements);
    expect(row).toMatchObject({
      clientId,
      purpose: "sale",
      propertyTypes: ["شقة", "فيلا"],
      cities: ["الرياض"],
      neighbourhoods: ["الرياض/الملقا"],
      budgetMin: 800_000,
      budgetMax: 1_200_000,
      roomsMin: 3,
      areaMin: null,
      areaMax: 450,
      active: true,
    });

    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted({ ...A_REQUIREMENT, id: String(row!.id), purpose: "rent", budgetMax: "" })));
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted({ intent: "active", id: String(row!.id), active: "false" })));
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted({ intent: "active", id: String(row!.id), active: "false" })));
    await answerOf(() => handleRequirementsPost(services(), office.manager, String(clientId), posted({ intent: "active", id: String(row!.id), active: "true" })));
    const [changed] = await db().select().from(clientRequirements);
    expect(changed).toMatchObject({ id: row!.id, purpose: "rent", budgetMax: null, active: true });
    const events = await db().select().from(clientEvents).where(eq(clientEvents.clientId, clientId)).orderBy(clientEvents.id);
    expect(events.map((e) => [e.kind, e.actorId, e.refId, e.details.change])).toEqual([
      ["requirement", office.employee.id, row!.id, "added"],
      ["requirement", office.employee.id, row!.id, "changed"],
      ["requirement", office.employee.id, row!.id, "paused"],
      ["requirement", office.manager.id, row!.id, "resumed"],
    ]);
  });

  it("lists the public offers a requirement already matches when it is added, changed or resumed", async () => {
    const clientId = await clientOf(office.employee.id);
    const place = { propertyType: "شقة", city: "الرياض", location: "الملقا", bedrooms: 3, area: 200 } as const;
    const forSale = await createOffer(db(), { ...place, status: "للبيع", price: 900_000 });
    const forRent = await createOffer(db(), { ...place, status: "للإيجار", rentPeriod: "yearly", price: 60_000 });
    const matched = async () =>
      (await db().select({ offerId: offerMatches.offerId, reason: offerMatches.reason }).from(offerMatches).orderBy(offerMatches.id)).map((m) => [m.offerId, m.reason]);
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted(A_REQUIREMENT)));
    expect(await matched()).toEqual([[forSale.id, "requirement"]]);
    const [row] = await db().select().from(clientRequirements);
    await answerOf(() =>
      handleRequirementsPost(services(), office.employee, String(clientId), posted({ ...A_REQUIREMENT, id: String(row!.id), purpose: "rent", budgetMin: "", budgetMax: "" })),
    );
    expect(await matched()).toEqual([
      [forSale.id, "requirement"],
      [forRent.id, "requirement"],
    ]);
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted({ intent: "active", id: String(row!.id), active: "false" })));
    const whilePaused = await createOffer(db(), { ...place, status: "للإيجار", rentPeriod: "yearly", price: 70_000 });
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(clientId), posted({ intent: "active", id: String(row!.id), active: "true" })));
    expect((await matched()).at(-1)).toEqual([whilePaused.id, "requirement"]);
  });

  it("refuses a value outside the lookup lists, and a requirement of another client, changing nothing and keeping what was typed", async () => {
    const clientId = await clientOf(office.employee.id);
    const otherClient = await clientOf(office.employee.id, "نورة");
    const outside = await answerOf(() =>
      handleRequirementsPost(services(), office.employee, String(clientId), posted({ ...A_REQUIREMENT, propertyTypes: ["قصر"], neighbourhoods: ["جدة/لا يوجد"] })),
    );
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.errors).sort()).toEqual(["neighbourhoods", "propertyTypes"]);
    expect(outside.initialValue).toMatchObject({ budgetMin: "٨٠٠ ٠٠٠", propertyTypes: "قصر" });
    await answerOf(() => handleRequirementsPost(services(), office.employee, String(otherClient), posted(A_REQUIREMENT)));
    const [theirs] = await db().select().from(clientRequirements);
    const foreign = await answerOf(() =>
      handleRequirementsPost(services(), office.employee, String(clientId), posted({ ...A_REQUIREMENT, id: String(theirs!.id), purpose: "rent" })),
    );
    expect(foreign.status).toBe(404);
    expect((await db().select().from(clientRequirements)).map((r) => [r.clientId, r.purpose])).toEqual([[otherClient, "sale"]]);
  });

  it("opens for the manager and the client's owner only: another employee is sent away, nothing changed", async () => {
    const clientId = await clientOf(office.employee.id);
    const unowned = await clientOf(null, "بلا مسؤول");
    expect((await loadRequirementsPage(services(), office.employee, String(clientId))).client).toEqual({ id: clientId, name: "سعد" });
    expect((await loadRequirementsPage(services(), office.manager, String(unowned))).client.id).toBe(unowned);
    for (const [user, id] of [
      [office.colleague, clientId],
      [office.employee, unowned],
      [office.accountant, clientId],
    ] as const) {
      const load = await answerOf(() => loadRequirementsPage(services(), user, String(id)));
      expect(load).toMatchObject({ status: 302, location: "/admin/matches", toast: { tone: "error", text: REQUIREMENT_MESSAGES.notYours } });
      const post = await answerOf(() => handleRequirementsPost(services(), user, String(id), posted(A_REQUIREMENT)));
      expect(post.status).toBe(302);
    }
    expect(await answerOf(() => loadRequirementsPage(services(), office.manager, "999999"))).toMatchObject({ status: 302, toast: { text: "هذا العميل غير موجود" } });
    expect(await db().$count(clientRequirements)).toBe(0);
  });
});

describe("the matches, for the clients' owners", () => {
  async function matchedOffer() {
    const mine = await clientOf(office.employee.id, "عميل سارة");
    const theirs = await clientOf(office.colleague.id, "عميل خالد");
    for (const clientId of [mine, theirs])
      await db()
        .insert(clientRequirements)
        .values({ clientId, purpose: "sale", propertyTypes: ["شقة"] });
    const offer = await createOffer(db(), { status: "للبيع", propertyType: "شقة", price: 500_000 });
    expect(await recordOfferMatches(db(), { offerId: offer.id, reason: "published", price: 500_000 })).toBe(2);
    return { offer, mine, theirs };
  }

  it("lists each employee their own clients' matches, the manager all, the accountant none", async () => {
    const { offer } = await matchedOffer();
    const names = async (user: Office["manager"]) => (await listOpenMatches(db(), user)).map((m) => m.client.name).sort();
    expect(await names(office.manager)).toEqual(["عميل خالد", "عميل سارة"]);
    expect(await names(office.employee)).toEqual(["عميل سارة"]);
    expect(await names(office.colleague)).toEqual(["عميل خالد"]);
    expect(await names(office.accountant)).toEqual([]);
    expect([await countOpenMatches(db(), office.manager), await countOpenMatches(db(), office.employee), await countOpenMatches(db(), office.accountant)]).toEqual([2, 1, 0]);
    expect((await listOfferMatches(db(), office.employee, offer.id)).map((m) => m.client.name)).toEqual(["عميل سارة"]);
    expect((await listOfferMatches(db(), office.manager, offer.id))[0]).toMatchObject({ reason: "published", price: 500_000, offer: { id: offer.id, price: 500_000 } });
  });

  it("«تم التواصل» takes a match off the list once, only for whoever may see it", async () => {
    await matchedOffer();
    const [mineMatch] = await listOpenMatches(db(), office.employee);
    expect(await markMatchContacted(db(), office.colleague, mineMatch!.id)).toBe(false);
    expect(await markMatchContacted(db(), office.accountant, mineMatch!.id)).toBe(false);
    const refused = await answerOf(() => handleMatchContacted(services(), office.colleague, posted({ intent: "contacted", id: String(mineMatch!.id) })));
    expect(refused.status).toBe(404);
    expect(await countOpenMatches(db(), office.employee)).toBe(1);

    const first = new Date("2026-11-28T10:00:00Z");
    await Promise.all([markMatchContacted(db(), office.employee, mineMatch!.id, first), markMatchContacted(db(), office.manager, mineMatch!.id, first)]);
    await markMatchContacted(db(), office.manager, mineMatch!.id, new Date("2026-11-29T10:00:00Z"));
    const [stored] = await db().select().from(offerMatches).where(eq(offerMatches.id, mineMatch!.id));
    expect(stored!.contactedAt).toEqual(first);
    expect(await listOpenMatches(db(), office.employee)).toEqual([]);
    expect(await countOpenMatches(db(), office.manager)).toBe(1);
  });
});
