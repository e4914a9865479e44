import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Link } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { Diary } from "~/modules/viewings/components/diary.tsx";
import { HoursForm } from "~/modules/viewings/components/hours-form.tsx";
import { handleViewingPost, refuseViewingPost } from "~/modules/viewings/viewing-action.server.ts";
import { loadDiary } from "~/modules/viewings/viewing-pages.server.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/viewings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "viewings");
  return loadDiary(context.get(servicesContext).db, user, new URL(request.url));
}

/** A diary entry's cancel and outcome, and the manager's opening hours: each checked again in the module. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "viewings");
  const read = await readForm(request, context);
  if (!read.ok) return refuseViewingPost(read);
  // Back to the same diary: its path written here (a script's post arrives at the data URL), its choices kept.
  const asked = new URL(request.url).searchParams;
  const kept = new URLSearchParams([...asked].filter(([name]) => ["view", "day", "who"].includes(name)));
  return handleViewingPost(context.get(servicesContext), user, read.form, `/admin/viewings${kept.size ? `?${kept}` : ""}`);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return keepPageAfterRefusal(args);
}

export const meta: Route.MetaFunction = () => [{ title: "المعاينات | لوحة التحكم" }];

export default function Viewings({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">المعاينات</h1>
        <Link to="/admin/viewings/new" className={adminButtonClass}>
          حجز معاينة
        </Link>
      </div>
      <Diary data={loaderData} />
      {loaderData.hours ? <HoursForm hours={loaderData.hours} /> : null}
    </div>
  );
}
