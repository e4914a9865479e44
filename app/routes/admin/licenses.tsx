import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { LicencesAdmin } from "~/modules/firm-licences/components/licences-admin.tsx";
import { handleLicencePost, refuseLicencePost } from "~/modules/firm-licences/licences-action.server.ts";
import { listAdminLicences } from "~/modules/firm-licences/licences-admin.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/licenses";

export async function loader({ context }: Route.LoaderArgs) {
  await requireSectionUser(context, "licenses");
  return listAdminLicences(context.get(servicesContext).db);
}

/** Add by link, edit a description, reorder, delete: the manager's alone, checked here again, not only by the guard. (Uploads go to /admin/licenses/upload.) */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "licenses");
  const read = await readForm(request, context);
  if (!read.ok) return refuseLicencePost(read);
  return handleLicencePost(context.get(servicesContext), user, read.form);
}

export default function LicencesPage({ loaderData }: Route.ComponentProps) {
  return <LicencesAdmin licences={loaderData.licences} count={loaderData.count} />;
}
