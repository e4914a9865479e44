import { servicesContext } from "~/context.ts";
import { PortalList, PortalUnitHeading } from "~/modules/owner-portal/components/portal-list.tsx";
import { loadOpenMaintenance, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { dayText, MAINTENANCE_CATEGORY_LABELS, MAINTENANCE_STATUS_LABELS, MAINTENANCE_URGENCY_LABELS, requestsText } from "~/modules/owner-portal/portal-view.ts";
import type { Route } from "./+types/maintenance";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  return { requests: await loadOpenMaintenance(context.get(servicesContext).db, owner.ownerId) };
}

export const meta: Route.MetaFunction = () => [{ title: "الصيانة الجارية | بوابة الملاك" }];

/** «الصيانة الجارية»: the owner's units' maintenance requests not yet done or cancelled, the longest waiting first. */
export default function OwnerMaintenance({ loaderData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <PortalList title="الصيانة الجارية" intro={`طلبات الصيانة المفتوحة في وحداتك: ${requestsText(requests.length)}.`} items={requests} itemKey={(request) => request.id}>
      {(request) => (
        <>
          <PortalUnitHeading propertyName={request.propertyName} unitLabel={request.unitLabel} />
          <p className="flex flex-wrap gap-2 text-sm">
            <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-bold">{MAINTENANCE_CATEGORY_LABELS[request.category]}</span>
            <span className={`rounded-full px-2.5 py-0.5 font-bold ${request.urgency === "normal" ? "bg-stone-100" : "bg-red-50 text-red-800"}`}>
              {MAINTENANCE_URGENCY_LABELS[request.urgency]}
            </span>
            <span className="rounded-full bg-blue-50 px-2.5 py-0.5 font-bold text-blue-900">{MAINTENANCE_STATUS_LABELS[request.status]}</span>
          </p>
          <p className="break-words whitespace-pre-line text-stone-800">{request.description}</p>
          <p className="text-sm text-stone-700">ورد في {dayText(request.createdAt)}</p>
        </>
      )}
    </PortalList>
  );
}
