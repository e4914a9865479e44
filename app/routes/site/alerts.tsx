import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { handleAlertPost, refuseAlertPost } from "~/modules/alerts/alert-action.server.ts";
import { ALERT_MESSAGES } from "~/modules/alerts/alert-limits.ts";
import { offersHref } from "~/modules/alerts/alert-view.ts";
import { savedSearch, searchDescription } from "~/modules/alerts/alerts.server.ts";
import { AlertForm } from "~/modules/alerts/components/alert-form.tsx";
import { COMPANY_NAME } from "~/utils/company.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { passRetryAfter } from "~/utils/form-reply.server.ts";
import type { Route } from "./+types/alerts";

/** /alerts?<the filters of /offers>: the alert of that search (its form posts here, also without JavaScript). */
export function loader({ request }: Route.LoaderArgs) {
  const { query } = savedSearch(new URL(request.url).searchParams);
  return { query, description: searchDescription(query) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return refuseAlertPost(read);
  return handleAlertPost(context.get(servicesContext), context.get(clientAddressContext), request, read.form);
}

/** A limit's Retry-After reaches a post sent without JavaScript too. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `${ALERT_MESSAGES.title} | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { query, description } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "العروض", to: offersHref(query) }, { label: ALERT_MESSAGES.title }]} />
      <div className="mx-auto mt-6 grid max-w-xl gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8">
        <h1 className="text-2xl font-bold text-brand-900">{ALERT_MESSAGES.title}</h1>
        <p className="leading-8 text-stone-700">
          نرسل إلى بريدك العروض الجديدة التي تطابق هذا البحث، في رسالة واحدة في اليوم على الأكثر، بعد أن تؤكد بريدك من الرابط الذي نرسله إليك:
        </p>
        <p className="rounded-xl bg-stone-50 px-4 py-3 ring-1 ring-stone-200">
          <span className="text-sm text-stone-600">البحث: </span>
          <Link to={offersHref(query)} className="font-bold text-ink hover:text-brand-700 hover:underline">
            {description}
          </Link>
        </p>
        <AlertForm search={query ? `?${query}` : ""} />
      </div>
    </div>
  );
}
