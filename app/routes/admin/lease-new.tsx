import { Form, Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { LeaseForm } from "~/modules/leases/components/lease-form.tsx";
import { handleLeaseNew, loadLeaseNewPage } from "~/modules/leases/index.server.ts";
import { leasePeriodText, yearlyRentText } from "~/modules/leases/lease-view.ts";
import { PM_MESSAGES } from "~/modules/property-management/index.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/lease-new";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "leases");
  return loadLeaseNewPage(context.get(servicesContext).db, user, new URL(request.url));
}

/** A new lease or a renewal; the accountant's post is refused in the module. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "leases");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleLeaseNew(context.get(servicesContext), user, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.renewed ? "تجديد عقد إيجار" : "عقد إيجار جديد"} | إدارة الأملاك` }];

export default function NewLease({ loaderData }: Route.ComponentProps) {
  const { unit, renewed, defaults, tenantId, query, tenantChoices, canEdit } = loaderData;
  return (
    <div className="grid min-w-0 gap-5">
      <Link
        to={renewed ? `/admin/leases/${renewed.id}` : `/admin/properties/${unit.propertyId}`}
        className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline"
      >
        {renewed ? "العودة إلى العقد" : "العودة إلى العقار"}
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{renewed ? "تجديد عقد إيجار" : "عقد إيجار جديد"}</h1>
        <p className="text-stone-700">
          <bdi>{unitTitle(unit.label)}</bdi> في <bdi>{unit.propertyName}</bdi> · {unit.city}
        </p>
        {renewed ? (
          <p className="text-stone-700" data-testid="renewed-lease">
            يجدد عقد <bdi>{renewed.tenantName}</bdi> {leasePeriodText(renewed)} بإيجار {yearlyRentText(renewed.yearlyRentHalalas)}
          </p>
        ) : null}
      </div>
      {!canEdit ? (
        <p className="text-stone-700">{PM_MESSAGES.readOnly}</p>
      ) : (
        <>
          {renewed ? null : (
            <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="unit" value={unit.id} />
              <label className="grid min-w-0 flex-1 basis-64 gap-1 text-sm font-bold text-stone-700">
                البحث عن المستأجر بالاسم أو الجوال أو رقم الهوية
                <input type="search" name="q" defaultValue={query} className={inputClass} />
              </label>
              <button type="submit" className={adminSecondaryButtonClass}>
                بحث
              </button>
              <Link to="/admin/tenants/new" className="font-bold text-brand-800 underline-offset-4 hover:underline">
                إضافة مستأجر جديد
              </Link>
            </Form>
          )}
          <Section id="lease" title="بيانات العقد">
            {/* Not keyed by the search: what was typed stays while the tenants are searched (a tenant chosen stays chosen if the search lists them). */}
            <LeaseForm key={`${unit.id}-${tenantId ?? ""}-${defaults?.renews ?? ""}`} unitId={unit.id} tenants={tenantChoices} tenantId={tenantId} defaults={defaults} />
          </Section>
        </>
      )}
    </div>
  );
}
