import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { OfferForm, offerFormState } from "~/modules/offers/components/admin/offer-form.tsx";
import { getOfferForEdit } from "~/modules/offers/offer-admin.server.ts";
import type { Route } from "./+types/offer-edit";

/** An unknown id goes back to the list (SPEC.md §5). */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireSectionUser(context, "offers");
  const { db } = context.get(servicesContext);
  const id = Number(params.id);
  const offer = Number.isSafeInteger(id) && id > 0 ? await getOfferForEdit(db, id) : null;
  if (!offer) throw redirect("/admin/offers");
  return { offer, choices: await listOfferFormChoices(db) };
}

export const meta: Route.MetaFunction = () => [{ title: "تعديل العرض | لوحة التحكم" }];

export default function EditOffer({ loaderData }: Route.ComponentProps) {
  const { offer, choices } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">تعديل العرض</h1>
      {/* Keyed by offer: moving from one offer's form to another's starts afresh. */}
      <OfferForm key={offer.id} initial={{ id: offer.id, values: offerFormState(offer), photos: offer.photos }} choices={choices} />
    </div>
  );
}
