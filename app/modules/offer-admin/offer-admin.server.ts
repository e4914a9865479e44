import { and, asc, desc, eq, gt, inArray, isNull, like, lt, lte, not, or, sql, type SQL } from "drizzle-orm";
import { containsPattern } from "~/db/like.server.ts";
import type { Db, Tx } from "~/db/client.server.ts";
import { images, offerImages, offers, settings, stagedImages } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import { deleteImageFiles, deleteImages, imageColumns, imageFileColumns, type ImageFiles } from "~/modules/images/images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { publishOfferChange } from "~/modules/live-updates/event-hub.server.ts";
import { addLookupValues, invalidateLookups } from "~/modules/lookups/lookups.server.ts";
import { foldSearch } from "~/modules/search/index.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { ADVERTISED_STATUSES, adLicenceState, isAdvertisedStatus, LICENCE_EXPIRING_DAYS, licenceEndsAt, type AdLicenceState } from "~/modules/ad-licences/index.ts";
import { AD_LICENCE_MESSAGES, RENT_STATUS, type RegaWithdrawal } from "~/modules/ad-licences/index.ts";
import { REGA_VERDICT_MESSAGES } from "~/modules/ad-licences/index.server.ts";
import { BULK_STATUS_MESSAGES } from "./bulk-status.ts";
import { referenceNumberOf, type AdminOfferFilters, type AdminOfferSort } from "./admin-offer-filters.ts";
import type { OfferFormData } from "./offer-form-schema.ts";
import type { AdminOfferRow } from "~/modules/offers/index.ts";
import { listOfferPhotos, offerFields, offerVisibilityCondition } from "~/modules/offers/index.server.ts";

const ADMIN_PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one query of the back-office list (and of every page that links to it with these filters):
 * a title's words, Arabic-folded as the keyword search folds them (search_fold, stored as title_folded with its trigram index),
 * or a reference number; the status, city and type as stored; the ad licence's state at `now`
 * (as adLicenceState reads it: none = no number or no expiry, ended, ending within 14 days).
 */
