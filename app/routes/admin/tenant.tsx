import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { LeasesList } from "~/modules/leases/components/leases-list.tsx";
import { TenantForm } from "~/modules/leases/components/tenant-form.tsx";
import { handleTenantPost, loadTenantPage, readLeaseRecordId } from "~/modules/leases/index.server.ts";
import { OWNER_KIND_LABELS } from "~/modules/property-management/index.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/tenant";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tenants");
  return loadTenantPage(context.get(servicesContext).db, user, readLeaseRecordId(params.id));
}

/** The tenant's details saved; the accountant's post is refused in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "tenants");
  const id = readLeaseRecordId(params.id);
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleTenantPost(context.get(servicesContext), user, id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.tenant.name ?? "مستأجر"} | إدارة الأملاك` }];

export default function TenantPage({ loaderData }: Route.ComponentProps) {
  const { tenant, today, canEdit } = loaderData;
  return (
    <div className="grid min-w-0 gap-5">
      <Link to="/admin/tenants" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى المستأجرين
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          <bdi>{tenant.name}</bdi>
        </h1>
        <p className="text-stone-700">
          {OWNER_KIND_LABELS[tenant.kind]} · {tenant.kind === "person" ? "رقم الهوية" : "السجل التجاري"} <IdentifierText value={tenant.identityNumber} /> · الجوال{" "}
          <IdentifierText value={formatPhoneForReading(tenant.phone)} />
        </p>
      </div>
      <Section id="tenant" title="بيانات المستأجر">
        <TenantForm key={tenant.updatedAt.toString()} tenant={tenant} readOnly={!canEdit} />
      </Section>
      <Section id="leases" title="عقود الإيجار">
        <LeasesList leases={tenant.leases} today={today} />
      </Section>
    </div>
  );
}
