import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { AwaitingApprovals } from "~/modules/finance/components/awaiting-approvals.tsx";
import { FinanceFilters } from "~/modules/finance/components/finance-filters.tsx";
import { FinanceRequestForm } from "~/modules/finance/components/finance-request-form.tsx";
import { MyRequests } from "~/modules/finance/components/my-requests.tsx";
import { TotalsSummary } from "~/modules/finance/components/totals-summary.tsx";
import { TransactionsTable } from "~/modules/finance/components/transactions-table.tsx";
import { handleFinancePost } from "~/modules/finance/finance-action.server.ts";
import { loadFinancePage } from "~/modules/finance/finance-page.server.ts";
import { useLiveRevalidate } from "~/utils/use-live-revalidate.ts";
import type { Route } from "./+types/finance";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "finance");
  return loadFinancePage(context.get(servicesContext).db, user, new URL(request.url));
}

/** The accountant's request (with its receipt, or without) and the manager's decisions: each checked again here and in the module, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "finance");
  return handleFinancePost(context.get(servicesContext), user, request, context);
}

export const meta: Route.MetaFunction = () => [{ title: "المالية | لوحة التحكم" }];

export default function Finance({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate("/admin/finance/events", "finance");
  const { filters, currentMonth, firstMonth, ledger } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">المالية</h1>
      {loaderData.role === "manager" ? <AwaitingApprovals requests={loaderData.awaiting.requests} total={loaderData.awaiting.total} /> : null}
      {loaderData.role === "accountant" ? (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <Section id="finance-request" title="طلب اعتماد مالي">
            <FinanceRequestForm managers={loaderData.managers} lastResult={actionData} />
          </Section>
          <MyRequests requests={loaderData.requests} limit={loaderData.requestsShown} />
        </div>
      ) : null}
      <FinanceFilters filters={filters} currentMonth={currentMonth} firstMonth={firstMonth} />
      <TotalsSummary totals={ledger.totals} month={filters.month} />
      <TransactionsTable rows={ledger.rows} total={ledger.total} page={ledger.page} pageCount={ledger.pageCount} filters={filters} showApproval={loaderData.role === "manager"} />
    </div>
  );
}
