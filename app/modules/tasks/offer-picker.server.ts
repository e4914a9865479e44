import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { containsPattern } from "~/db/like.server.ts";
import { offers } from "~/db/schema.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import type { OfferChoice } from "./offer-choice.ts";

const OFFER_PICKER_LIMIT = 20;

/**
 * The task form's offer picker: up to 20 offers whose title, neighbourhood or city holds the
 * typed text, Arabic-aware (ar_fold, as the public search; the trigram index), newest first; a
 * number ("12", "#12", "١٢") puts offer 12 first, before the offers whose text holds it. Nothing typed: the newest offers.
 */
export async function searchOfferChoices(db: Db, typed: string, limit = OFFER_PICKER_LIMIT): Promise<OfferChoice[]> {
  const q = toAsciiDigits(typed).trim().slice(0, 100);
  const columns = { id: offers.id, title: offers.title, city: offers.city, location: offers.location };
  const number = /^#?\s*(\d{1,9})$/.exec(q);
  const text = q.replace(/^#\s*/, "");
  const [byNumber, byText] = await Promise.all([
    number
      ? db
          .select(columns)
          .from(offers)
          .where(eq(offers.id, Number(number[1])))
      : Promise.resolve([]),
    db
      .select(columns)
      .from(offers)
      .where(text ? sql`${offers.searchText} like ar_fold(${containsPattern(text)})` : undefined)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(limit),
  ]);
  return [...byNumber, ...byText.filter((offer) => offer.id !== byNumber[0]?.id)].slice(0, limit);
}
