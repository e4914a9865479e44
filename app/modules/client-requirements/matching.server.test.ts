import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { clientRequirements, clients, offerMatches, offers, offerStatuses, settings } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { matchingRequirements, offerForMatching, satisfiedBy } from "./match-rule.server.ts";
import { MATCH_TASKS, offerMatchJobs, recordOfferMatches, recordRequirementMatches, REQUIREMENT_MATCH_LIMIT } from "./matching.server.ts";

const db = useTestDatabase({ connections: 8 });

// Each test starts from no client, requirement, match or queued job.
beforeEach(async () => {
  await db().execute(sql`truncate clients, offers restart identity cascade`);
  await db().execute(sql`delete from graphile_worker._private_jobs`);
});

async function newClient(name = "سعد") {
  const [client] = await db().insert(clients).values({ name }).returning({ id: clients.id });
  return client!.id;
}

/** A requirement the base offer below satisfies in every criterion, changed by `overrides`. */
async function requirement(clientId: number, overrides: Partial<typeof clientRequirements.$inferInsert> = {}) {
  const [row] = await db()
    .insert(clientRequirements)
    .values({
      clientId,
      purpose: "sale",
      propertyTypes: ["شقة", "دوبلكس"],
      cities: ["الرياض"],
      neighbourhoods: ["الرياض/الملقا"],
      budgetMin: 800_000,
      budgetMax: 1_000_000,
      roomsMin: 3,
      areaMin: 150,
      areaMax: 250,
      ...overrides,
    })
    .returning({ id: clientRequirements.id });
  return row!.id;
}

/** For sale, an apartment in الرياض / الملقا, 900,000 riyals, 3 rooms, 200 m². */
const BASE_OFFER = { status: "للبيع", propertyType: "شقة", city: "الرياض", location: "الملقا", price: 900_000, bedrooms: 3, area: 200 } as const;

async function matchedIds(offerId: number) {
  const offer = await offerForMatching(db(), offerId);
  return (await matchingRequirements(db(), offer!)).map((r) => r.id);
}

