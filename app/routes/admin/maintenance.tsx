import { Link } from "react-router";
import { Pager } from "~/components/admin/pager.tsx";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CATEGORY_LABELS, STATUS_LABELS, URGENCY_LABELS } from "~/modules/maintenance/maintenance-labels.ts";
import { loadMaintenanceList } from "~/modules/maintenance/maintenance-pages.server.ts";
import { LIST_GROUP_TITLES, reportsText } from "~/modules/maintenance/maintenance-view.ts";
import { formatDateArabic, formatIdentifier } from "~/utils/format.ts";
import type { Route } from "./+types/maintenance";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "maintenance");
  return loadMaintenanceList(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "الصيانة | لوحة التحكم" }];

/** The tenants' reports: new, in progress, done (a page at a time); in each, by property. */
export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const { rows, finishedTotal, finishedPage, finishedPageCount } = loaderData;
  return (
    <div className="grid min-w-0 gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">الصيانة: بلاغات المستأجرين</h1>
      {(["open", "in-progress", "done"] as const).map((group) => {
        const inGroup = rows.filter((row) => row.group === group);
        const properties = [...new Map(inGroup.map((row) => [row.propertyId, row.propertyName])).entries()];
        return (
          <Section key={group} id={`group-${group}`} title={`${LIST_GROUP_TITLES[group]} (${reportsText(group === "done" ? finishedTotal : inGroup.length)})`}>
            {properties.length ? (
              <div className="grid gap-4">
                {properties.map(([propertyId, propertyName]) => (
                  <div key={propertyId} className="grid gap-2">
                    <h3 className="font-bold text-stone-800">
                      <bdi>{propertyName}</bdi>
                    </h3>
                    <ul className="grid gap-2">
                      {inGroup
                        .filter((row) => row.propertyId === propertyId)
                        .map((row) => (
                          <li key={row.id}>
                            <Link
                              to={`/admin/maintenance/${row.id}`}
                              className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl p-3 ring-1 ring-stone-200 hover:bg-brand-50"
                            >
                              <span className="font-bold text-brand-800">
                                بلاغ رقم {formatIdentifier(row.id)}: {CATEGORY_LABELS[row.category]}
                              </span>
                              <span className="text-stone-700">
                                <bdi>{unitTitle(row.unitLabel)}</bdi>
                              </span>
                              <span className={row.urgency === "emergency" ? "font-bold text-red-700" : "text-stone-700"}>{URGENCY_LABELS[row.urgency]}</span>
                              {row.status === "cancelled" ? <span className="text-stone-600">{STATUS_LABELS.cancelled}</span> : null}
                              <span className="text-sm text-stone-600">{formatDateArabic(row.createdAt)}</span>
                            </Link>
                          </li>
                        ))}
                    </ul>
                  </div>
                ))}
              </div>
            ) : (
              <p className="text-stone-600">لا توجد بلاغات.</p>
            )}
            {group === "done" ? (
              <div className="mt-4">
                <Pager
                  label="صفحات البلاغات المنجزة"
                  page={finishedPage}
                  pageCount={finishedPageCount}
                  href={(page) => `/admin/maintenance${page > 1 ? `?page=${page}` : ""}#group-done`}
                />
              </div>
            ) : null}
          </Section>
        );
      })}
    </div>
  );
}
