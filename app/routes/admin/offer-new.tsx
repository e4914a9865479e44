import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { OfferForm, offerFormState } from "~/modules/offers/components/admin/offer-form.tsx";
import type { Route } from "./+types/offer-new";

export async function loader({ context }: Route.LoaderArgs) {
  requireSectionUser(context, "offers");
  return { choices: await listOfferFormChoices(context.get(servicesContext).db) };
}

export const meta: Route.MetaFunction = () => [{ title: "إضافة عرض جديد | لوحة التحكم" }];

export default function NewOffer({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إضافة عرض جديد</h1>
      <OfferForm initial={{ values: offerFormState(), photos: [] }} choices={loaderData.choices} />
    </div>
  );
}
