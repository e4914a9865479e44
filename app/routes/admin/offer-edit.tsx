import { redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { Section } from "~/components/admin/section.tsx";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { regaClientOf } from "~/modules/ad-licences/index.server.ts";
import { AvailabilityPanel } from "~/modules/availability/index.ts";
import { offerAvailabilityOf } from "~/modules/availability/index.server.ts";
import { MatchList } from "~/modules/client-requirements/index.ts";
import { loadOfferMatches } from "~/modules/client-requirements/index.server.ts";
import { OfferForm } from "~/modules/offer-admin/components/offer-form.tsx";
import { handleOfferSave } from "~/modules/offer-admin/offer-admin-post.server.ts";
import { loadOfferEditForm } from "~/modules/offer-admin/offer-form-page.server.ts";
import { saveOfferOrStay } from "~/modules/offer-admin/offer-save-client.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offer-edit";

/** An unknown id goes back to the list. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "offers");
  const { db, env } = context.get(servicesContext);
  const form = await loadOfferEditForm(db, params.id);
  if (!form) throw redirect("/admin/offers");
  // When its availability was last confirmed, with the one-tap confirmation (decision 046), and
  // the clients whose requirements it matched (decision 050): the manager's all, an employee's own.
  const [availability, matches] = await Promise.all([offerAvailabilityOf(db, form.initial.id), loadOfferMatches(db, user, form.initial.id)]);
  // «تحقق من الترخيص» is offered when REGA is configured on this server (decision 047).
  return { ...form, availability, matches, now: new Date().toISOString(), regaOn: regaClientOf(env).configured };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "offers");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleOfferSave(context.get(servicesContext), user, read.form, params.id);
}

export const clientAction = saveOfferOrStay;
export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "تعديل العرض | لوحة التحكم" }];

export default function EditOffer({ loaderData }: Route.ComponentProps) {
  const { initial, choices, licenceRequired, tileUrl, regaOn, availability, matches, now } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">تعديل العرض</h1>
      {availability && <AvailabilityPanel offerId={initial.id} title={initial.values.title} confirmedAt={availability.confirmedAt} by={availability.by} now={now} />}
      {/* Keyed by offer: moving from one offer's form to another's starts afresh. */}
      <OfferForm key={initial.id} initial={initial} choices={choices} licenceRequired={licenceRequired} tileUrl={tileUrl} regaOn={regaOn} />
      <Section id="offer-matches" title="عملاء مهتمون بهذا العرض">
        <MatchList matches={matches} showOffer={false} empty="لم يطابق هذا العرض طلب أي عميل حتى الآن." />
      </Section>
    </div>
  );
}
