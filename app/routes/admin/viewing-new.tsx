import { Link } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { BookingForm } from "~/modules/viewings/components/booking-form.tsx";
import { handleViewingPost, refuseViewingPost } from "~/modules/viewings/viewing-action.server.ts";
import { loadBookingForm } from "~/modules/viewings/viewing-pages.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/viewing-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "viewings");
  return loadBookingForm(context.get(servicesContext).db, user, new URL(request.url));
}

/** A booking, or a visitor's request confirmed: back to the diary's day with the confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "viewings");
  const read = await readForm(request, context);
  if (!read.ok) return refuseViewingPost(read);
  return handleViewingPost(context.get(servicesContext), user, read.form, "/admin/viewings");
}

export const meta: Route.MetaFunction = () => [{ title: "حجز معاينة | لوحة التحكم" }];

export default function ViewingNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-3xl min-w-0 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="viewing-page-heading" className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {loaderData.request ? "تأكيد طلب معاينة" : "حجز معاينة"}
        </h1>
        <Link to="/admin/viewings" className="font-bold text-brand-800 underline">
          العودة إلى المعاينات
        </Link>
      </div>
      <BookingForm picked={loaderData.picked} staff={loaderData.staff} defaults={loaderData.defaults} request={loaderData.request} pageReply={actionData} />
    </div>
  );
}
