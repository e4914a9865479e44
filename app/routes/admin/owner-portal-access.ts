import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { inviteOwnerToPortal, removeOwnerFromPortal } from "~/modules/owner-portal/index.server.ts";
import { readRecordId } from "~/modules/property-management/index.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { readForm } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import type { Route } from "./+types/owner-portal-access";

/** «دعوة المالك إلى البوابة» and «إلغاء دخول المالك» from the owner's page; the answer goes back to it with its message. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "owners");
  const services = context.get(servicesContext);
  const ownerId = readRecordId(params.id);
  const back = `/admin/owners/${ownerId}`;
  const read = await readForm(request, context);
  if (!read.ok) return redirectWithToast(back, { tone: "error", text: read.message }, services.env);
  const intent = read.form.get("intent");
  if (intent !== "invite" && intent !== "remove") return new Response(MESSAGES.badRequest, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const phone = read.form.get("phone");
  const result =
    intent === "remove" ? await removeOwnerFromPortal(services.db, user, ownerId) : await inviteOwnerToPortal(services, user, ownerId, typeof phone === "string" ? phone : "");
  if (!result.ok && result.status === 403) throw new Response(result.message, { status: 403 });
  return redirectWithToast(back, { tone: result.ok ? "success" : "error", text: result.message }, services.env);
}
