import type { ReactNode } from "react";
import { formatDateBothCalendars, formatMoneyArabic } from "~/utils/format.ts";
import { InstalmentMark } from "./instalment-mark.tsx";
import type { InstalmentRowData } from "./instalment-table.tsx";

const money = (halalas: number) => formatMoneyArabic(halalas / 100);

/**
 * Instalments as cards, for a phone: `InstalmentTable` needs 36–48rem, and on a phone its mark
 * (late, and by how long) was past the screen's edge. The pages show these below `sm` and the
 * table from `sm` on; the other is `display: none`, out of the accessibility tree.
 */
export function InstalmentCards({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <ul className={`grid gap-3 ${className}`} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One instalment's card: its `title` (the board's tenant, the ledger's due day) and its mark first,
 * `children` under them (the board's unit and owner), then the due day (unless it is the title),
 * the amount and what was paid.
 */
export function InstalmentCard({
  instalment,
  title,
  testId,
  showDueDay = true,
  children,
}: {
  instalment: InstalmentRowData;
  title: ReactNode;
  testId: string;
  showDueDay?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="grid gap-1.5 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="font-bold">{title}</div>
        <InstalmentMark state={instalment.state} daysOverdue={instalment.daysOverdue} partlyPaid={instalment.paidHalalas > 0} />
      </div>
      {children}
      <dl className={`grid gap-2 text-sm ${showDueDay ? "grid-cols-3" : "grid-cols-2"}`}>
        {showDueDay ? (
          <div>
            <dt className="text-stone-600">الاستحقاق</dt>
            <dd className="font-bold text-stone-900">{formatDateBothCalendars(instalment.dueOn).gregorian}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-stone-600">القسط</dt>
          <dd className="font-bold text-stone-900">{money(instalment.amountHalalas)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">المسدد</dt>
          <dd className="font-bold text-stone-900">{money(instalment.paidHalalas)}</dd>
        </div>
      </dl>
    </li>
  );
}
