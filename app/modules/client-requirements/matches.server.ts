import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { clientPhones, clients, offerMatches, offers } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import type { MatchView } from "./requirement-view.ts";

export type { MatchView };

/** The most matches the page lists at once (the oldest wait below the newest; «تم التواصل» makes room). */
const MATCHES_LISTED = 200;

/** The matches `user` may see: the manager every client's, an employee their own clients', the accountant none. */
function visibleTo(user: Pick<StaffProfile, "id" | "role">): SQL {
  if (user.role === "manager") return sql`true`;
  if (user.role === "staff") return eq(clients.ownerId, user.id);
  return sql`false`;
}

/** A client's first phone (they may have several: client_phones), for the call and WhatsApp links. */
const firstPhone = sql<
  string | null
>`(select ${clientPhones.phone} from ${clientPhones} where ${clientPhones.clientId} = ${clients.id} order by ${clientPhones.addedAt}, ${clientPhones.phone} limit 1)`;

function selectMatches(db: Db, where: SQL) {
  return db
    .select({
      id: offerMatches.id,
      reason: offerMatches.reason,
      price: offerMatches.price,
      matchedAt: offerMatches.matchedAt,
      contactedAt: offerMatches.contactedAt,
      clientId: clients.id,
      clientName: clients.name,
      phone: firstPhone,
      offerId: offers.id,
      title: offers.title,
      offerPrice: offers.price,
      rentPeriod: offers.rentPeriod,
      city: offers.city,
      location: offers.location,
    })
    .from(offerMatches)
    .innerJoin(clients, eq(clients.id, offerMatches.clientId))
    .innerJoin(offers, eq(offers.id, offerMatches.offerId))
    .where(where)
    .orderBy(desc(offerMatches.matchedAt), desc(offerMatches.id))
    .limit(MATCHES_LISTED)
    .then((rows) =>
      rows.map((row): MatchView => ({
        id: row.id,
        reason: row.reason,
        price: row.price,
        matchedAt: row.matchedAt.toISOString(),
        contactedAt: row.contactedAt?.toISOString() ?? null,
        client: { id: row.clientId, name: row.clientName, phone: row.phone },
        offer: { id: row.offerId, title: row.title, price: row.offerPrice, rentPeriod: row.rentPeriod, city: row.city, location: row.location },
      })),
    );
}

/** The matches not yet marked «تم التواصل» that `user` may see, newest first. */
export function listOpenMatches(db: Db, user: Pick<StaffProfile, "id" | "role">): Promise<MatchView[]> {
  return selectMatches(db, and(isNull(offerMatches.contactedAt), visibleTo(user))!);
}

/** How many matches wait for `user` (the menu's count). */
export async function countOpenMatches(db: Db, user: Pick<StaffProfile, "id" | "role">): Promise<number> {
  if (user.role === "accountant") return 0;
  const [row] = await db
    .select({ n: count() })
    .from(offerMatches)
    .innerJoin(clients, eq(clients.id, offerMatches.clientId))
    .where(and(isNull(offerMatches.contactedAt), visibleTo(user)));
  return row?.n ?? 0;
}

/** One offer's matches that `user` may see, open or contacted (its back-office page), newest first. */
export function listOfferMatches(db: Db, user: Pick<StaffProfile, "id" | "role">, offerId: number): Promise<MatchView[]> {
  return selectMatches(db, and(eq(offerMatches.offerId, offerId), visibleTo(user))!);
}

/**
 * «تم التواصل»: the match leaves the list, once (a second press, or two at once, change nothing
 * more). Refused (false) for a match `user` may not see or that does not exist.
 */
export async function markMatchContacted(db: Db, user: Pick<StaffProfile, "id" | "role">, matchId: number, now = new Date()): Promise<boolean> {
  const [match] = await db
    .select({ id: offerMatches.id })
    .from(offerMatches)
    .innerJoin(clients, eq(clients.id, offerMatches.clientId))
    .where(and(eq(offerMatches.id, matchId), visibleTo(user)));
  if (!match) return false;
  await db
    .update(offerMatches)
    .set({ contactedAt: now, contactedBy: user.id })
    .where(and(eq(offerMatches.id, matchId), isNull(offerMatches.contactedAt)));
  return true;
}
