import { servicesContext } from "~/context.ts";
import { PortalList, PortalUnitHeading } from "~/modules/owner-portal/components/portal-list.tsx";
import { loadLeasesEnding, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { LEASES_ENDING_WITHIN_DAYS, leasesText } from "~/modules/owner-portal/portal-view.ts";
import { daysText } from "~/utils/count-words.ts";
import { formatDateWithHijri, formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";
import type { Route } from "./+types/leases";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  return { leases: await loadLeasesEnding(context.get(servicesContext).db, owner.ownerId) };
}

export const meta: Route.MetaFunction = () => [{ title: "عقود تنتهي قريبًا | بوابة الملاك" }];

/** «عقود تنتهي قريبًا»: the owner's leases whose last day is within 90 days, soonest first. */
export default function OwnerLeases({ loaderData }: Route.ComponentProps) {
  const { leases } = loaderData;
  return (
    <PortalList
      title="عقود تنتهي قريبًا"
      intro={`عقود الإيجار التي تنتهي خلال ${formatNumberArabic(LEASES_ENDING_WITHIN_DAYS)} يومًا: ${leasesText(leases.length)}.`}
      items={leases}
      itemKey={(lease) => lease.id}
    >
      {(lease) => (
        <>
          <PortalUnitHeading propertyName={lease.propertyName} unitLabel={lease.unitLabel} />
          <p className="text-stone-700">
            المستأجر: <bdi>{lease.tenantName}</bdi> · الإيجار {formatMoneyArabic(lease.yearlyRentHalalas / 100)} سنويًا
          </p>
          <p>
            ينتهي في {formatDateWithHijri(lease.endsOn)} · {lease.daysLeft > 0 ? `بعد ${daysText(lease.daysLeft)}` : "اليوم"}
          </p>
          {lease.renewed ? <p className="justify-self-start rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-bold text-emerald-800">جُدّد العقد</p> : null}
        </>
      )}
    </PortalList>
  );
}
