import { Form } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { MonthSelect } from "~/modules/owner-statements/components/month-select.tsx";
import { StatementList } from "~/modules/owner-statements/components/statement-list.tsx";
import { handleStatementsPost, loadStatementsPage } from "~/modules/owner-statements/index.server.ts";
import { halalasText, monthTitle, netText, STATEMENT_COLUMNS, STATEMENT_MESSAGES } from "~/modules/owner-statements/statement-view.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/statements";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "statements");
  return loadStatementsPage(context.get(servicesContext), user, new URL(request.url));
}

/** A payout recorded, or a statement issued now (the manager); posted from this page and the owner's. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "statements");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleStatementsPost(context.get(servicesContext), user, read.form);
}

export const meta: Route.MetaFunction = () => [{ title: `${STATEMENT_MESSAGES.section} | إدارة الأملاك` }];

export default function StatementsPage({ loaderData }: Route.ComponentProps) {
  const { month, currentMonth, monthInvalid, statements, totals } = loaderData;
  const back = `/admin/statements?month=${month.slice(0, 7)}`;
  return (
    <div className="grid min-w-0 gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">كشوف حساب الملاك</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <MonthSelect chosen={month} current={currentMonth} describedBy={monthInvalid ? "month-invalid" : undefined} />
        <button type="submit" className={adminButtonClass}>
          عرض
        </button>
        {monthInvalid ? (
          <p id="month-invalid" className="basis-full text-sm font-bold text-red-700">
            {STATEMENT_MESSAGES.monthInvalid}
          </p>
        ) : null}
      </Form>
      <Section id="month-totals" title={`مجموع ${monthTitle(month)}`}>
        <dl className="grid gap-3 sm:grid-cols-4" data-testid="month-totals">
          {(
            [
              [STATEMENT_COLUMNS.collected, halalasText(totals.collectedHalalas)],
              [STATEMENT_COLUMNS.expenses, halalasText(totals.expensesHalalas)],
              [STATEMENT_COLUMNS.commission, halalasText(totals.commissionHalalas)],
              [STATEMENT_COLUMNS.net, netText(totals.netHalalas)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl bg-brand-50 p-3">
              <dt className="text-sm text-stone-700">{label}</dt>
              <dd className="text-lg font-bold text-brand-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="month-statements" title={`${STATEMENT_MESSAGES.section}: ${monthTitle(month)}`}>
        {statements.length ? <StatementList statements={statements} show="owner" back={back} /> : <p className="text-stone-600">{STATEMENT_MESSAGES.noneInMonth}</p>}
      </Section>
    </div>
  );
}
