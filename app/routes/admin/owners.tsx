import { Form, Link } from "react-router";
import { Pager } from "~/components/admin/pager.tsx";
import { adminButtonClass, adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { OWNER_KIND_LABELS } from "~/modules/property-management/pm-schema.ts";
import { ownersText } from "~/modules/property-management/pm-view.ts";
import { loadOwnersPage } from "~/modules/property-management/index.server.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import type { Route } from "./+types/owners";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "owners");
  return loadOwnersPage(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "إدارة الأملاك | لوحة التحكم" }];

export default function Owners({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, canEdit } = loaderData;
  const href = (next: number) => `/admin/owners?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(next) })}`;
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إدارة الأملاك: الملاك</h1>
        <div className="flex flex-wrap items-center gap-3">
          {/* The tenants and their leases (issue 33): reached from here, not the sidebar (fifteen sections already). */}
          <Link to="/admin/tenants" className={adminSecondaryButtonClass}>
            المستأجرون
          </Link>
          {canEdit ? (
            <Link to="/admin/owners/new" className={adminButtonClass}>
              إضافة مالك
            </Link>
          ) : null}
        </div>
      </div>
      <Form method="get" role="search" className={`${adminCardClass} flex flex-wrap items-end gap-3`}>
        <label className="grid min-w-0 flex-1 gap-1 text-sm font-bold text-stone-700">
          البحث بالاسم أو رقم الهوية أو السجل أو الهاتف
          <input type="search" name="q" defaultValue={query} className={inputClass} />
        </label>
        <button type="submit" className={adminSecondaryButtonClass}>
          بحث
        </button>
      </Form>
      <p className="font-bold text-stone-700" data-testid="owner-count">
        {ownersText(total)}
      </p>
      {rows.length ? (
        <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[40rem] text-start">
            <thead className="bg-stone-50 text-sm text-stone-600">
              <tr>
                <th scope="col" className="p-3 text-start">
                  المالك
                </th>
                <th scope="col" className="p-3 text-start">
                  النوع
                </th>
                <th scope="col" className="p-3 text-start">
                  رقم الهوية أو السجل
                </th>
                <th scope="col" className="p-3 text-start">
                  الهاتف
                </th>
                <th scope="col" className="p-3 text-start">
                  العقارات
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((owner) => (
                <tr key={owner.id}>
                  <td className="p-3 font-bold">
                    <Link to={`/admin/owners/${owner.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                      <bdi>{owner.name}</bdi>
                    </Link>
                  </td>
                  <td className="p-3">{OWNER_KIND_LABELS[owner.kind]}</td>
                  <td className="p-3">
                    <IdentifierText value={owner.identityNumber} />
                  </td>
                  <td className="p-3">{owner.phone ? <IdentifierText value={formatPhoneForReading(owner.phone)} /> : null}</td>
                  <td className="p-3">{formatNumberArabic(owner.properties)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{query || page > 1 ? "لا يوجد ملاك مطابقون لبحثك." : "لا يوجد ملاك بعد."}</p>
      )}
      <Pager label="صفحات الملاك" page={page} pageCount={pageCount} href={href} />
    </div>
  );
}