const queuedJobs = () =>
  db()
    .execute<{ payload: { offerId: number; reason: string; price: number } }>(
      sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = ${MATCH_TASKS.record} order by j.id`,
    )
    .then((r) => r.rows.map((row) => row.payload));

describe("the match of one offer against the clients' requirements", () => {
  it("applies each criterion, and ignores paused requirements", async () => {
    const clientId = await newClient();
    const all = await requirement(clientId);
    const failing = {
      purpose: await requirement(clientId, { purpose: "rent" }),
      type: await requirement(clientId, { propertyTypes: ["فيلا"] }),
      city: await requirement(clientId, { cities: ["جدة"], neighbourhoods: [] }),
      neighbourhood: await requirement(clientId, { neighbourhoods: ["الرياض/النرجس"] }),
      budgetMin: await requirement(clientId, { budgetMin: 950_000 }),
      budgetMax: await requirement(clientId, { budgetMax: 850_000 }),
      rooms: await requirement(clientId, { roomsMin: 4 }),
      areaMin: await requirement(clientId, { areaMin: 250 }),
      areaMax: await requirement(clientId, { areaMax: 150 }),
      paused: await requirement(clientId, { active: false }),
    };
    const edges = await requirement(clientId, { budgetMin: 900_000, budgetMax: 900_000, roomsMin: 3, areaMin: 200, areaMax: 200 });
    const offer = await createOffer(db(), BASE_OFFER);
    const matched = await matchedIds(offer.id);
    expect(matched).toEqual([all, edges]);
    for (const [criterion, id] of Object.entries(failing)) expect(matched, criterion).not.toContain(id);
  });

  it("takes an empty list or an absent limit as any, and a city without a chosen neighbourhood as all of it", async () => {
    const clientId = await newClient();
    const anything = await requirement(clientId, { cities: [], neighbourhoods: [], budgetMin: null, budgetMax: null, roomsMin: null, areaMin: null, areaMax: null });
    const anyCity = await requirement(clientId, { cities: [], neighbourhoods: [] });
    // Jeddah's neighbourhood restricts Jeddah only: in Riyadh any neighbourhood matches.
    const otherCitysHood = await requirement(clientId, { cities: ["الرياض", "جدة"], neighbourhoods: ["جدة/الشاطئ"] });
    // A neighbourhood of the same name in another city is not this one.
    const sameNameElsewhere = await requirement(clientId, { cities: [], neighbourhoods: ["جدة/الملقا"] });
    const offer = await createOffer(db(), BASE_OFFER);
    expect(await matchedIds(offer.id)).toEqual([anything, anyCity, otherCitysHood, sameNameElsewhere]);
    const inJeddah = await createOffer(db(), { ...BASE_OFFER, city: "جدة", location: "الروضة" });
    expect(await matchedIds(inJeddah.id)).toEqual([anything, anyCity]);
  });

  it("compares a rent by its yearly amount, as the price orders do", async () => {
    const clientId = await newClient();
    const yearly = await requirement(clientId, { purpose: "rent", budgetMin: 60_000, budgetMax: 80_000 });
    const monthlyThinking = await requirement(clientId, { purpose: "rent", budgetMin: 5_000, budgetMax: 7_000 });
    const buyer = await requirement(clientId, { purpose: "sale", budgetMin: null, budgetMax: null });
    // 6,000 a month: 72,000 a year.
    const monthly = await createOffer(db(), { ...BASE_OFFER, status: "للإيجار", rentPeriod: "monthly", price: 6_000 });
    expect(await matchedIds(monthly.id)).toEqual([yearly]);
    const daily = await createOffer(db(), { ...BASE_OFFER, status: "للإيجار", rentPeriod: "daily", price: 200 }); // 73,000 a year
    expect(await matchedIds(daily.id)).toEqual([yearly]);
    expect(await matchedIds(monthly.id)).not.toContain(monthlyThinking);
    expect(await matchedIds(monthly.id)).not.toContain(buyer);
  });

  it("is served by the requirements' indexes (the partial GIN on the types, the GiST on the budget range)", async () => {
    const clientId = await newClient();
    await db().execute(sql`
      insert into client_requirements (client_id, purpose, property_types, cities, budget_max, active)
      select ${clientId}, case when g % 2 = 0 then 'sale' else 'rent' end,
             array[(array['شقة', 'فيلا', 'أرض', 'عمارة', 'دوبلكس', 'محل تجاري'])[1 + g % 6]], array['الرياض'], 500000 + g * 100, g % 10 <> 0
      from generate_series(1, 3000) g`);
    await db().execute(sql`analyze client_requirements`);
    const offer = (await offerForMatching(db(), (await createOffer(db(), BASE_OFFER)).id))!;
    const query = db().select({ id: clientRequirements.id }).from(clientRequirements).where(satisfiedBy(offer)).toSQL();
    const plan = await db().transaction(async (tx) => {
      // The table is small here, and the planner may rightly read it whole: this proves an index serves the condition.
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain ${inline(query.sql, query.params)}`));
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toMatch(/client_requirements_(types|budget)_idx/);
  });
});

