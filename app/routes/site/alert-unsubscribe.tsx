import { data } from "react-router";
import { servicesContext } from "~/context.ts";
import { handleUnsubscribePost } from "~/modules/alerts/alert-action.server.ts";
import { readUnsubscribe } from "~/modules/alerts/alerts.server.ts";
import { UnsubscribePage } from "~/modules/alerts/components/alert-status.tsx";
import { COMPANY_NAME } from "~/utils/company.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/alert-unsubscribe";

/**
 * /alerts/unsubscribe/<token>, the link of every alert e-mail and of its List-Unsubscribe header.
 * Opening it asks (a scanner opening links cancels nothing); a post cancels: the page's button, or
 * a mail client's one-click post (RFC 8058, body «List-Unsubscribe=One-Click», no cookie needed).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await readUnsubscribe(context.get(servicesContext).db, params.token);
  return data({ state }, { status: state.kind === "invalid" ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, context);
  if (!read.ok) return data({ cancelled: false, state: null }, { status: read.status });
  const result = await handleUnsubscribePost(context.get(servicesContext), params.token);
  return data(result, { status: result.state.kind === "invalid" ? 404 : 200 });
}

// The token is in the address: it must not leak to another site through the Referer header.
export function headers() {
  return { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = () => [
  { title: `إلغاء تنبيه البحث | ${COMPANY_NAME}` },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <UnsubscribePage state={actionData?.state ?? loaderData.state} done={actionData?.cancelled ?? false} />
    </div>
  );
}
