// The keyword search of /offers, the header overlay and the home search (decision 002): which offers
// match every word, in which order, and what a keyword that finds nothing was probably meant to be.
import { createHash } from "node:crypto";
import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server.ts";
import { offers, offerSearchPostings, searchVocabulary } from "~/db/schema.ts";
import { FILTERABLE_STATUSES } from "~/modules/search/filters.ts";
import { ARTICLE_PREFIXES, foldSearch, PLACE_MARK, searchTerms, withoutArticle } from "./normalize.ts";
import { readKeyword, type KeywordFacts } from "./keyword-facts.ts";
import { editsOf, parseKeyword, type QueryWord } from "./query.ts";

export interface KeywordSearch {
  /** The words to find in the offers' text ('للبيع' and 'للإيجار' are not among them: see `status`). */
  words: QueryWord[];
  /**
   * The status the keyword's status words ask for ('شقة للإيجار'), as the list's status filter is
   * written; null when they ask for two (no offer is both).
   */
  status?: string | null;
  /** The conditions on the offer's facts the keyword's phrases ask for ('شقة 3 غرف تحت مليون': bedrooms, price), part of `match` too: their words are not among `words`. */
  factsMatch?: SQL;
  /** Every word somewhere in the offer (its title, description, type, city, neighbourhood or units' types), and the status. */
  match: SQL;
}

function overlaps(column: typeof offers.searchAll, stems: string[]): SQL {
  return sql`${column} && ${sql.param(stems)}::text[]`;
}

/** Stems as search_head holds them (SQL search_hashes): the first 64 bits of their md5, signed. */
export function stemHashes(stems: string[]): string[] {
  return stems.map((stem) => BigInt.asIntN(64, BigInt(`0x${createHash("md5").update(stem).digest("hex").slice(0, 16)}`)).toString());
}

/** The bits of these stems in search_signature (SQL search_signature): bit (hash & 63) of each. */
export function signatureMask(stems: string[]): string {
  const mask = stemHashes(stems).reduce((bits, hash) => bits | (1n << (BigInt(hash) & 63n)), 0n);
  return BigInt.asIntN(64, mask).toString();
}

/** The offer's title, status or place holds one of these stems (the GIN index offers_search_head_idx can answer it). */
function headHas(stems: string[]): SQL {
  return sql`${offers.searchHead} && ${sql.param(stemHashes(stems))}::bigint[]`;
}

/**
 * The filterable status each status word means: 'بيع' → 'للبيع', 'ايجار' → 'للإيجار'. The words of
 * these statuses are indexed from an offer's status only (search_document), so the word is the
 * status: matched as the status filter is, which the planner counts right ('للإيجار' with the
 * status filter «للبيع» finds nothing, at once).
 */
const STATUS_OF_STEM = new Map(FILTERABLE_STATUSES.flatMap((status) => searchTerms(status).map((stem) => [stem, status] as const)));

/**
 * The search a keyword asks for, within the list's status filter if one is chosen; none when the
 * keyword has no words (empty, or only stop words and punctuation).
 */
export function keywordSearch(keyword: string | undefined, statusFilter?: string): KeywordSearch | undefined {
  const { words: parsed, ...facts } = readKeyword(keyword ?? "");
  const factsMatch = keywordFacts(facts);
  if (parsed.length === 0 && !factsMatch) return undefined;
  const words = parsed.filter((word) => !word.stems.every((stem) => STATUS_OF_STEM.has(stem)));
  const statuses = new Set<string>(parsed.filter((word) => !words.includes(word)).flatMap((word) => word.stems.map((stem) => STATUS_OF_STEM.get(stem)!)));
  if (statuses.size > 0 && statusFilter) statuses.add(statusFilter);
  const status = statuses.size === 0 ? undefined : statuses.size === 1 ? [...statuses][0]! : null;
  const conditions = words.map((word) => overlaps(offers.searchAll, word.stems));
  if (status !== undefined) conditions.push(status === null ? sql`false` : eq(offers.status, status));
  if (factsMatch) conditions.push(factsMatch);
  return { words, status, ...(factsMatch ? { factsMatch } : {}), match: and(...conditions)! };
}

