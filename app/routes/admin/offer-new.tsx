import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { OfferForm, offerFormState } from "~/modules/offers/components/admin/offer-form.tsx";
import { offerStartFromSubmission } from "~/modules/submissions/review.server.ts";
import type { Route } from "./+types/offer-new";

/** A new offer, from SPEC.md §9's defaults or, with ?from=, from an owner's submission and copies of its photos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSectionUser(context, "offers");
  const { db } = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const from = Number(params.get("from"));
  const photoIds = (params.get("photos") ?? "").split(",").filter((id) => /^[a-f0-9]{32}$/.test(id)).slice(0, 30);
  const start = Number.isSafeInteger(from) && from > 0 ? await offerStartFromSubmission(db, from, photoIds) : null;
  const blank = offerFormState();
  const values = start
    ? {
        ...blank,
        title: `${start.submission.propertyType} في ${start.submission.neighbourhood}، ${start.submission.city}`,
        description: start.submission.description,
        propertyType: start.submission.propertyType,
        city: start.submission.city,
        location: start.submission.neighbourhood,
        area: start.submission.area ? String(start.submission.area) : "",
        details: { ...blank.details, additionalNotes: `من طلب المالك ${start.submission.clientName} (${start.submission.clientPhone})` },
      }
    : blank;
  return { choices: await listOfferFormChoices(db), values, photos: start?.photos ?? [], fromSubmission: start ? start.submission.clientName : null };
}

export const meta: Route.MetaFunction = () => [{ title: "إضافة عرض جديد | لوحة التحكم" }];

export default function NewOffer({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إضافة عرض جديد</h1>
      {loaderData.fromSubmission ? <p className="rounded-xl bg-blue-50 p-3 font-bold text-blue-900">البيانات من طلب المالك {loaderData.fromSubmission}؛ راجعها قبل النشر.</p> : null}
      <OfferForm initial={{ values: loaderData.values, photos: loaderData.photos }} choices={loaderData.choices} />
    </div>
  );
}
