import { formatMoneyArabic } from "~/utils/format.ts";
import { netView, periodLabel, type FinanceTotals } from "../finance-view.ts";

/**
 * The sums of the filtered period above the table: income, expenses and the net, whose sign is
 * said in a word (surplus, deficit, balanced) as well as by its colour.
 */
export function TotalsSummary({ totals, month }: { totals: FinanceTotals; month: string | undefined }) {
  const net = netView(totals.net);
  return (
    <section aria-labelledby="totals-title" className="grid gap-2">
      <h2 id="totals-title" className="text-lg font-bold text-brand-900">
        إجماليات الفترة: <span className="font-normal text-stone-700">{periodLabel(month)}</span>
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="total-income">
          <dt className="text-stone-600">الدخل</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900">{formatMoneyArabic(totals.income)}</dd>
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="total-expense">
          <dt className="text-stone-600">المصروفات</dt>
          <dd className="mt-1 text-2xl font-bold text-brand-900">{formatMoneyArabic(totals.expense)}</dd>
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="total-net">
          <dt className="text-stone-600">الصافي</dt>
          <dd className={`mt-1 flex flex-wrap items-baseline gap-x-2 text-2xl font-bold ${net.tone}`}>
            <span>{formatMoneyArabic(totals.net)}</span>
            <span className="text-base">({net.word})</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
