import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { TenantForm } from "~/modules/leases/components/tenant-form.tsx";
import { handleTenantNew } from "~/modules/leases/index.server.ts";
import { canEditLeases } from "~/modules/leases/lease-schema.ts";
import { PM_MESSAGES } from "~/modules/property-management/index.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/tenant-new";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "tenants");
  return { canEdit: canEditLeases(user.role) };
}

/** The accountant may open the section but not add: the module refuses it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "tenants");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleTenantNew(context.get(servicesContext), user, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "إضافة مستأجر | إدارة الأملاك" }];

export default function NewTenant({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <Link to="/admin/tenants" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى المستأجرين
      </Link>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إضافة مستأجر</h1>
      <Section id="tenant" title="بيانات المستأجر">
        {loaderData.canEdit ? <TenantForm /> : <p className="text-stone-700">{PM_MESSAGES.readOnly}</p>}
      </Section>
    </div>
  );
}
