import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { RequirementForm, RequirementList } from "~/modules/client-requirements/index.ts";
import { handleRequirementsPost, loadRequirementsPage, refuseRequirementsPost } from "~/modules/client-requirements/index.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/client-requirements";

// The manager and the client's owner; an employee only their own clients (the module checks the client).
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "clients");
  return loadRequirementsPage(context.get(servicesContext), user, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "clients");
  const read = await readForm(request, context);
  if (!read.ok) return refuseRequirementsPost(read);
  return handleRequirementsPost(context.get(servicesContext), user, params.id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "ما يبحث عنه العميل | لوحة التحكم" }];

export default function ClientRequirements({ loaderData }: Route.ComponentProps) {
  const { client, requirements, choices } = loaderData;
  return (
    <div className="grid max-w-4xl gap-5">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">ما يبحث عنه العميل</h1>
        <p className="text-lg font-bold text-stone-800">
          <bdi>{client.name}</bdi>
        </p>
        <p className="text-stone-700">
          عند نشر عرض يطابق طلبًا نشطًا أو تغيّر سعره يظهر العميل في{" "}
          <Link to="/admin/matches" className="font-bold text-brand-800 underline">
            عملاء مهتمون
          </Link>
          .
        </p>
      </div>
      <RequirementList requirements={requirements} choices={choices} />
      <Section id="requirement-new" title="إضافة طلب">
        <RequirementForm choices={choices} />
      </Section>
    </div>
  );
}
