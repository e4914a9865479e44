import { Link } from "react-router";
import { unitTitle } from "~/modules/property-management/index.ts";
import { formatDateBothCalendars, formatMoneyArabic } from "~/utils/format.ts";
import { InstalmentMark } from "./instalment-mark.tsx";
import type { InstalmentRowData } from "./instalment-table.tsx";

/** A row of the collection board, as its card shows it. */
export interface BoardCardData extends InstalmentRowData {
  leaseId: number;
  tenant: string;
  unit: string;
  property: string;
  owner: string;
}

const money = (halalas: number) => formatMoneyArabic(halalas / 100);

/**
 * The collection board on a phone: one card an instalment, the tenant and the mark first (who is
 * late, and by how long), then the unit, the due day, the owner and the amounts. The board's table
 * needs 48rem and hid the mark past the screen's edge; the page shows these cards below `sm` and the
 * table from `sm` on (the other is `display: none`, out of the accessibility tree).
 */
export function RentBoardCards({ rows, className }: { rows: BoardCardData[]; className: string }) {
  return (
    <ul className={`grid gap-3 ${className}`} aria-label="الأقساط">
      {rows.map((row) => (
        <li key={row.id} className="grid gap-1.5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="rent-card">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link to={`/admin/rent/leases/${row.leaseId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
              <bdi>{row.tenant}</bdi>
            </Link>
            <InstalmentMark state={row.state} daysOverdue={row.daysOverdue} partlyPaid={row.paidHalalas > 0} />
          </div>
          <p className="text-sm text-stone-600">
            <bdi>{unitTitle(row.unit)}</bdi> · <bdi>{row.property}</bdi> · المالك <bdi>{row.owner}</bdi>
          </p>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-stone-600">الاستحقاق</dt>
              <dd className="font-bold text-stone-900">{formatDateBothCalendars(row.dueOn).gregorian}</dd>
            </div>
            <div>
              <dt className="text-stone-600">القسط</dt>
              <dd className="font-bold text-stone-900">{money(row.amountHalalas)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">المسدد</dt>
              <dd className="font-bold text-stone-900">{money(row.paidHalalas)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