function adminOffersWhere(filters: AdminOfferFilters, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.q) {
    const reference = referenceNumberOf(filters.q);
    // «#١٢٣» names a reference number only; «١٢٣» alone may also be in a title.
    const words = reference !== null && filters.q.trim().startsWith("#") ? [] : foldSearch(filters.q).split(" ").filter(Boolean);
    const title = words.length ? and(...words.map((word) => like(offers.titleFolded, containsPattern(word)))) : undefined;
    const byReference = reference === null ? undefined : eq(offers.id, reference);
    conditions.push((title && byReference ? or(byReference, title) : (title ?? byReference)) ?? sql`false`);
  }
  if (filters.status) conditions.push(eq(offers.status, filters.status));
  if (filters.city) conditions.push(eq(offers.city, filters.city));
  if (filters.type) conditions.push(eq(offers.propertyType, filters.type));
  if (filters.licence) {
    const none = or(eq(offers.adLicenceNumber, ""), isNull(offers.adLicenceExpiresOn), isNull(offers.adLicenceEndsAt))!;
    const soon = new Date(now.getTime() + LICENCE_EXPIRING_DAYS * DAY_MS);
    if (filters.licence === "none") conditions.push(none);
    else if (filters.licence === "ended") conditions.push(and(not(none), lte(offers.adLicenceEndsAt, now))!);
    else conditions.push(and(not(none), gt(offers.adLicenceEndsAt, now), lte(offers.adLicenceEndsAt, soon))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const ADMIN_ORDERS: Record<AdminOfferSort, SQL[]> = {
  new: [desc(offers.createdAt), desc(offers.id)],
  old: [asc(offers.createdAt), asc(offers.id)],
  "price-asc": [asc(offers.price), asc(offers.id)],
  "price-desc": [desc(offers.price), desc(offers.id)],
};

/** The offers of the back-office list under its filters and order, a page at a time, with how many match. */
export async function listAdminOffers(
  db: Db,
  filters: AdminOfferFilters = { sort: "new", page: 1 },
  now: Date = new Date(),
): Promise<{ rows: AdminOfferRow[]; total: number; page: number; pageCount: number }> {
  const visibility = filters.hidden ? await offerVisibilityCondition(db, filters.hidden) : undefined;
  const where = visibility ? and(adminOffersWhere(filters, now), visibility) : adminOffersWhere(filters, now);
  const [found, [count]] = await Promise.all([
    db
      .select({
        id: offers.id,
        title: offers.title,
        status: offers.status,
        city: offers.city,
        price: offers.price,
        thumbnail: imageColumns,
        adLicenceNumber: offers.adLicenceNumber,
        adLicenceExpiresOn: offers.adLicenceExpiresOn,
        adLicenceWithdrawn: offers.adLicenceWithdrawn,
      })
      .from(offers)
      .leftJoin(offerImages, and(eq(offerImages.offerId, offers.id), eq(offerImages.position, 0)))
      .leftJoin(images, eq(images.id, offerImages.imageId))
      .where(where)
      .orderBy(...ADMIN_ORDERS[filters.sort])
      .limit(ADMIN_PAGE_SIZE)
      .offset((filters.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .where(where),
  ]);
  const total = count?.n ?? 0;
  // The licence badge: its state now (valid, expiring within 14 days, expired, missing).
  const rows = found.map(({ adLicenceNumber, adLicenceExpiresOn, adLicenceWithdrawn, ...row }) => ({
    ...row,
    licence: adLicenceState({ number: adLicenceNumber, expiresOn: adLicenceExpiresOn, withdrawn: adLicenceWithdrawn }, now),
  }));
  return {
    rows,
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

/** An advertised offer whose licence needs the manager: ended, ending within 14 days, or missing (the dashboard). */
export interface LicenceAttention {
  id: number;
  title: string;
  status: string;
  state: Exclude<AdLicenceState, "valid">;
  expiresOn: string | null;
}

const ATTENTION_LIMIT = 20;

/**
 * The for-sale and for-rent offers whose ad licence is missing, expired or expiring within 14 days
 * at `now`: the ended and missing ones first, then by expiry; at most 20, with how many there are.
 */
export async function listLicencesNeedingAttention(db: Db, now: Date = new Date()): Promise<{ rows: LicenceAttention[]; total: number }> {
  const soon = new Date(now.getTime() + LICENCE_EXPIRING_DAYS * 24 * 60 * 60 * 1000);
  const where = and(
    inArray(offers.status, [...ADVERTISED_STATUSES]),
    or(eq(offers.adLicenceNumber, ""), isNull(offers.adLicenceExpiresOn), isNull(offers.adLicenceEndsAt), lte(offers.adLicenceEndsAt, soon)),
  );
  const [found, [count]] = await Promise.all([
    db
      .select({
        id: offers.id,
        title: offers.title,
        status: offers.status,
        number: offers.adLicenceNumber,
        expiresOn: offers.adLicenceExpiresOn,
        withdrawn: offers.adLicenceWithdrawn,
      })
      .from(offers)
      .where(where)
      .orderBy(
        sql`case when ${offers.adLicenceNumber} = '' or ${offers.adLicenceEndsAt} is null or ${offers.adLicenceEndsAt} <= ${now.toISOString()}::timestamptz then 0 else 1 end`,
        asc(offers.adLicenceEndsAt),
        asc(offers.id),
      )
      .limit(ATTENTION_LIMIT),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(offers)
      .where(where),
  ]);
  const rows = found.map(({ number, withdrawn, ...offer }) => {
    const state = adLicenceState({ number, expiresOn: offer.expiresOn, withdrawn }, now);
    // The query's "within 14 days" and adLicenceState's agree; "valid" would only be a rounding at the edge.
    return { ...offer, state: state === "valid" ? ("expiring" as const) : state };
  });
  return { rows, total: count?.n ?? 0 };
}

/** An offer as the edit form needs it, or null when there is no such offer. */
export async function getOfferForEdit(db: Db, id: number) {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  if (!row) return null;
  const photos = await listOfferPhotos(db, id);
  return {
    ...offerFields(row),
    photos,
  };
}

/** A photo in the form that is not this offer's nor one the user uploaded (any more). */
export const OFFER_PHOTOS_UNAVAILABLE = "بعض الصور لم تعد متاحة، يرجى رفعها من جديد.";

/** A save refused because of what was sent (not a fault of ours): answered with a message per field. */
export class OfferInputError extends Error {
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? "invalid offer");
    this.errors = errors;
  }
}

function offerColumns(data: OfferFormData) {
  return {
    title: data.title,
    description: data.description,
    price: Math.round(data.price),
    propertyType: data.propertyType,
    status: data.status,
    isCorner: data.isCorner,
    location: data.location,
    city: data.city,
    area: data.area,
    bedrooms: data.bedrooms,
    bathrooms: data.bathrooms,
    floors: data.floors,
    locationUrl: data.locationUrl,
    lat: data.coordinates?.lat ?? null,
    lng: data.coordinates?.lng ?? null,
    details: data.details,
    units: data.units,
    rentPeriod: data.rentPeriod,
    adLicenceNumber: data.adLicence.number,
    adLicenceIssuedOn: data.adLicence.issuedOn,
    adLicenceExpiresOn: data.adLicence.expiresOn,
    // The moment the licence stops holding (midnight in Riyadh after its last day): public queries compare it with now().
    adLicenceEndsAt: data.adLicence.expiresOn ? licenceEndsAt(data.adLicence.expiresOn) : null,
    advertiserCapacity: data.adLicence.capacity,
    deedNumber: data.adLicence.deedNumber,
    nationalAddress: data.adLicence.nationalAddress,
    disclosures: data.adLicence.disclosures,
  };
}

/**
 * Whether the settings require an ad licence to publish, read in the saving transaction (not from
 * the process's cache: a change made on another instance holds at once). No settings row yet: the
 * column's default, on.
 */
async function adLicenceRequired(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ required: settings.requireAdLicence }).from(settings).where(eq(settings.id, 1));
  return row?.required ?? true;
}

/**
 * The rules of decision 017 on the offer as it will be stored (its status spelt as the list spells
 * it): a rent offer has its rent period; while the settings require it, a for-sale or for-rent
 * offer has a licence in force — a number, both dates, and an expiry that has not passed in Riyadh.
 * Refused on the fields concerned, the licence number first.
 */
function adLicenceProblems(
  offer: Pick<OfferFormData, "status" | "rentPeriod"> & { adLicence: Pick<OfferFormData["adLicence"], "number" | "issuedOn" | "expiresOn"> },
  required: boolean,
  now: Date,
  withdrawn: RegaWithdrawal | "" = "",
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (offer.status === RENT_STATUS && !offer.rentPeriod) problems.rentPeriod = AD_LICENCE_MESSAGES.rentPeriodRequired;
  if (!required || !isAdvertisedStatus(offer.status)) return problems;
  const { number, issuedOn, expiresOn } = offer.adLicence;
  if (!number || !issuedOn || !expiresOn) return { "adLicence.number": AD_LICENCE_MESSAGES.requiredToPublish, ...problems };
  if (licenceEndsAt(expiresOn).getTime() <= now.getTime()) {
    return { "adLicence.number": AD_LICENCE_MESSAGES.expiredToPublish, "adLicence.expiresOn": AD_LICENCE_MESSAGES.expiredDate, ...problems };
  }
  // REGA said this licence was cancelled or ended (the nightly re-check, decision 047).
  if (withdrawn) return { "adLicence.number": REGA_VERDICT_MESSAGES[withdrawn], ...problems };
  return problems;
}

/** What the row holds of REGA's verification before a save. */
type StoredVerification = { number: string; verifiedAt: Date | null; withdrawn: RegaWithdrawal | ""; endsAt: Date | null };

/**
 * REGA's verification as the save stores it (decision 047): a confirmation made for this save is
 * recorded (and clears a withdrawal); the same licence keeps what it had, and a withdrawn one keeps
 * its end moment (in the past: still off the site); a new or removed licence starts unverified.
 */
function verificationColumns(stored: StoredVerification | null, number: string, rega: { verifiedAt: Date } | undefined) {
  if (rega) return { adLicenceVerifiedAt: rega.verifiedAt, adLicenceWithdrawn: "" as const };
  if (stored && number && stored.number === number) {
    return { adLicenceVerifiedAt: stored.verifiedAt, adLicenceWithdrawn: stored.withdrawn, ...(stored.withdrawn ? { adLicenceEndsAt: stored.endsAt } : {}) };
  }
  return { adLicenceVerifiedAt: null, adLicenceWithdrawn: "" as const, adLicenceCheckedAt: null };
}

/** What REGA's check on save needs of the stored offer: its licence and whether REGA confirmed it and still holds it. */
export async function storedVerification(db: Db, id: number): Promise<Pick<StoredVerification, "number" | "verifiedAt" | "withdrawn"> | null> {
  const [row] = await db
    .select({ number: offers.adLicenceNumber, verifiedAt: offers.adLicenceVerifiedAt, withdrawn: offers.adLicenceWithdrawn })
    .from(offers)
    .where(eq(offers.id, id));
  return row ?? null;
}

/**
 * Adds an offer, or replaces one (id given), in one transaction: the lookup values typed as
 * "other", the offer row, its units and the order of its photos. Photos must be this offer's own
 * or ones this same user uploaded and no save has claimed yet (staged by `user.id`); those are
 * claimed. Photos an edit dropped are deleted with their files once the change is committed.
 * An edit that changes the status leaves an audit entry (`status-change`, `{ from, to }`) in the
 * same transaction: the reports' days on market count from these. While the settings require it,
 * a for-sale or for-rent offer is refused (OfferInputError on `adLicence.number`) without a licence
 * in force at `now` (decision 017). Returns null when the offer to edit does not exist.
 */
export async function saveOffer(
  db: Db,
  storage: PhotoStorage,
  data: OfferFormData,
  {
    id,
    user,
    now = new Date(),
    rega,
  }: {
    id?: number;
    user: Pick<StaffProfile, "id" | "name">;
    now?: Date;
    /** REGA confirmed the licence for this save (decision 047). */
    rega?: { verifiedAt: Date };
  },
): Promise<{ id: number; created: boolean } | null> {
  let dropped: ImageFiles[] = [];
  const savedId = await db.transaction(async (tx) => {
    let previousStatus: string | null = null;
    let previousLicence: AdLicenceEntry | null = null;
    let stored: StoredVerification | null = null;
    if (id !== undefined) {
      const [existing] = await tx
        .select({
          id: offers.id,
          status: offers.status,
          number: offers.adLicenceNumber,
          expiresOn: offers.adLicenceExpiresOn,
          verifiedAt: offers.adLicenceVerifiedAt,
          withdrawn: offers.adLicenceWithdrawn,
          endsAt: offers.adLicenceEndsAt,
        })
        .from(offers)
        .where(eq(offers.id, id))
        .for("update");
      if (!existing) return null;
      stored = existing;
      previousStatus = existing.status;
      previousLicence = licenceEntry(existing);
    }
    // Every photo must already belong to this offer, or be one this user staged: claimed here by
    // deleting its staged row (a concurrent save claiming the same photo waits, then finds none).
    // Never another offer's photo, nor one someone else uploaded. A refusal rolls the claim back.
    const own = id === undefined ? [] : await tx.select({ id: offerImages.imageId }).from(offerImages).where(eq(offerImages.offerId, id));
    const ownIds = new Set(own.map((r) => r.id));
    const wanted = data.photos.filter((photo) => !ownIds.has(photo));
    const claimed = wanted.length
      ? await tx
          .delete(stagedImages)
          .where(and(inArray(stagedImages.imageId, wanted), eq(stagedImages.uploadedBy, user.id), eq(stagedImages.pool, "offer")))
          .returning({ id: stagedImages.imageId })
      : [];
    const allowed = new Set([...claimed.map((r) => r.id), ...ownIds]);
    if (data.photos.some((photo) => !allowed.has(photo)) || new Set(data.photos).size !== data.photos.length) {
      throw new OfferInputError({ photos: OFFER_PHOTOS_UNAVAILABLE });
    }

    // A value typed as "other" that a list already holds (Arabic-folded: 'جده' is 'جدة') is saved as the list spells it.
    const listed = await addLookupValues(tx, {
      city: data.city,
      neighbourhood: data.location,
      propertyType: data.propertyType,
      status: data.status,
      unitTypes: data.units.map((unit) => unit.type),
    });
    const status = listed.status || data.status;
    const saved: OfferFormData = {
      ...data,
      city: listed.city,
      location: listed.neighbourhood,
      propertyType: listed.propertyType || data.propertyType,
      status,
      rentPeriod: status === RENT_STATUS ? data.rentPeriod : "",
      units: data.units.map((unit) => ({ ...unit, type: listed.unitTypes.get(unit.type.trim()) ?? unit.type })),
    };
    // Nothing is published without a licence in force while the settings require one (the lookup values added above roll back too).
    const verification = verificationColumns(stored, saved.adLicence.number, rega);
    const problems = adLicenceProblems(saved, await adLicenceRequired(tx), now, verification.adLicenceWithdrawn);
    if (Object.keys(problems).length) throw new OfferInputError(problems);

    let offerId: number;
    if (id === undefined) {
      // Published now: confirmed available now, by who published it (decision 046; the column's default gives the moment).
      const [row] = await tx
        .insert(offers)
        .values({ ...offerColumns(saved), ...verification, availableConfirmedBy: user.id })
        .returning({ id: offers.id });
      offerId = row!.id;
    } else {
      offerId = id;
      await tx
        .update(offers)
        .set({
          ...offerColumns(saved),
          ...verification,
          updatedAt: sql`now()`,
          // Advertised again (for sale or for rent after another status): confirmed available now, by who did it (decision 046).
          ...(isAdvertisedStatus(saved.status) && !isAdvertisedStatus(previousStatus ?? "") ? { availableConfirmedAt: sql`now()`, availableConfirmedBy: user.id } : {}),
        })
        .where(eq(offers.id, id));
      if (previousStatus !== saved.status) await recordAudit(tx, user, "offer", id, "status-change", { from: previousStatus, to: saved.status });
      await tx.delete(offerImages).where(eq(offerImages.offerId, id));
      const droppedIds = own.map((r) => r.id).filter((photo) => !data.photos.includes(photo));
      if (droppedIds.length) dropped = await tx.delete(images).where(inArray(images.id, droppedIds)).returning(imageFileColumns);
    }
    // An ad licence given, changed or removed is in the audit log (who, when, old → new).
    const licence = licenceEntry({ number: saved.adLicence.number, expiresOn: saved.adLicence.expiresOn });
    if (JSON.stringify(licence) !== JSON.stringify(previousLicence)) await recordAudit(tx, user, "offer", offerId, "ad-licence-change", { from: previousLicence, to: licence });
    await tx.insert(offerImages).values(data.photos.map((imageId, position) => ({ offerId, imageId, position })));
    await publishOfferChange(tx, { id: offerId, kind: id === undefined ? "created" : "updated" });
    return offerId;
  });
  invalidateLookups();
  if (savedId === null) return null;
  await deleteImageFiles(storage, dropped);
  return { id: savedId, created: id === undefined };
}

/** Why one offer of a bulk status change was left as it was, or that it changed (or already had the status). */
export type BulkStatusResult = { id: number; title: string; changed: boolean; error?: undefined } | { id: number; title: string; changed: false; error: string };

/** At most this many offers in one bulk change (two pages of the list). */
const BULK_STATUS_MAX = 100;

/**
 * Gives several offers one status under the offer form's own rules (adLicenceProblems with the
 * settings read in the transaction, the rent period, the status as its list spells it), each offer
 * in its own transaction under a lock on its row: one refused offer leaves the others changed, and
 * the result says, per offer, whether it changed or why not. An offer that already has the status
 * is left alone (no audit entry); one deleted meanwhile is said so. Concurrent changes of the same
 * offers take turns on the row, so each audit entry's `from` is the status the row really had.
 */
export async function changeOffersStatus(
  db: Db,
  user: Pick<StaffProfile, "id" | "name">,
  ids: readonly number[],
  status: string,
  now: Date = new Date(),
): Promise<BulkStatusResult[]> {
  const results: BulkStatusResult[] = [];
  for (const id of [...new Set(ids)].slice(0, BULK_STATUS_MAX)) {
    results.push(
      await db.transaction(async (tx): Promise<BulkStatusResult> => {
        const [row] = await tx
          .select({
            title: offers.title,
            status: offers.status,
            rentPeriod: offers.rentPeriod,
            number: offers.adLicenceNumber,
            issuedOn: offers.adLicenceIssuedOn,
            expiresOn: offers.adLicenceExpiresOn,
            withdrawn: offers.adLicenceWithdrawn,
          })
          .from(offers)
          .where(eq(offers.id, id))
          .for("update");
        if (!row) return { id, title: "", changed: false, error: BULK_STATUS_MESSAGES.gone };
        if (row.status === status) return { id, title: row.title, changed: false };
        const next = {
          status,
          rentPeriod: status === RENT_STATUS ? row.rentPeriod : ("" as const),
          adLicence: { number: row.number, issuedOn: row.issuedOn, expiresOn: row.expiresOn },
        };
        const problems = adLicenceProblems(next, await adLicenceRequired(tx), now, row.withdrawn);
        const first = problems["adLicence.number"] ?? problems.rentPeriod;
        if (first) return { id, title: row.title, changed: false, error: first };
        await tx
          .update(offers)
          .set({ status, rentPeriod: next.rentPeriod, updatedAt: sql`now()` })
          .where(eq(offers.id, id));
        await recordAudit(tx, user, "offer", id, "status-change", { from: row.status, to: status });
        await publishOfferChange(tx, { id, kind: "updated" });
        return { id, title: row.title, changed: true };
      }),
    );
  }
  return results;
}

type AdLicenceEntry = { number: string; expiresOn: string | null };

/** An offer's ad licence as the audit log keeps it; null when it has none. */
const licenceEntry = (licence: { number: string; expiresOn: string | null }): AdLicenceEntry | null =>
  licence.number ? { number: licence.number, expiresOn: licence.expiresOn ?? null } : null;

/** Deletes an offer and its stored photos (rows, then files once committed). False if there was none. */
export async function deleteOffer(db: Db, storage: PhotoStorage, id: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const photos = await tx.select({ id: offerImages.imageId }).from(offerImages).where(eq(offerImages.offerId, id));
    const [row] = await tx.delete(offers).where(eq(offers.id, id)).returning({ id: offers.id });
    if (!row) return null;
    const ids = photos.map((p) => p.id);
    const imageRows = ids.length ? await tx.delete(images).where(inArray(images.id, ids)).returning(imageFileColumns) : [];
    await publishOfferChange(tx, { id, kind: "deleted" });
    return imageRows;
  });
  if (!removed) return false;
  await deleteImageFiles(storage, removed);
  return true;
}

/** Deletes photos uploaded to the form but never saved with an offer, older than `olderThanMs`. */
export async function sweepStagedImages(db: Db, storage: PhotoStorage, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const stale = await db.select({ id: stagedImages.imageId }).from(stagedImages).where(lt(stagedImages.createdAt, cutoff));
  if (!stale.length) return 0;
  // Never one an offer uses (a claim always removes the staged row, but be safe).
  const used = await db
    .select({ id: offerImages.imageId })
    .from(offerImages)
    .where(
      inArray(
        offerImages.imageId,
        stale.map((s) => s.id),
      ),
    );
  const ids = stale.map((s) => s.id).filter((photo) => !used.some((u) => u.id === photo));
  await deleteImages(db, storage, ids);
  return ids.length;
}