/** A statement with its parameters written in, for EXPLAIN (the test's own values only). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === "number") return String(value);
    if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v)}"`).join(",")}}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe("recording the matches when an offer becomes public or its price changes", () => {
  it("queues nothing while no requirement is active", async () => {
    const clientId = await newClient();
    await requirement(clientId, { active: false });
    await createOffer(db(), BASE_OFFER);
    expect(await queuedJobs()).toEqual([]);
  });

  it("queues a job when an offer becomes public and when its price changes, none for other saves", async () => {
    const clientId = await newClient();
    await requirement(clientId);
    const draft = await createOffer(db(), { ...BASE_OFFER, status: "مباع" });
    expect(await queuedJobs()).toEqual([]);
    await db().update(offers).set({ status: "للبيع" }).where(eq(offers.id, draft.id));
    await db().update(offers).set({ title: "عنوان آخر" }).where(eq(offers.id, draft.id));
    await db().update(offers).set({ price: 950_000 }).where(eq(offers.id, draft.id));
    // Saved again at the same price before the job ran: still one job.
    await db().update(offers).set({ price: 950_000, bedrooms: 3 }).where(eq(offers.id, draft.id));
    await db().update(offers).set({ status: "مباع", price: 700_000 }).where(eq(offers.id, draft.id));
    expect(await queuedJobs()).toEqual([
      { offerId: draft.id, reason: "published", price: 900_000 },
      { offerId: draft.id, reason: "price", price: 950_000 },
    ]);
  });

  it("reads a status as public by its flag in the lookup list, not by its name", async () => {
    const clientId = await newClient();
    await requirement(clientId);
    await db().insert(offerStatuses).values({ name: "جاهز للسكن", visibility: "available" });
    const offer = await createOffer(db(), { ...BASE_OFFER, status: "جاهز للسكن" });
    expect(await queuedJobs()).toEqual([{ offerId: offer.id, reason: "published", price: 900_000 }]);
    // For sale made internal by the manager: a for-sale offer is no longer a public one.
    await db().update(offerStatuses).set({ visibility: "internal" }).where(eq(offerStatuses.name, "للبيع"));
    try {
      await createOffer(db(), { ...BASE_OFFER, title: "داخلي" });
      expect(await queuedJobs()).toHaveLength(1);
    } finally {
      await db().update(offerStatuses).set({ visibility: "available" }).where(eq(offerStatuses.name, "للبيع"));
    }
  });

  it("records each match once, for jobs run twice or at once; a new price records again", async () => {
    const clientId = await newClient();
    const other = await newClient("نورة");
    const first = await requirement(clientId);
    const second = await requirement(other, { cities: [], neighbourhoods: [] });
    await requirement(other, { propertyTypes: ["فيلا"] });
    const offer = await createOffer(db(), BASE_OFFER);
    const job = { offerId: offer.id, reason: "published", price: 900_000 } as const;
    const added = await Promise.all(Array.from({ length: 6 }, () => recordOfferMatches(db(), job)));
    expect(added.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await recordOfferMatches(db(), job)).toBe(0);
    await db().update(offers).set({ price: 880_000 }).where(eq(offers.id, offer.id));
    await Promise.all([recordOfferMatches(db(), { ...job, reason: "price", price: 880_000 }), recordOfferMatches(db(), { ...job, reason: "price", price: 880_000 })]);
    const rows = await db().select().from(offerMatches).orderBy(offerMatches.id);
    expect(rows.map((r) => [r.requirementId, r.clientId, r.reason, r.price])).toEqual([
      [first, clientId, "published", 900_000],
      [second, other, "published", 900_000],
      [first, clientId, "price", 880_000],
      [second, other, "price", 880_000],
    ]);
  });

  it("records nothing for an offer no longer public or no longer at the job's price", async () => {
    const clientId = await newClient();
    await requirement(clientId);
    const offer = await createOffer(db(), BASE_OFFER);
    await db().update(offers).set({ price: 910_000 }).where(eq(offers.id, offer.id));
    expect(await recordOfferMatches(db(), { offerId: offer.id, reason: "published", price: 900_000 })).toBe(0);
    await db()
      .update(offers)
      .set({ adLicenceEndsAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(offers.id, offer.id));
    expect(await recordOfferMatches(db(), { offerId: offer.id, reason: "price", price: 910_000 })).toBe(0);
    // The public pages' own rule: without a licence number while the settings require one, not public.
    await db().update(settings).set({ requireAdLicence: true });
    const unlicensed = await createOffer(db(), { ...BASE_OFFER, adLicenceNumber: "", adLicenceEndsAt: null });
    expect(await recordOfferMatches(db(), { offerId: unlicensed.id, reason: "published", price: 900_000 })).toBe(0);
  });

  it("runs as the scheduler's task with the trigger's payload", async () => {
    const clientId = await newClient();
    const wanted = await requirement(clientId);
    const offer = await createOffer(db(), BASE_OFFER);
    const [payload] = await queuedJobs();
    await offerMatchJobs(db()).tasks[MATCH_TASKS.record]!(payload, {} as never);
    const [row] = await db().select().from(offerMatches);
    expect(row).toMatchObject({ offerId: offer.id, requirementId: wanted, clientId, reason: "published", price: 900_000, contactedAt: null });
  });
});

describe("a requirement added, changed or resumed, against the offers already public", () => {
  const recorded = async (requirementId: number) =>
    (await db().select({ offerId: offerMatches.offerId, reason: offerMatches.reason }).from(offerMatches).where(eq(offerMatches.requirementId, requirementId)))
      .map((m) => m.offerId)
      .sort((a, b) => a - b);

  it("finds exactly the public offers the offer's side of the rule finds, once however often it runs", async () => {
    const req = await requirement(await newClient());
    const offersMade = {
      base: await createOffer(db(), BASE_OFFER),
      duplex: await createOffer(db(), { ...BASE_OFFER, propertyType: "دوبلكس" }),
      villa: await createOffer(db(), { ...BASE_OFFER, propertyType: "فيلا" }),
      jeddah: await createOffer(db(), { ...BASE_OFFER, city: "جدة" }),
      otherHood: await createOffer(db(), { ...BASE_OFFER, location: "النرجس" }),
      dear: await createOffer(db(), { ...BASE_OFFER, price: 1_100_000 }),
      small: await createOffer(db(), { ...BASE_OFFER, area: 120 }),
      fewRooms: await createOffer(db(), { ...BASE_OFFER, bedrooms: 2 }),
      forRent: await createOffer(db(), { ...BASE_OFFER, status: "للإيجار", rentPeriod: "yearly" }),
    };
    const hidden = await createOffer(db(), { ...BASE_OFFER, status: "مباع" });
    expect(await recordRequirementMatches(db(), req)).toBe(2);
    expect(await recorded(req)).toEqual([offersMade.base.id, offersMade.duplex.id]);
    // Both sides of the rule agree on every offer.
    for (const [name, offer] of Object.entries(offersMade)) expect((await matchedIds(offer.id)).includes(req), name).toBe((await recorded(req)).includes(offer.id));
    expect(await recorded(req)).not.toContain(hidden.id);
    // Again, and twice at once: nothing more.
    expect(await Promise.all([recordRequirementMatches(db(), req), recordRequirementMatches(db(), req)])).toEqual([0, 0]);
    const [{ reasons }] = (await db().execute<{ reasons: string[] }>(sql`select array_agg(distinct reason) as reasons from offer_matches`)).rows as [{ reasons: string[] }];
    expect(reasons).toEqual(["requirement"]);
  });

  it(`takes the newest ${REQUIREMENT_MATCH_LIMIT} when more match, and a paused requirement none`, async () => {
    const made: number[] = [];
    for (let i = 0; i < REQUIREMENT_MATCH_LIMIT + 3; i++) made.push((await createOffer(db(), BASE_OFFER)).id);
    const clientId = await newClient();
    const req = await requirement(clientId);
    expect(await recordRequirementMatches(db(), req)).toBe(REQUIREMENT_MATCH_LIMIT);
    // The factory makes each offer a minute older than the one before: the first made are the newest.
    expect(await recorded(req)).toEqual(made.slice(0, REQUIREMENT_MATCH_LIMIT));
    const paused = await requirement(clientId, { active: false });
    expect(await recordRequirementMatches(db(), paused)).toBe(0);
  });
});
