import { clientAddressContext, servicesContext } from "~/context.ts";
import { isCrossSitePost } from "~/modules/form-guard/same-origin.server.ts";
import { handleSubmissionPost } from "~/modules/submissions/submission-post.server.ts";
import { formErrorReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { Route } from "./+types/submissions";

/**
 * The owner-submission upload endpoint used by the page's script (it reports upload progress):
 * the same FormReply as the page's action, as JSON. A resource route: React Router's origin
 * check does not cover it, so it checks itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  if (isCrossSitePost(request, services.env.PUBLIC_URL)) return Response.json(formErrorReply(MESSAGES.crossSiteRefused), { status: 403 });
  const answer = await handleSubmissionPost(services, context.get(clientAddressContext), request);
  // A body refused half-way is not read on: app/framework/request-handler.server.ts throws the rest away, then closes.
  return Response.json(answer.data, answer.init ?? undefined);
}
