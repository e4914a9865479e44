import type { Db } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot.ts";
import { PROOF_OF_WORK, verifyFormProof } from "./proof-of-work.server.ts";
import { hitRateLimit, type RateLimitScope } from "./rate-limit.server.ts";

export type GuardVerdict =
  | { ok: true }
  /** A bot filled the honeypot: answer as if it worked, store nothing. */
  | { ok: false; silent: true }
  | { ok: false; silent: false; status: number; message: string; retryAfterSeconds?: number };

/**
 * Counts the post against the address's limit. It reads nothing of the request: the owner
 * submission calls it before taking in its upload, so a flood is refused before any photo is
 * read; the small public forms call it (through guardPublicForm) after reading their fields.
 */
export async function checkFormRate(db: Db, scope: RateLimitScope, address: string): Promise<GuardVerdict> {
  const rate = await hitRateLimit(db, { scope, address });
  if (rate.allowed) return { ok: true };
  log.warn("form rate limit", { scope, address, hits: rate.hits });
  return { ok: false, silent: false, status: 429, message: MESSAGES.tooManyRequests, retryAfterSeconds: rate.retryAfterSeconds };
}

/** Honeypot, then the proof of work; read from the posted fields. */
export async function checkFormProof(db: Db, scope: RateLimitScope, fields: { get(name: string): unknown }): Promise<GuardVerdict> {
  if (isHoneypotFilled(fields.get(HONEYPOT_FIELD))) {
    log.warn("form honeypot filled", { scope });
    return { ok: false, silent: true };
  }
  const proof = fields.get(PROOF_OF_WORK.field);
  const verdict = await verifyFormProof(db, typeof proof === "string" ? proof : undefined);
  if (verdict === "ok") return { ok: true };
  log.warn("form proof of work refused", { scope, verdict });
  const message = verdict === "expired" || verdict === "replayed" ? MESSAGES.botCheckExpired : MESSAGES.botCheckFailed;
  return { ok: false, silent: false, status: 400, message };
}

/** Everything a small public form needs: rate, honeypot, proof of work. */
export async function guardPublicForm(db: Db, scope: RateLimitScope, address: string, fields: { get(name: string): unknown }): Promise<GuardVerdict> {
  const rate = await checkFormRate(db, scope, address);
  if (!rate.ok) return rate;
  return checkFormProof(db, scope, fields);
}
