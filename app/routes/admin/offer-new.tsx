import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { regaClientOf } from "~/modules/ad-licences/index.server.ts";
import { OfferForm } from "~/modules/offer-admin/components/offer-form.tsx";
import { handleOfferSave } from "~/modules/offer-admin/offer-admin-post.server.ts";
import { loadNewOfferForm } from "~/modules/offer-admin/offer-form-page.server.ts";
import { saveOfferOrStay } from "~/modules/offer-admin/offer-save-client.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offer-new";

/** A new offer, from the defaults (apartment, for sale, Riyadh, price 0) or, with ?from=, from an owner's submission and copies of its photos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "offers");
  const services = context.get(servicesContext);
  // «تحقق من الترخيص» is offered when REGA is configured on this server (decision 047).
  return { ...(await loadNewOfferForm(services.db, new URL(request.url).searchParams)), regaOn: regaClientOf(services.env).configured };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "offers");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleOfferSave(context.get(servicesContext), user, read.form);
}

export const clientAction = saveOfferOrStay;
export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "إضافة عرض جديد | لوحة التحكم" }];

export default function NewOffer({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إضافة عرض جديد</h1>
      {loaderData.fromSubmission ? (
        <p className="rounded-xl bg-blue-50 p-3 font-bold text-blue-900">البيانات من طلب المالك {loaderData.fromSubmission}؛ راجعها قبل النشر.</p>
      ) : null}
      <OfferForm initial={loaderData.initial} choices={loaderData.choices} licenceRequired={loaderData.licenceRequired} tileUrl={loaderData.tileUrl} regaOn={loaderData.regaOn} />
    </div>
  );
}
