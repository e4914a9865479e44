import type { Db } from "~/db/client.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import type { SubmissionGoal } from "~/modules/submissions/index.ts";
import { offerStartFromSubmission } from "~/modules/submissions/index.server.ts";
import { getOfferForEdit } from "./offer-admin.server.ts";
import { OFFER_LIMITS, offerFormValues } from "./offer-form-schema.ts";

/** The offer's status an owner's wish starts from: a sale is offered for sale, a rent for rent; management leaves the default. */
const STATUS_OF_GOAL: Partial<Record<SubmissionGoal, string>> = { sale: "للبيع", rent: "للإيجار" };

/** An offer id from the address (`/admin/offers/edit/:id`), or null when it cannot be one. */
export function offerIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return param && /^\d+$/.test(param) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The new-offer form: the defaults (apartment, for sale, Riyadh, price 0) or, with `?from=` (and `&photos=`), filled from an
 * owner's submission with the copies of its photos that "create an offer from this request" made.
 */
export async function loadNewOfferForm(db: Db, params: URLSearchParams) {
  const from = offerIdOf(params.get("from") ?? undefined);
  const photoIds = (params.get("photos") ?? "")
    .split(",")
    .filter((id) => /^[a-f0-9]{32}$/.test(id))
    .slice(0, OFFER_LIMITS.maxPhotos);
  const start = from === null ? null : await offerStartFromSubmission(db, from, photoIds);
  const blank = offerFormValues();
  const submission = start?.submission;
  const values = submission
    ? {
        ...blank,
        title: `${submission.propertyType} في ${submission.neighbourhood}، ${submission.city}`,
        description: submission.description,
        propertyType: submission.propertyType,
        city: submission.city,
        location: submission.neighbourhood,
        area: submission.area ? String(submission.area) : "",
        status: (submission.goal && STATUS_OF_GOAL[submission.goal]) || blank.status,
        price: submission.expectedPrice === null ? blank.price : String(submission.expectedPrice),
        details: { ...blank.details, additionalNotes: `من طلب المالك ${submission.clientName} (${submission.clientPhone})` },
      }
    : blank;
  const [choices, settings] = await Promise.all([listOfferFormChoices(db), getSettings(db)]);
  return {
    initial: { values, photos: start?.photos ?? [] },
    choices,
    fromSubmission: submission ? submission.clientName : null,
    /** The settings' rule (decision 017): the form marks the licence as needed to publish; the save enforces it. */
    licenceRequired: settings.requireAdLicence,
    /** The maps' tiles (settings, decision 022): the coordinate picker's. */
    tileUrl: settings.mapTileUrl,
  };
}

/** The edit form of the offer the address names, or null when there is no such offer. */
export async function loadOfferEditForm(db: Db, param: string | undefined) {
  const id = offerIdOf(param);
  const offer = id === null ? null : await getOfferForEdit(db, id);
  if (!offer) return null;
  // The offer's own values stay in the lists even when the manager has hidden them since.
  const keep = { city: offer.city, neighbourhood: offer.location, propertyType: offer.propertyType, status: offer.status, unitTypes: offer.units.map((unit) => unit.type) };
  const [choices, settings] = await Promise.all([listOfferFormChoices(db, keep), getSettings(db)]);
  return { initial: { id: offer.id, values: offerFormValues(offer), photos: offer.photos }, choices, licenceRequired: settings.requireAdLicence, tileUrl: settings.mapTileUrl };
}
