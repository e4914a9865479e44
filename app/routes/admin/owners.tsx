import { Link } from "react-router";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { PartyList } from "~/modules/property-management/components/party-list.tsx";
import { ownersText } from "~/modules/property-management/pm-view.ts";
import { loadOwnersPage } from "~/modules/property-management/index.server.ts";
import type { Route } from "./+types/owners";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "owners");
  return loadOwnersPage(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "إدارة الأملاك | لوحة التحكم" }];

export default function Owners({ loaderData }: Route.ComponentProps) {
  const { rows, canEdit } = loaderData;
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
      <PartyList
        {...loaderData}
        path="/admin/owners"
        rows={rows.map((owner) => ({ ...owner, count: owner.properties }))}
        searchLabel="البحث بالاسم أو رقم الهوية أو السجل أو الهاتف"
        countText={ownersText}
        countTestId="owner-count"
        titles={{ name: "المالك", phone: "الهاتف", count: "العقارات" }}
        empty={{ searched: "لا يوجد ملاك مطابقون لبحثك.", none: "لا يوجد ملاك بعد." }}
        pagerLabel="صفحات الملاك"
      />
    </div>
  );
}
