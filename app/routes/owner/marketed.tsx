import { Link } from "react-router";
import { servicesContext } from "~/context.ts";
import { PortalList, PortalUnitHeading } from "~/modules/owner-portal/components/portal-list.tsx";
import { loadMarketedUnits, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { inquiriesText, MARKETING_WINDOW_DAYS, viewsText } from "~/modules/owner-portal/portal-view.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { Route } from "./+types/marketed";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  return { units: await loadMarketedUnits(context.get(servicesContext).db, owner.ownerId) };
}

export const meta: Route.MetaFunction = () => [{ title: "الوحدات المسوّقة | بوابة الملاك" }];

/** «الوحدات المسوّقة»: the owner's units with an offer on the site, and how many opened it and asked about it lately. */
export default function OwnerMarketed({ loaderData }: Route.ComponentProps) {
  const { units } = loaderData;
  return (
    <PortalList
      title="الوحدات المسوّقة"
      intro={`مشاهدات صفحة العرض والاستفسارات عنه في آخر ${formatNumberArabic(MARKETING_WINDOW_DAYS)} يومًا.`}
      items={units}
      itemKey={(unit) => unit.unitId}
      itemTestId="marketed-unit"
      empty="لا توجد وحدات لك معروضة على الموقع الآن."
    >
      {(unit) => (
        <>
          <PortalUnitHeading propertyName={unit.propertyName} unitLabel={unit.unitLabel} />
          <p>
            العرض:{" "}
            <Link to={`/offer/${unit.offerId}`} className="font-bold text-brand-800 underline underline-offset-4">
              <bdi>{unit.offerTitle}</bdi>
            </Link>{" "}
            · {unit.offerStatus}
          </p>
          <p className="flex flex-wrap gap-2">
            <span className="rounded-full bg-blue-50 px-2.5 py-0.5 font-bold text-blue-900">{viewsText(unit.views)}</span>
            <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-bold text-emerald-800">{inquiriesText(unit.inquiries)}</span>
          </p>
        </>
      )}
    </PortalList>
  );
}
