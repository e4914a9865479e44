import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { OwnerForm } from "~/modules/property-management/components/owner-form.tsx";
import { canEditPropertyManagement, PM_MESSAGES } from "~/modules/property-management/pm-schema.ts";
import { handleOwnerNew } from "~/modules/property-management/index.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/owner-new";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "owners");
  return { canEdit: canEditPropertyManagement(user.role) };
}

/** The accountant may open the section but not add: the module refuses it. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "owners");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleOwnerNew(context.get(servicesContext), user, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "إضافة مالك | لوحة التحكم" }];

export default function NewOwner({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <Link to="/admin/owners" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى الملاك
      </Link>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">إضافة مالك</h1>
      <Section id="owner" title="بيانات المالك">
        {loaderData.canEdit ? <OwnerForm /> : <p className="text-stone-700">{PM_MESSAGES.readOnly}</p>}
      </Section>
    </div>
  );
}
