import { Link } from "react-router";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { leasePeriodText, leaseState, yearlyRentText } from "../lease-view.ts";
import { unitTitle } from "~/modules/property-management/index.ts";

interface ListedLease {
  id: number;
  unitLabel: string;
  propertyName: string;
  ejarNumber: string;
  startsOn: string;
  endsOn: string;
  terminatedOn: string | null;
  yearlyRentHalalas: number;
}

/** A tenant's leases, newest first, each with where it stands today. */
export function LeasesList({ leases, today }: { leases: ListedLease[]; today: string }) {
  if (!leases.length) return <p className="text-stone-600">لا توجد عقود إيجار بعد.</p>;
  return (
    <ul className="grid gap-2" data-testid="leases">
      {leases.map((lease) => {
        const state = leaseState(lease, today);
        return (
          <li key={lease.id} className="grid gap-1 rounded-xl p-3 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded-full px-2 py-0.5 text-sm font-bold ${state.tone}`}>{state.label}</span>
              <Link to={`/admin/leases/${lease.id}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                <bdi>{unitTitle(lease.unitLabel)}</bdi> في <bdi>{lease.propertyName}</bdi>
              </Link>
            </div>
            <p className="text-sm text-stone-700">{leasePeriodText(lease)}</p>
            <p className="text-sm text-stone-700">
              {yearlyRentText(lease.yearlyRentHalalas)} · رقم عقد إيجار <IdentifierText value={lease.ejarNumber} />
            </p>
          </li>
        );
      })}
    </ul>
  );
}
