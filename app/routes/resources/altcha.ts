import { servicesContext } from "~/context.ts";
import { createFormChallenge } from "~/modules/form-guard/proof-of-work.server.ts";
import type { Route } from "./+types/altcha";

/** A fresh proof-of-work challenge for a public form (see modules/form-guard). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const challenge = await createFormChallenge(db);
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
