import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { offers } from "~/db/schema.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { readRecordReference } from "~/utils/record-reference.ts";
import type { OfferChoice } from "./offer-choice.ts";

const OFFER_PICKER_LIMIT = 20;

const choiceColumns = { id: offers.id, label: offers.title, city: offers.city, location: offers.location };

/**
 * An offer picker's answer (the task form's, the viewing form's): up to 20 offers whose title,
 * neighbourhood or city holds the typed text, Arabic-aware (ar_fold, as the public search; the
 * trigram index), newest first; a number ("12", "#12", "١٢") puts offer 12 first, before the
 * offers whose text holds it. Nothing typed: the newest offers. Who may ask is the route's rule.
 */
export async function searchOfferChoices(db: Db, typed: string, limit = OFFER_PICKER_LIMIT): Promise<OfferChoice[]> {
  const q = toAsciiDigits(typed).trim().slice(0, 100);
  const number = readRecordReference(q);
  const text = q.replace(/^#\s*/, "");
  const [byNumber, byText] = await Promise.all([
    number == null ? Promise.resolve([]) : offerChoiceById(db, number).then((offer) => (offer ? [offer] : [])),
    db
      .select(choiceColumns)
      .from(offers)
      .where(text ? sql`${offers.searchText} like ar_fold(${containsPattern(text)})` : undefined)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(limit),
  ]);
  return [...byNumber, ...byText.filter((offer) => offer.id !== byNumber[0]?.id)].slice(0, limit);
}

/** One offer as a picker shows it (a form opened with it chosen); null when there is none. */
export async function offerChoiceById(db: Db, id: number): Promise<OfferChoice | null> {
  const [offer] = await db.select(choiceColumns).from(offers).where(eq(offers.id, id));
  return offer ?? null;
}
