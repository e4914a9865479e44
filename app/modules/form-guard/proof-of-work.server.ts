import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { spentChallenges } from "~/db/schema.ts";
import { getAppSecret } from "~/utils/secrets.server.ts";

/**
 * Invisible bot check: a self-hosted ALTCHA proof of work. The browser brute-forces a counter
 * (SHA-256, on average half of MAX_COUNTER hashes: well under a second on a phone) while the
 * visitor types; the server checks the signed challenge, the solution and that the challenge
 * is used once only.
 */
export const PROOF_OF_WORK = {
  field: "altcha",
  maxCounter: 40_000,
  validForMs: 30 * 60_000,
} as const;

const SECRET_NAME = "altcha-hmac";

export type ProofVerdict = "ok" | "missing" | "invalid" | "expired" | "replayed";

export async function createFormChallenge(db: Db): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(PROOF_OF_WORK.maxCounter),
    deriveKey,
    expiresAt: new Date(Date.now() + PROOF_OF_WORK.validForMs),
    hmacSignatureSecret: await getAppSecret(db, SECRET_NAME),
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(value: string): Payload | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as Payload;
    if (typeof parsed?.challenge?.parameters !== "object" || typeof parsed.challenge.signature !== "string") return undefined;
    if (typeof parsed.solution !== "object" || parsed.solution === null) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

/** Checks a form's proof of work and spends its challenge. */
export async function verifyFormProof(db: Db, value: string | null | undefined): Promise<ProofVerdict> {
  if (!value) return "missing";
  if (value.length > 4000) return "invalid";
  const payload = decodePayload(value);
  if (!payload) return "invalid";
  let result;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await getAppSecret(db, SECRET_NAME),
    });
  } catch {
    return "invalid";
  }
  if (result.expired) return "expired";
  if (!result.verified) return "invalid";
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
  const spent = await db
    .insert(spentChallenges)
    .values({ signature: payload.challenge.signature!, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  if (spent.length === 0) return "replayed";
  // Now and then, forget challenges that have expired anyway.
  if (Math.random() < 0.02) await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, sql`now()`));
  return "ok";
}
