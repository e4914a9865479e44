import { NotFoundContent } from "~/components/layout/not-found-content.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { ReportForm } from "~/modules/maintenance/components/report-form.tsx";
import { handleReportPost, loadReportPage } from "~/modules/maintenance/report-page.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { passRetryAfter } from "~/utils/form-reply.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { Route } from "./+types/maintenance";
import { unitTitle } from "~/modules/property-management/index.ts";

/** /maintenance/<token>: a unit's tenant reports a problem, without an account (decision 054). Unknown token: 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadReportPage(context.get(servicesContext), request, params.token);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleReportPost(context.get(servicesContext), request, params.token, context.get(clientAddressContext));
}

/** The token is in the address: it must not leak through the Referer header, and the page is never kept. */
export function headers(args: { actionHeaders: Headers }) {
  return { ...passRetryAfter(args), "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.unit ? `بلاغ صيانة | ${COMPANY_NAME}` : MESSAGES.notFound },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function MaintenanceReport({ loaderData, actionData }: Route.ComponentProps) {
  const { unit, pendingPhone } = loaderData;
  if (!unit) return <NotFoundContent />;
  return (
    <div className="mx-auto grid max-w-2xl gap-5 px-4 py-6">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">بلاغ صيانة</h1>
        <p className="text-lg text-stone-700">
          <bdi>{unitTitle(unit.label)}</bdi> · <bdi>{unit.propertyName}</bdi> · {unit.city}
        </p>
        <p className="leading-7 text-stone-600">صف المشكلة في وحدتك وأرفق صورها إن أمكن. نؤكد رقم جوالك برمز نرسله إليه، ثم يصلك رقم البلاغ.</p>
      </header>
      <ReportForm pendingPhone={pendingPhone} reply={actionData} />
    </div>
  );
}
