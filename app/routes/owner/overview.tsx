import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { loadOverview, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { PROPERTY_KIND_LABELS } from "~/modules/property-management/pm-schema.ts";
import { unitsText } from "~/modules/property-management/pm-view.ts";
import { dayText } from "~/modules/owner-portal/portal-view.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { Route } from "./+types/overview";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  return loadOverview(context.get(servicesContext).db, owner.ownerId);
}

export const meta: Route.MetaFunction = () => [{ title: "عقاراتي | بوابة الملاك" }];

const percent = new Intl.NumberFormat("ar-SA", { style: "percent", maximumFractionDigits: 0 });

/** «عقاراتي»: the owner's properties and units, and which are leased today. */
export default function OwnerOverview({ loaderData }: Route.ComponentProps) {
  const { properties, totals } = loaderData;
  const occupancy = totals.units ? percent.format(totals.leased / totals.units) : null;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">عقاراتي</h1>
      <dl className="grid grid-cols-3 gap-3" aria-label="الإشغال اليوم">
        {[
          { label: "الوحدات", value: formatNumberArabic(totals.units) },
          { label: "مؤجرة الآن", value: formatNumberArabic(totals.leased) },
          { label: "شاغرة", value: formatNumberArabic(totals.vacant) },
        ].map((item) => (
          <div key={item.label} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-stone-200">
            <dt className="text-sm text-stone-700">{item.label}</dt>
            <dd className="text-2xl font-bold text-brand-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      {occupancy ? <p className="text-stone-700">نسبة الإشغال اليوم: {occupancy}</p> : null}
      {properties.length ? (
        properties.map((property) => (
          <Section key={property.id} id={`property-${property.id}`} title={property.name}>
            <p className="mb-3 text-sm text-stone-700">
              {PROPERTY_KIND_LABELS[property.kind]} · {property.city}، {property.neighbourhood} · {unitsText(property.units.length)}
            </p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {property.units.map((unit) => (
                <li key={unit.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl p-3 ring-1 ring-stone-200">
                  <span className="font-bold text-brand-900">
                    {unitTitle(unit.label)} · {unit.type}
                  </span>
                  {unit.leasedUntil ? (
                    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm font-bold text-emerald-800">مؤجرة حتى {dayText(unit.leasedUntil)}</span>
                  ) : (
                    <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-sm font-bold text-amber-900">شاغرة</span>
                  )}
                </li>
              ))}
            </ul>
          </Section>
        ))
      ) : (
        <p className="rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">لا توجد عقارات مسجلة باسمك لدينا بعد.</p>
      )}
    </>
  );
}
