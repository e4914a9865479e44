import { Link } from "react-router";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatDateBothCalendars } from "~/utils/format.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { halalasText, monthTitle, netText, STATEMENT_COLUMNS, STATEMENT_MESSAGES, type StatementRow } from "../statement-view.ts";
import { PayoutForm } from "./statement-forms.tsx";

/** «٢٩ نوفمبر ٢٠٢٦م»: the Riyadh day of an instant (COPY.md's dates). */
const dayText = (instant: string) => formatDateBothCalendars(riyadhDayOf(instant)).gregorian;

/**
 * Statements as cards (a phone's width has no room for seven columns): the month (an owner's
 * page) or the owner (a month's list), the net, the three amounts, whether it was e-mailed and
 * paid out, its PDF, and «تسجيل الدفع للمالك» while it is not paid out. A statement that left the
 * owner owing is recovered from their next one, or settled by the owner's own transfer
 * («تسجيل سداد المالك», while no later statement carried it: an owner whose contract ended has none).
 */
export function StatementList({ statements, show, back }: { statements: StatementRow[]; show: "month" | "owner"; back: string }) {
  return (
    <ul className="grid gap-3" aria-label={STATEMENT_MESSAGES.section}>
      {statements.map((statement) => {
        const heading = show === "month" ? `كشف ${monthTitle(statement.month)}` : statement.ownerName;
        // A negative net is not paid: the owner's next statement recovers it, or the owner pays it.
        const owes = statement.netHalalas < 0;
        return (
          <li key={statement.id} className="grid gap-3 rounded-xl p-4 ring-1 ring-stone-200" data-testid="statement-card">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="text-lg font-bold text-stone-900">
                {show === "owner" ? (
                  <Link to={`/admin/owners/${statement.ownerId}`} className="text-brand-800 underline-offset-4 hover:underline">
                    <bdi>{heading}</bdi>
                  </Link>
                ) : (
                  heading
                )}
              </h3>
              <p className={`font-bold ${statement.netHalalas < 0 ? "text-red-800" : "text-brand-900"}`} data-testid="statement-net">
                {STATEMENT_COLUMNS.net}: {netText(statement.netHalalas)}
              </p>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
              <div className="flex gap-2">
                <dt className="text-stone-600">{STATEMENT_COLUMNS.collected}:</dt>
                <dd className="font-bold text-stone-900">{halalasText(statement.collectedHalalas)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-stone-600">{STATEMENT_COLUMNS.expenses}:</dt>
                <dd className="font-bold text-stone-900">{halalasText(statement.expensesHalalas)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-stone-600">{STATEMENT_COLUMNS.commission}:</dt>
                <dd className="font-bold text-stone-900">{halalasText(statement.commissionHalalas)}</dd>
              </div>
              {statement.carriedHalalas !== 0 ? (
                <div className="flex flex-wrap gap-x-2 sm:col-span-3">
                  <dt className="text-stone-600">{STATEMENT_COLUMNS.carried}:</dt>
                  <dd className="font-bold text-red-800">{netText(statement.carriedHalalas)}</dd>
                </div>
              ) : null}
            </dl>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              <span className={`rounded-full px-3 py-1 font-bold ${statement.emailedAt ? "bg-emerald-100 text-emerald-900" : "bg-stone-100 text-stone-700"}`}>
                {statement.emailedAt ? `أُرسل بالبريد ${dayText(statement.emailedAt)}` : "لم يُرسل بالبريد"}
              </span>
              {statement.paidOutAt ? (
                <span className="rounded-full bg-emerald-100 px-3 py-1 font-bold text-emerald-900" data-testid="statement-paid">
                  {owes ? "سدّد المالك المبلغ" : "دُفع للمالك"} {dayText(statement.paidOutAt)} · الحوالة <IdentifierText value={statement.payoutReference} />
                </span>
              ) : owes && statement.recoveredIn ? (
                <span className="rounded-full bg-stone-100 px-3 py-1 font-bold text-stone-700">خُصم من كشف {monthTitle(statement.recoveredIn)}</span>
              ) : owes ? (
                <span className="rounded-full bg-red-50 px-3 py-1 font-bold text-red-800">
                  {statement.nextStatementDue ? STATEMENT_MESSAGES.carriedForward : STATEMENT_MESSAGES.noNextStatement}
                </span>
              ) : (
                <span className="rounded-full bg-amber-100 px-3 py-1 font-bold text-amber-900">لم يُدفع بعد</span>
              )}
              {statement.hasPdf ? (
                <a href={`/admin/statements/${statement.id}/pdf`} download className="font-bold text-brand-800 underline underline-offset-4">
                  {STATEMENT_MESSAGES.download} <span className="sr-only">{heading}</span>
                </a>
              ) : null}
            </div>
            {/* A positive statement is paid out whenever; a negative one is settled only until a later statement carries it. */}
            {statement.paidOutAt || (owes && statement.recoveredIn) ? null : (
              <PayoutForm statementId={statement.id} back={back} label={heading} intent={owes ? "settle" : "payout"} />
            )}
          </li>
        );
      })}
    </ul>
  );
}
