import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Db } from "~/db/client.server.ts";
import { createFormChallenge } from "~/modules/form-guard/proof-of-work.server.ts";

/** What a visitor's browser posts in the `altcha` field: a solved, signed challenge. */
export async function solvedProof(db: Db): Promise<string> {
  const challenge = await createFormChallenge(db);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
