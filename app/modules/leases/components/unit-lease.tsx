import { Link } from "react-router";
import { formatDateWithHijri } from "~/utils/format.ts";

/** A unit's line on its property's page: the lease in force (tenant, last day) with its link, or a link to a new one. */
export function UnitLease({ unitId, lease, canEdit }: { unitId: number; lease: { id: number; tenantName: string; endsOn: string } | undefined; canEdit: boolean }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm" data-testid={`unit-lease-${unitId}`}>
      {lease ? (
        <>
          <span>
            مؤجرة إلى <bdi className="font-bold">{lease.tenantName}</bdi> حتى {formatDateWithHijri(lease.endsOn)}
          </span>
          <Link to={`/admin/leases/${lease.id}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            عقد الإيجار
          </Link>
        </>
      ) : (
        <span className="text-stone-700">شاغرة</span>
      )}
      {canEdit ? (
        <Link to={`/admin/leases/new?unit=${unitId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
          عقد إيجار جديد
        </Link>
      ) : null}
    </p>
  );
}
