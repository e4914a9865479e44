import type { ReactNode } from "react";
import { formatDateBothCalendars, formatMoneyArabic } from "~/utils/format.ts";
import type { InstalmentState } from "../rent-view.ts";
import { InstalmentMark } from "./instalment-mark.tsx";

/** An instalment as its row shows it. */
export interface InstalmentRowData {
  id: number;
  dueOn: string;
  amountHalalas: number;
  paidHalalas: number;
  state: InstalmentState;
  daysOverdue: number;
}

const money = (halalas: number) => formatMoneyArabic(halalas / 100);

/**
 * The instalments' table, on the rent board and on a lease's ledger: the due date, the page's own
 * columns (`middleTitles`: on the board, the tenant and the owner), the amount, what was paid, the
 * mark. `className` sets the width it scrolls from on a phone.
 */
export function InstalmentTable({ middleTitles = [], className, children }: { middleTitles?: string[]; className: string; children: ReactNode }) {
  return (
    <table className={className}>
      <thead className="bg-stone-50 text-sm text-stone-600">
        <tr>
          {["تاريخ الاستحقاق", ...middleTitles, "القسط", "المسدد", "الحالة"].map((title) => (
            <th key={title} scope="col" className="p-3 text-start">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">{children}</tbody>
    </table>
  );
}

/** One instalment's row of `InstalmentTable`; `children`: the cells of the page's own columns. */
export function InstalmentRow({ instalment, testId, children }: { instalment: InstalmentRowData; testId: string; children?: ReactNode }) {
  return (
    <tr data-testid={testId}>
      <td className="p-3 whitespace-nowrap">{formatDateBothCalendars(instalment.dueOn).gregorian}</td>
      {children}
      <td className="p-3 whitespace-nowrap">{money(instalment.amountHalalas)}</td>
      <td className="p-3 whitespace-nowrap">{money(instalment.paidHalalas)}</td>
      <td className="p-3">
        <InstalmentMark state={instalment.state} daysOverdue={instalment.daysOverdue} partlyPaid={instalment.paidHalalas > 0} />
      </td>
    </tr>
  );
}
