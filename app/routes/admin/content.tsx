import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { ContentEditor } from "~/modules/content/components/content-editor.tsx";
import { handleContentPost, refuseContentPost } from "~/modules/content/content-action.server.ts";
import { loadContentEditor } from "~/modules/content/content-admin.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/content";

export async function loader({ context }: Route.LoaderArgs) {
  await requireSectionUser(context, "content");
  return loadContentEditor(context.get(servicesContext).db);
}

/** A section's save, «حفظ الكل» or «استعادة»: managers only, checked here again, not only by the guard's path. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "content");
  const read = await readForm(request, context);
  if (!read.ok) return refuseContentPost(read);
  return handleContentPost(context.get(servicesContext), user, read.form);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">محتوى الموقع</h1>
      <ContentEditor editor={loaderData} />
    </div>
  );
}
