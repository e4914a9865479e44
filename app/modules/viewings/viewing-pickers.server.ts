import type { AppServices } from "~/context.ts";
import { clientChoiceById, searchClientChoices } from "~/modules/clients/index.server.ts";
import { offerChoiceById, searchOfferChoices } from "~/modules/offers/index.server.ts";
import { canOpenSection, type StaffProfile } from "~/modules/users/index.ts";
import type { Db } from "~/db/client.server.ts";
import { VIEWING_MESSAGES } from "./viewing-labels.ts";

type Search = (db: Db, typed: string) => Promise<unknown[]>;

/** A picker's answer, for whoever may book a viewing (the viewings section's roles) and nobody else (403). */
async function answer(services: Pick<AppServices, "db">, user: StaffProfile, url: URL, search: Search): Promise<Response> {
  if (!canOpenSection(user.role, "viewings")) return Response.json({ error: VIEWING_MESSAGES.bookingDenied }, { status: 403 });
  return Response.json({ choices: await search(services.db, url.searchParams.get("q") ?? "") });
}

/** The scheduling form's offer picker: up to 20 offers by title, place or number. */
export const answerViewingOffers = (services: Pick<AppServices, "db">, user: StaffProfile, url: URL) => answer(services, user, url, searchOfferChoices);

/** The scheduling form's client picker: up to 20 clients by name, phone typed any way, or number. */
export const answerViewingClients = (services: Pick<AppServices, "db">, user: StaffProfile, url: URL) => answer(services, user, url, searchClientChoices);

/** The offer and client a prefilled form opens with (an inquiry's, a client page's, a visitor's request). */
export async function pickedChoices(db: Db, ids: { offerId: string; clientId: string }) {
  const [offer, client] = await Promise.all([
    /^\d{1,9}$/.test(ids.offerId) ? offerChoiceById(db, Number(ids.offerId)) : null,
    /^\d{1,9}$/.test(ids.clientId) ? clientChoiceById(db, Number(ids.clientId)) : null,
  ]);
  return { offer, client };
}
