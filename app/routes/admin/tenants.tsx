import { Link } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { loadTenantsPage } from "~/modules/leases/index.server.ts";
import { tenantsText } from "~/modules/leases/lease-view.ts";
import { PartyList } from "~/modules/property-management/components/party-list.tsx";
import type { Route } from "./+types/tenants";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tenants");
  return loadTenantsPage(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "المستأجرون | إدارة الأملاك" }];

export default function Tenants({ loaderData }: Route.ComponentProps) {
  const { rows, canEdit } = loaderData;
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
      <PartyList
        {...loaderData}
        path="/admin/tenants"
        rows={rows.map((tenant) => ({ ...tenant, count: tenant.leases }))}
        searchLabel="البحث بالاسم أو الجوال أو رقم الهوية أو السجل"
        countText={tenantsText}
        countTestId="tenant-count"
        titles={{ name: "المستأجر", phone: "الجوال", count: "العقود" }}
        empty={{ searched: "لا يوجد مستأجرون مطابقون لبحثك.", none: "لا يوجد مستأجرون بعد." }}
        pagerLabel="صفحات المستأجرين"
      />
    </div>
  );
}
