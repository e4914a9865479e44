import { useId } from "react";
import { adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { monthChoices } from "~/modules/finance/finance-view.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { monthTitle } from "../statement-view.ts";

/**
 * «الشهر» as the finance page picks one: Arabic month names grouped by year, a year back from the
 * current month (a browser's own month field speaks its interface's language, not the page's).
 */
export function MonthSelect({ chosen, current, describedBy }: { chosen: string; current: string; describedBy?: string }) {
  const id = useId();
  // Named by its label alone (a select inside its label would add its chosen month to the name).
  return (
    <div className={adminLabelClass}>
      <label htmlFor={id}>الشهر</label>
      <select id={id} name="month" defaultValue={chosen.slice(0, 7)} className={`${inputClass} w-48`} aria-invalid={describedBy ? true : undefined} aria-describedby={describedBy}>
        {monthChoices(current.slice(0, 7), null, chosen.slice(0, 7)).map(({ year, months }) => (
          <optgroup key={year} label={formatDigitsArabic(year)}>
            {months.map((month) => (
              <option key={month} value={month}>
                {monthTitle(month)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
