import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { MatchList, matchesText } from "~/modules/client-requirements/index.ts";
import { handleMatchContacted, loadMatchesPage, refuseRequirementsPost } from "~/modules/client-requirements/index.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/matches";

// The manager sees every client's matches, an employee their own clients' (the module filters).
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "matches");
  return loadMatchesPage(context.get(servicesContext).db, user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "matches");
  const read = await readForm(request, context);
  if (!read.ok) return refuseRequirementsPost(read);
  return handleMatchContacted(context.get(servicesContext), user, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "عملاء مهتمون | لوحة التحكم" }];

export default function Matches({ loaderData }: Route.ComponentProps) {
  const { matches } = loaderData;
  return (
    <div className="grid max-w-4xl gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">عملاء مهتمون</h1>
        <p className="text-stone-700">
          عملاء نُشر عرض يطابق طلبهم أو تغيّر سعره. تواصل معهم ثم اضغط «تم التواصل». {matches.length ? `(${matchesText(matches.length)} بانتظار التواصل)` : ""}
        </p>
      </div>
      <MatchList matches={matches} empty="لا يوجد عملاء بانتظار التواصل الآن." />
    </div>
  );
}
