import { data } from "react-router";
import { servicesContext } from "~/context.ts";
import { handleConfirmPost } from "~/modules/alerts/alert-action.server.ts";
import { readConfirmation } from "~/modules/alerts/alerts.server.ts";
import { ConfirmationPage } from "~/modules/alerts/components/alert-status.tsx";
import { COMPANY_NAME } from "~/utils/company.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/alert-confirm";

/**
 * /alerts/confirm/<token>, the link of the confirmation e-mail. Opening it changes nothing (mail
 * scanners open links too); its button posts, and turns the alert on once.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await readConfirmation(context.get(servicesContext).db, params.token);
  return data({ state }, { status: state.kind === "invalid" ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return data({ done: false, state: null }, { status: read.status });
  return handleConfirmPost(context.get(servicesContext), params.token);
}

// The token is in the address: it must not leak to another site through the Referer header.
export function headers() {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: `تأكيد تنبيه العروض الجديدة | ${COMPANY_NAME}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function AlertConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ConfirmationPage state={actionData?.state ?? loaderData.state} done={actionData?.done ?? false} />
    </div>
  );
}
