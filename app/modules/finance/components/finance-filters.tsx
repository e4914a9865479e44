import { Form, Link } from "react-router";
import { adminButtonClass, adminCardClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { formatDigitsArabic } from "~/utils/format.ts";
import { ALL_PERIODS, monthChoices, periodLabel, type FinanceFilters as Filters } from "../finance-view.ts";
import { TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from "~/modules/tasks/index.ts";

/**
 * The transactions' filters, a GET form (the address holds them, so a link or a reload keeps them):
 * a calendar month in Riyadh, chosen by its Arabic name from a list grouped by year (the browser's
 * month field has no Arabic: Chromium drew «--------- ----»), or all periods; and the type. Showing
 * resets the page to the first; the page opens on the current month.
 */
export function FinanceFilters({ filters, currentMonth, firstMonth }: { filters: Filters; currentMonth: string; firstMonth: string | null }) {
  const filtered = filters.month !== currentMonth || Boolean(filters.type);
  return (
    // Keyed by the filters: a link that changes them (back, a bookmark) shows them in the fields too.
    <Form
      key={`${filters.month ?? ""}|${filters.type ?? ""}`}
      method="get"
      role="search"
      aria-label="تصفية المعاملات"
      className={`${adminCardClass} grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end`}
    >
      <label className={adminLabelClass}>
        الشهر
        <select name="month" defaultValue={filters.month ?? ALL_PERIODS} className={inputClass}>
          <option value={ALL_PERIODS}>{periodLabel(undefined)}</option>
          {monthChoices(currentMonth, firstMonth, filters.month).map(({ year, months }) => (
            <optgroup key={year} label={formatDigitsArabic(year)}>
              {months.map((month) => (
                <option key={month} value={month}>
                  {periodLabel(month)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <label className={adminLabelClass}>
        النوع
        <select name="type" defaultValue={filters.type ?? ""} className={inputClass}>
          <option value="">الكل</option>
          <Options values={TRANSACTION_TYPES} labels={TRANSACTION_TYPE_LABELS} />
        </select>
      </label>
      <button type="submit" className={adminButtonClass}>
        عرض
      </button>
      {filtered ? (
        <Link to="/admin/finance" className="self-center py-2 font-bold text-brand-700 underline underline-offset-4">
          الشهر الحالي
        </Link>
      ) : null}
    </Form>
  );
}
