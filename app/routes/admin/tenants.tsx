import { Form, Link } from "react-router";
import { Pager } from "~/components/admin/pager.tsx";
import { adminButtonClass, adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { loadTenantsPage } from "~/modules/leases/index.server.ts";
import { tenantsText } from "~/modules/leases/lease-view.ts";
import { OWNER_KIND_LABELS } from "~/modules/property-management/index.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import type { Route } from "./+types/tenants";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tenants");
  return loadTenantsPage(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "المستأجرون | إدارة الأملاك" }];

export default function Tenants({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, query, canEdit } = loaderData;
  const href = (next: number) => `/admin/tenants?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(next) })}`;
  return (
    <div className="grid min-w-0 gap-5">
      <Link to="/admin/owners" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى الملاك
      </Link>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إدارة الأملاك: المستأجرون</h1>
        {canEdit ? (
          <Link to="/admin/tenants/new" className={adminButtonClass}>
            إضافة مستأجر
          </Link>
        ) : null}
      </div>
      <Form method="get" role="search" className={`${adminCardClass} flex flex-wrap items-end gap-3`}>
        <label className="grid min-w-0 flex-1 gap-1 text-sm font-bold text-stone-700">
          البحث بالاسم أو الجوال أو رقم الهوية أو السجل
          <input type="search" name="q" defaultValue={query} className={inputClass} />
        </label>
        <button type="submit" className={adminSecondaryButtonClass}>
          بحث
        </button>
      </Form>
      <p className="font-bold text-stone-700" data-testid="tenant-count">
        {tenantsText(total)}
      </p>
      {rows.length ? (
        <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[40rem] text-start">
            <thead className="bg-stone-50 text-sm text-stone-600">
              <tr>
                <th scope="col" className="p-3 text-start">
                  المستأجر
                </th>
                <th scope="col" className="p-3 text-start">
                  النوع
                </th>
                <th scope="col" className="p-3 text-start">
                  رقم الهوية أو السجل
                </th>
                <th scope="col" className="p-3 text-start">
                  الجوال
                </th>
                <th scope="col" className="p-3 text-start">
                  العقود
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((tenant) => (
                <tr key={tenant.id}>
                  <td className="p-3 font-bold">
                    <Link to={`/admin/tenants/${tenant.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                      <bdi>{tenant.name}</bdi>
                    </Link>
                  </td>
                  <td className="p-3">{OWNER_KIND_LABELS[tenant.kind]}</td>
                  <td className="p-3">
                    <IdentifierText value={tenant.identityNumber} />
                  </td>
                  <td className="p-3">
                    <IdentifierText value={formatPhoneForReading(tenant.phone)} />
                  </td>
                  <td className="p-3">{formatNumberArabic(tenant.leases)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{query || page > 1 ? "لا يوجد مستأجرون مطابقون لبحثك." : "لا يوجد مستأجرون بعد."}</p>
      )}
      <Pager label="صفحات المستأجرين" page={page} pageCount={pageCount} href={href} />
    </div>
  );
}