/** The conditions on the offer's facts a keyword's phrases ask for; undefined for none. */
function keywordFacts(facts: Omit<KeywordFacts, "words">): SQL | undefined {
  const conditions = [
    facts.minBedrooms !== undefined ? gte(offers.bedrooms, facts.minBedrooms) : undefined,
    facts.maxBedrooms !== undefined ? lte(offers.bedrooms, facts.maxBedrooms) : undefined,
    facts.minPrice !== undefined ? gte(offers.price, facts.minPrice) : undefined,
    facts.maxPrice !== undefined ? lte(offers.price, facts.maxPrice) : undefined,
    facts.minArea !== undefined ? gte(offers.area, facts.minArea) : undefined,
    facts.maxArea !== undefined ? lte(offers.area, facts.maxArea) : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

/** The list's filters and what the keyword asks of the offer's facts, for the ranked ways that match words by their own conditions. */
function withKeywordFilters(search: KeywordSearch, filters: SQL | undefined): SQL | undefined {
  return search.factsMatch ? and(filters, search.factsMatch) : filters;
}

/**
 * The ranks, best first: every word in the title (or the status), then every word in the title or
 * the place (city, neighbourhood), then the rest. Each is a condition on search_head alone, so the
 * covering indexes answer it, and each holds the ranks before it.
 */
function rankStems(search: KeywordSearch): [title: string[][], head: string[][]] {
  return [search.words.map((word) => word.stems), search.words.map((word) => [...word.stems, ...word.stems.map((stem) => PLACE_MARK + stem)])];
}

/**
 * A rank read newest first along a covering index, `limit` at most: the entries whose signature
 * has a bit of every word (one AND of two integers each, evaluated before anything else on the
 * entry: the planner would order a comparison of the arrays first), then, among those, the arrays.
 */
async function signatureWalk(db: Db, filters: SQL | undefined, words: string[][], limit: number): Promise<number[]> {
  const bits = words.map((stems) => sql`(${offers.searchSignature} & ${signatureMask(stems)}::bigint) <> 0`);
  const arrays = words.map((stems) => sql`w.search_head && ${sql.param(stemHashes(stems))}::bigint[]`);
  const { rows } = await db.execute<{ id: number }>(
    sql`select w.id from (select ${offers.id} as id, ${offers.searchHead} as search_head from ${offers} where ${and(...bits, filters)} order by ${offers.createdAt} desc, ${offers.id} desc offset 0) as w where ${sql.join(arrays, sql` and `)} limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

type IdQuery = { getSQL(): SQL };

interface Ways {
  /** Walk the ranks rather than fetch the matches. */
  walk: boolean;
  /** Per rank: the planner would read it along an index, so it is read so by its signature; else as the planner would (the GIN index). */
  bySignature: boolean[];
  /**
   * Where the statements that read every match (the fetch, the last rank, the count) read them, each
   * as the planner reckons cheaper: the offers (GIN), or the postings of one of the keyword's words
   * (the index of that word among `RankedQueries.postings`).
   */
  from: { fetch: Source; lastRank: Source; count: Source };
}

type Source = "offers" | number;

/** How the tests ask for a way: fetched or walked (by the planner's plan or by signature), each from the offers or from the postings. */
export type ForcedWay = "fetch" | "walk" | "signature" | "postings fetch" | "postings walk" | "postings of the second word";

function forced(way: ForcedWay): Ways {
  const source: Source = way === "postings of the second word" ? 1 : way.startsWith("postings") ? 0 : "offers";
  return {
    walk: way !== "fetch" && way !== "postings fetch",
    bySignature: [way === "signature", way === "signature"],
    from: { fetch: source, lastRank: source, count: source },
  };
}

/** A few hundred recent answers, each for a minute, the least recently used dropped first; wrapped, as an answer may be `undefined`. */
type RecentAnswers<T> = LRUCache<string, { value: T }>;
const recentAnswers = <T>(): RecentAnswers<T> => new LRUCache({ max: 500, ttl: 60_000 });

/**
 * The way each recent search was answered (its words, filters and limits → fetch or walk): the
 * same search again within a minute (the next page, a popular keyword) skips the EXPLAIN. Only the
 * choice is kept, never the offers found.
 */
const choices = recentAnswers<Ways>();

/** What a search's choice of ways depends on, as text: its words, its status, its filters (rendered once), and its limits. */
function choiceKey(db: Db, search: KeywordSearch, filters: SQL | undefined, limits: object): string {
  const { sql: text, params } = db
    .select({ one: sql`1` })
    .from(offers)
    .where(filters)
    .toSQL();
  return JSON.stringify([search.words.map((word) => word.stems), search.status, text, params, limits]);
}

async function ways(db: Db, q: RankedQueries, key: string, limit: number, thenCount: boolean): Promise<Ways> {
  const known = choices.get(key);
  if (known) return known.value;
  // A walk that reads up to the count itself (the overlay, a deep page) is never followed by the count.
  const kinds: ("fetched" | "lastRank" | "counted")[] = thenCount ? ["fetched", "lastRank", "counted"] : ["fetched", "lastRank"];
  const statements = (source: RankedQueries | RankedQueries["postings"][number]) => kinds.map((kind) => (kind === "lastRank" ? source.lastRank(limit) : source[kind]));
  const [walkTitle, walkHead, ...costs] = await planned(db, [...q.walks, ...[q, ...q.postings].flatMap(statements)]);
  // Per kind, the cheapest source: the offers, or one word's postings. Counts are compared by what
  // reading all they may read costs: the planner's share of a range that holds enough matches is a
  // guess, and two broad words ('فيلا', 'جدة') share far fewer offers than it supposes.
  const cheapest = (kind: number): { source: Source; cost: number } => {
    const bySource = [q, ...q.postings].map((_, i) => {
      const plan = costs[i * kinds.length + kind]!;
      return { source: i === 0 ? ("offers" as const) : i - 1, cost: plan.cost, rank: kinds[kind] === "counted" ? plan.fullCost : plan.cost };
    });
    return bySource.reduce((best, next) => (next.rank < best.rank ? next : best));
  };
  const [fetch, lastRank, count = { source: "offers", cost: 0 }] = kinds.map((_, i) => cheapest(i));
  // A rank that does not fill the page is followed by the next (the last one read as above); the
  // count of a walk runs beside it (rankedPage), so the slower of the two is what a walk costs.
  const ranksCost = walkTitle!.cost + (walkTitle!.rows < limit ? walkHead!.cost + (walkHead!.rows < limit ? lastRank!.cost : 0) : 0);
  const walkCost = Math.max(ranksCost, count.cost);
  // With the signature first, the planner's costs of the two ways compare as they are (measured).
  const choice = {
    walk: fetch!.cost > walkCost,
    bySignature: [walkTitle!.walks, walkHead!.walks],
    from: { fetch: fetch!.source, lastRank: lastRank!.source, count: count.source },
  };
  choices.set(key, { value: choice });
  return choice;
}

interface PlanNode {
  "Node Type": string;
  "Plan Rows": number;
  "Total Cost": number;
  Plans?: PlanNode[];
}

/**
 * The planner's rows and cost of each query, whether it reads an index in order, and what reading
 * all it may read would cost (below its count and its LIMIT: a count whose matches are fewer than
 * the cap reads its whole range, whatever share the planner expected to be enough); one EXPLAIN,
 * planning only, nothing runs.
 */
async function planned(db: Db, queries: IdQuery[]): Promise<{ rows: number; cost: number; fullCost: number; walks: boolean }[]> {
  const { rows } = await db.execute<{ "QUERY PLAN": unknown }>(
    sql`explain (format json) select ${sql.join(
      queries.map((query) => sql`(${query.getSQL()})`),
      sql`, `,
    )}`,
  );
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { Plans: PlanNode[] } }];
  const below = (node: PlanNode): PlanNode => (/^(Aggregate|Limit|Subquery Scan)$/.test(node["Node Type"]) && node.Plans?.[0] ? below(node.Plans[0]) : node);
  return plan[0].Plan.Plans.map((limit) => ({
    rows: limit["Plan Rows"],
    cost: limit["Total Cost"],
    fullCost: below(limit)["Total Cost"],
    walks: /^Index (Only )?Scan$/.test(limit.Plans?.[0]?.["Node Type"] ?? ""),
  }));
}

/**
 * The postings read as if they were offers: their columns are named as the offers' (the offer's
 * id is `id`), so the list's filters and the licence rule, written for offers, apply unchanged.
 */
const postings = alias(offerSearchPostings, "offers");

/**
 * The postings' side of a search, read from one word's postings (the driver): each with the other
 * words among the offer's stems, and each offer's rank from its ranking stems; one posting per
 * offer (a word of two stems, 'بجدة', reads the offer's first).
 */
function postingsMatch(search: KeywordSearch, filters: SQL | undefined, status: SQL | undefined, driver: QueryWord) {
  const driverHashes = sql.param(stemHashes(driver.stems));
  // One stem is compared as one value: `= any(array)`, even of one element, reads the range unordered.
  const conditions =
    driver.stems.length === 1
      ? [sql`${postings.stem} = ${stemHashes(driver.stems)[0]!}::bigint`]
      : [
          sql`${postings.stem} = any(${driverHashes}::bigint[])`,
          sql`${postings.stem} = (select min(h) from unnest(${postings.stems}) as h where h = any(${driverHashes}::bigint[]))`,
        ];
  conditions.push(...search.words.filter((word) => word !== driver).map((word) => sql`${postings.stems} && ${sql.param(stemHashes(word.stems))}::bigint[]`));
  const [titleStems, headStems] = rankStems(search);
  const wordRanks = titleStems.map(
    (stems, i) =>
      sql`case when ${postings.head} && ${sql.param(stemHashes(stems))}::bigint[] then 0 when ${postings.head} && ${sql.param(stemHashes(headStems[i]!))}::bigint[] then 1 else 2 end`,
  );
  return { where: and(filters, status, ...conditions)!, rank: sql`greatest(${sql.join(wordRanks, sql`, `)})` };
}

/**
 * The words whose postings may be read, fewest offers first (by ANALYZE's counts; a stem outside the
 * most common ones counts as none): the two rarest, for the planner to choose between (the filters
 * change which range is shorter: 'فيلا' and 'جدة' with the city جدة).
 */
function drivers(search: KeywordSearch, frequencies: Map<string, number>): QueryWord[] {
  return [...search.words].sort((a, b) => wordFrequency(a, frequencies) - wordFrequency(b, frequencies)).slice(0, 2);
}

/**
 * The postings of a keyword's matches under `filters`, read as offers (the alias `offers`, the
 * offers' column names): its rarest word's postings with the other words among their stems. For a
 * caller that orders them itself and reads a few columns (the map's markers: the point, the price
 * and the recency are all in the postings' index).
 */
export async function keywordPostings(db: Db, search: KeywordSearch, searchFilters: SQL | undefined) {
  const filters = withKeywordFilters(search, searchFilters);
  const [driver] = drivers(search, await commonStems(db));
  const status = search.status === null ? sql`false` : search.status ? eq(offers.status, search.status) : undefined;
  return { postings, where: postingsMatch(search, filters, status, driver!).where };
}

/** How many offers have one of the word's stems, as a share (ANALYZE's); a stem outside the most common ones counts as none. */
function wordFrequency(word: QueryWord, frequencies: Map<string, number>): number {
  return word.stems.reduce((sum, stem) => sum + (frequencies.get(stem) ?? 0), 0);
}

/** The statements of one ranked search: the matches fetched and sorted, the two ranks walked, the last rank, and the count; each of the three from the offers and from the postings. */
function rankedQueries(db: Db, search: KeywordSearch, filters: SQL | undefined, frequencies: Map<string, number>, limits: { fetch: number; walk: number; count: number }) {
  const [titleStems, headStems] = rankStems(search);
  const title = and(...titleStems.map(headHas))!;
  const head = and(...headStems.map(headHas))!;
  const newestFirst = [desc(offers.createdAt), desc(offers.id)];
  const matches = and(filters, search.match)!;
  // The status words are conditions on the status, and rank as if in the title.
  const status = search.status ? eq(offers.status, search.status) : undefined;
  const rank = sql`case when ${title} then 0 when ${head} then 1 else 2 end`;
  const fetched = db
    .select({ id: offers.id })
    .from(offers)
    .where(matches)
    .orderBy(rank, ...newestFirst)
    .limit(limits.fetch);
  const walks = [and(filters, status, title), and(filters, status, head)].map((condition) =>
    db
      .select({ id: offers.id })
      .from(offers)
      .where(condition)
      .orderBy(...newestFirst)
      .limit(limits.walk),
  );
  // The last rank (a word only in the description) newest first: the matches read as the planner
  // would (OFFSET 0 keeps it from turning them into a walk along the recency index with a look at
  // each row), then sorted.
  const lastRank = (limit: number) =>
    db
      .select({ id: sql<number>`m.id` })
      .from(sql`(select ${offers.id} as id, ${offers.createdAt} as created_at, ${rank} as rank from ${offers} where ${matches} offset 0) as m`)
      .where(sql`m.rank = 2`)
      .orderBy(sql`m.created_at desc, m.id desc`)
      .limit(limit);
  // How many match, up to the cap, in whatever order the planner reads them (GIN bitmaps, usually).
  const counted = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    db
      .select({ one: sql`1`.as("one") })
      .from(offers)
      .where(matches)
      .limit(limits.count)
      .as("capped"),
  );
  const postingsNewestFirst = [desc(postings.createdAt), desc(postings.id)];
  const fromPostings = drivers(search, frequencies).map((driver) => {
    const byPostings = postingsMatch(search, filters, status, driver);
    return {
      fetched: db
        .select({ id: postings.id })
        .from(postings)
        .where(byPostings.where)
        .orderBy(byPostings.rank, ...postingsNewestFirst)
        .limit(limits.fetch),
      lastRank: (limit: number) =>
        db
          .select({ id: postings.id })
          .from(postings)
          .where(and(byPostings.where, sql`${byPostings.rank} = 2`))
          .orderBy(...postingsNewestFirst)
          .limit(limit),
      counted: db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
        db
          .select({ one: sql`1`.as("one") })
          .from(postings)
          .where(byPostings.where)
          .limit(limits.count)
          .as("capped"),
      ),
    };
  });
  return { titleStems, headStems, matches, status, fetched, walks, lastRank, counted, postings: fromPostings };
}

type RankedQueries = ReturnType<typeof rankedQueries>;

/** The statements of a source: the offers', or one driver word's postings' (the first's, for a keyword of one word). */
function source(q: RankedQueries, from: Source) {
  return from === "offers" ? q : (q.postings[from] ?? q.postings[0]!);
}

/** The ranks read newest first along the covering indexes, `limit` at most; the last rank (a word only in the description) read as `choice` says. */
async function walkRanks(db: Db, q: RankedQueries, filters: SQL | undefined, choice: Ways, limit: number): Promise<number[]> {
  const ids = new Set<number>();
  for (const [i, stems] of [q.titleStems, q.headStems].entries()) {
    const rows = choice.bySignature[i] ? await signatureWalk(db, and(filters, q.status), stems, limit) : (await q.walks[i]!).map((row) => row.id);
    for (const id of rows) ids.add(id);
    if (rows.length >= limit) return [...ids].slice(0, limit);
  }
  const rows = await source(q, choice.from.lastRank).lastRank(limit - ids.size);
  for (const row of rows) ids.add(row.id);
  return [...ids];
}

/**
 * The ids of the offers that match every word and `filters` (the visibility rule and the list's
 * other filters), best rank first and newest first within a rank, at most `limit`.
 *
 * Two ways, whichever the planner reckons cheaper: few matches are fetched once through the GIN
 * index and sorted by rank; many are read rank by rank along the covering indexes by recency
 * (offers_search_recent_idx, offers_search_city_idx), each rank stopping at `limit`; the last rank
 * (a word only in the description) is then fetched whole, never read row by row along an index.
 * `way` decides for the tests that compare them.
 */
export async function rankedMatches(db: Db, search: KeywordSearch, filters: SQL | undefined, limit: number, way?: ForcedWay): Promise<number[]> {
  return (await rankedPage(db, search, filters, limit, limit - 1, way)).ids;
}

export interface RankedPage {
  /** The best matches in order: at least the first `pageEnd` of them, when there are so many. */
  ids: number[];
  /**
   * How many match, counted up to `countUpTo + 1` (more than `countUpTo`: there are more). A promise:
   * a count of its own runs beside the page, on a connection of its own, while the caller reads the
   * page's cards.
   */
  counted: Promise<number>;
}

/**
 * The first `pageEnd` matches in rank order (see rankedMatches), and how many there are up to
 * `countUpTo + 1`. Fetched, the matches are all read anyway, so the ids come up to the count; walked,
 * only the page's ids are read in order (a broad word's count would otherwise walk a thousand
 * ranked entries), and the count is a statement of its own, sent at once beside the walk; the walk's
 * own length when it ran out first.
 */
export async function rankedPage(db: Db, search: KeywordSearch, searchFilters: SQL | undefined, pageEnd: number, countUpTo: number, way?: ForcedWay): Promise<RankedPage> {
  if (search.status === null) return { ids: [], counted: Promise.resolve(0) };
  const filters = withKeywordFilters(search, searchFilters);
  // A count just past the page (the overlay's eight, a deep page's) is read by the walk itself: a count
  // statement would first build the bitmap of every offer a broad word has.
  const walkLimit = countUpTo + 1 <= 2 * pageEnd ? countUpTo + 1 : pageEnd;
  const frequencies = await commonStems(db);
  const q = rankedQueries(db, search, filters, frequencies, { fetch: countUpTo + 1, walk: walkLimit, count: countUpTo + 1 });
  // A word outside the most common stems has few offers, so fetching its postings is cheap; and the
  // planner's guess of how many would send a walk along the whole index for a word no offer has.
  const rare = search.words.some((word) => !word.stems.some((stem) => frequencies.has(stem)));
  const thenCount = walkLimit <= countUpTo;
  const choice = way ? forced(way) : rare ? undefined : await ways(db, q, choiceKey(db, search, filters, { walkLimit, countUpTo }), walkLimit, thenCount);
  if (!choice?.walk) {
    // A rare word's matches are fetched from its postings, the first driver.
    const ids = (await source(q, choice?.from.fetch ?? 0).fetched).map((row) => row.id);
    return { ids, counted: Promise.resolve(ids.length) };
  }
  const counting = thenCount ? source(q, choice.from.count).counted.then(([count]) => count?.n ?? 0) : undefined;
  // Awaited by the caller, or not at all when the walk fails or runs out first: never an unhandled rejection.
  counting?.catch(() => undefined);
  const ids = await walkRanks(db, q, filters, choice, walkLimit);
  if (ids.length < walkLimit || !counting) return { ids, counted: Promise.resolve(ids.length) };
  return { ids, counted: counting.then((count) => Math.max(count, ids.length)) };
}

/**
 * What a keyword that finds nothing was probably meant to be: each word of 4 letters or more that
 * no offer has, replaced by the word of the offers' titles, types, cities and neighbourhoods one
 * letter away from it that most offers have ('شقة النرجص' → 'شقة النرجس'). None when no word was
 * replaced.
 */
export async function correctedKeyword(db: Db, keyword: string): Promise<string | undefined> {
  // Asked only when the keyword found nothing just now; the vocabulary changes slowly.
  const recent = corrections.get(db) ?? corrections.set(db, recentAnswers()).get(db)!;
  const known = recent.get(keyword);
  if (known) return known.value;
  const corrected = await correct(db, keyword);
  recent.set(keyword, { value: corrected });
  return corrected;
}

/** Recent corrections (keyword → corrected keyword, or none) of each database, for a minute. */
const corrections = new WeakMap<Db, RecentAnswers<string | undefined>>();

async function correct(db: Db, keyword: string): Promise<string | undefined> {
  // Only the words searched as text: a phrase's words («تحت مليون», «3 غرف») are read as facts, never mistyped.
  const candidates = readKeyword(keyword).words.filter((word) => word.folded.length >= 4 && /^[a-z\u0621-\u064A]+$/u.test(word.folded) && foldsAlone(word));
  if (candidates.length === 0) return undefined;
  // A word among the most common stems is known without asking the index (it would read them all).
  const common = await commonStems(db);
  const rare = candidates.filter((word) => !word.stems.some((stem) => common.has(stem)));
  if (rare.length === 0) return undefined;
  // One statement: which of these words no offer has, and the vocabulary's words one edit away from each.
  const editsByWord = rare.map((word) => new Set(basesOf(word.folded).flatMap(editsOf)));
  const { rows: answers } = await db.execute<{ unknown: boolean[]; near: { base: string; surface: string; offers: number }[] | null }>(
    sql`select array[${sql.join(
      rare.map((word) => sql`not search_stems_found(${sql.param(word.stems)}::text[])`),
      sql`, `,
    )}] as unknown, (select json_agg(json_build_object('base', v.base, 'surface', v.surface, 'offers', v.offers)) from ${searchVocabulary} as v where v.base = any(${sql.param([...new Set(editsByWord.flatMap((edits) => [...edits]))])}::text[])) as near`,
  );
  const { unknown = [], near } = answers[0] ?? {};
  const replacements = new Map<string, string>();
  rare.forEach((word, i) => {
    if (!unknown[i]) return;
    const best = bestVocabularyWord((near ?? []).filter((row) => editsByWord[i]!.has(row.base)));
    if (best) replacements.set(word.typed, best);
  });
  if (replacements.size === 0) return undefined;
  return keyword
    .trim()
    .split(/\s+/u)
    .map((typed) => replacements.get(typed) ?? typed)
    .join(" ");
}

/**
 * The keyword with its last word completed, as the header overlay asks while a word is being typed:
 * a last word that is no word of the offers becomes the word of their titles, types, cities and
 * neighbourhoods it begins that most offers have ('شقة النرج' → 'شقة النرجس'); a last word that is
 * only an article ('فيلا ال') is left out. The keyword as it is otherwise.
 */
export async function completedKeyword(db: Db, keyword: string): Promise<string> {
  const words = keyword.trim().split(/\s+/u);
  const last = foldSearch(words.at(-1) ?? "");
  const head = words.slice(0, -1).join(" ");
  if ((ARTICLE_PREFIXES as readonly string[]).includes(last)) return head;
  const base = withoutArticle(last);
  if (!/^[a-z\u0621-\u064A]{2,}$/u.test(base)) return keyword;
  // A word among the most common stems is an offer's word: known without a statement.
  const stems = searchTerms(last);
  if ((await commonStems(db)).has(stems[0] ?? "")) return keyword;
  // One statement: the vocabulary's words it begins, and whether an offer has it as it is.
  const { rows: answers } = await db.execute<{ near: { base: string; surface: string; offers: number }[] | null; found: boolean }>(
    sql`select (select json_agg(json_build_object('base', v.base, 'surface', v.surface, 'offers', v.offers)) from ${searchVocabulary} as v where v.base like ${`${base}%`}) as near, search_stems_found(${sql.param(stems)}::text[]) as found`,
  );
  const rows = answers[0]?.near ?? [];
  if (rows.length === 0 || rows.some((row) => row.base === base) || answers[0]?.found) return keyword;
  const completion = bestVocabularyWord(rows);
  return completion ? [head, completion].filter(Boolean).join(" ") : keyword;
}

const commonStemSets = new WeakMap<Db, { stems: Map<string, number>; at: number }>();

/** The stems ANALYZE found most common in search_all (pg_stats), each with the share of offers that have it, read at most once a minute per database. */
async function commonStems(db: Db): Promise<Map<string, number>> {
  const cached = commonStemSets.get(db);
  if (cached && Date.now() - cached.at < 60_000) return cached.stems;
  const { rows } = await db.execute<{ stems: string[] | null; frequencies: number[] | null }>(
    sql`select most_common_elems::text::text[] as stems, most_common_elem_freqs as frequencies from pg_stats where schemaname = current_schema() and tablename = 'offers' and attname = 'search_all'`,
  );
  const { stems = [], frequencies = [] } = rows[0] ?? {};
  const common = new Map((stems ?? []).map((stem, i) => [stem, Number(frequencies?.[i] ?? 0)]));
  commonStemSets.set(db, { stems: common, at: Date.now() });
  return common;
}

/** A typed word that is one word once folded ('3غرف' is two, and is left as it is). */
function foldsAlone(word: QueryWord): boolean {
  return !/\s/u.test(word.typed) && word.typed.length > 0 && parseKeyword(word.typed).length === 1;
}

/** The vocabulary keys a folded word may be: without its article, and without a leading و, ب or ل. */
function basesOf(folded: string): string[] {
  const base = withoutArticle(folded);
  const bases = [base];
  if (base === folded && /^[وبل]/u.test(folded) && folded.length >= 4) bases.push(withoutArticle(folded.slice(1)));
  return bases.filter((b) => b.length >= 3);
}

/** The base most offers have (ties: the first in code-point order), written as most of them write it. */
function bestVocabularyWord(rows: { base: string; surface: string; offers: number }[]): string | undefined {
  const byBase = new Map<string, { total: number; surface: string; surfaceOffers: number }>();
  for (const row of rows) {
    const entry = byBase.get(row.base) ?? { total: 0, surface: row.surface, surfaceOffers: -1 };
    entry.total += row.offers;
    if (row.offers > entry.surfaceOffers || (row.offers === entry.surfaceOffers && row.surface < entry.surface)) {
      entry.surface = row.surface;
      entry.surfaceOffers = row.offers;
    }
    byBase.set(row.base, entry);
  }
  let best: { base: string; total: number; surface: string } | undefined;
  for (const [base, entry] of byBase) {
    if (!best || entry.total > best.total || (entry.total === best.total && base < best.base)) best = { base, ...entry };
  }
  return best?.surface;
}
