import type { Submission } from "@conform-to/dom";
import type { AppServices } from "~/context.ts";
import { hitRateLimit } from "~/modules/form-guard/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { getStaffPasswordHash } from "~/modules/users/index.server.ts";
import { replyFormError, replyToSubmission } from "~/utils/form-reply.server.ts";
import { log } from "~/utils/log.server.ts";
import { verifyPassword } from "~/utils/password.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { checkLoginCode, CODE_RULES, requestLoginCode } from "./login-codes.server.ts";
import { readCodeDigits } from "./login-schema.ts";
import { REAUTH_MESSAGES as R, SIGN_IN_MESSAGES } from "./messages.ts";
import { IDENTITY_FIELDS } from "./reauth-schema.ts";
import { CODE_REFUSAL_MESSAGES, maskPhone, textCode } from "./sign-in.server.ts";

/**
 * Re-authentication before a sensitive change (issue 11): a change of e-mail or password on the
 * profile, adding staff or making someone a manager. A session alone is not enough: a stolen one
 * must not take over the account or bring in an attacker's phone.
 */
export const REAUTH_RULES = {
  /**
   * Tries per person, counted before the check (so concurrent guesses are all counted): a person
   * makes such changes a few times at most; a stolen session guessing the password gets 10 tries
   * per 15 minutes, over every page that asks. Wrong SMS codes also lock the number (CODE_RULES).
   */
  perUser: { limit: 10, windowMs: 15 * 60_000 },
} as const;

/** Where the request comes from: the session that asks (a code is bound to it) and the client address (for logs and limits). */
export interface ReauthRequest {
  sessionToken: string | undefined;
  address: string;
}

/** What the person typed to confirm: the current password, or the code texted to them. */
export interface Identity {
  currentPassword?: string | undefined;
  code?: string | undefined;
}

export type ReauthRefusal = {
  ok: false;
  error: string;
  status: 400 | 429 | 502 | 503;
  /** The field the message belongs under; none: the whole form's. */
  field?: (typeof IDENTITY_FIELDS)[number];
  retryAfterSeconds?: number;
};

/**
 * The code of a re-authentication is bound to the session that asked for it (as a sign-in code is
 * bound to the browser's sign-in cookie): another session, or the sign-in page, cannot use it.
 */
const reauthFlowToken = (sessionToken: string) => `reauth:${sessionToken}`;

/** Whether the person has a password (the page then asks for it; without one, for an SMS code). */
export async function hasPassword(services: Pick<AppServices, "db">, user: Pick<StaffProfile, "id">): Promise<boolean> {
  return Boolean(await getStaffPasswordHash(services.db, user.id));
}

/** What a page that asks for re-authentication shows: which field, and for a code where it is sent and how long it lasts. */
export async function reauthView(services: Pick<AppServices, "db">, user: StaffProfile) {
  return { hasPassword: await hasPassword(services, user), maskedPhone: maskPhone(user.phone), codeMinutes: CODE_RULES.validMs / 60_000 };
}

/** Texts the person a code for a change; only for those without a password. `purpose` completes «… لوحة تحكم {firm}». */
async function sendReauthCode(services: AppServices, user: StaffProfile, { sessionToken, address }: ReauthRequest, purpose: string): Promise<{ ok: true } | ReauthRefusal> {
  if (await hasPassword(services, user)) return { ok: false, status: 400, error: R.codeNotNeeded };
  if (!sessionToken) return { ok: false, status: 400, error: R.verifyFailed };
  const issued = await requestLoginCode(services.db, { phone: user.phone, flowToken: reauthFlowToken(sessionToken), address });
  if (!issued.ok) {
    log.warn("re-authentication code refused", { userId: user.id, reason: issued.reason, address });
    if (issued.reason === "not-allowed") return { ok: false, status: 400, error: R.verifyFailed };
    return { ok: false, status: 429, error: CODE_REFUSAL_MESSAGES[issued.reason], retryAfterSeconds: issued.retryAfterSeconds };
  }
  if (issued.user.id !== user.id) return { ok: false, status: 400, error: R.verifyFailed };
  const sent = await textCode(services, { phone: user.phone, code: issued.code, purpose });
  if (!sent.ok) return { ok: false, status: 502, error: sent.error };
  log.info("re-authentication code sent", { userId: user.id, phone: maskPhone(user.phone) });
  return { ok: true };
}

/**
 * A session alone does not make the change: the current password, or for someone without one a
 * fresh SMS code sent to their phone from this session. Tries are counted per person.
 */
export async function reauthenticate(
  services: AppServices,
  user: StaffProfile,
  identity: Identity,
  { sessionToken, address }: ReauthRequest,
): Promise<{ ok: true } | ReauthRefusal> {
  const { db } = services;
  const storedHash = await getStaffPasswordHash(db, user.id);
  const currentPassword = identity.currentPassword ?? "";
  const code = readCodeDigits(identity.code ?? "");
  if (storedHash && !currentPassword) return { ok: false, status: 400, error: R.currentPasswordRequired, field: "currentPassword" };
  if (!storedHash && !code) return { ok: false, status: 400, error: R.codeRequired, field: "code" };

  const rate = await hitRateLimit(db, { scope: "reauth", address: `user:${user.id}`, ...REAUTH_RULES.perUser });
  if (!rate.allowed) {
    log.warn("re-authentication throttled", { userId: user.id, address });
    return { ok: false, status: 429, error: R.tooManyTries, retryAfterSeconds: rate.retryAfterSeconds };
  }

  if (storedHash) {
    let matches: boolean;
    try {
      matches = await verifyPassword(currentPassword, storedHash);
    } catch (error) {
      log.warn("re-authentication refused: password work busy", { userId: user.id, error: error instanceof Error ? error.message : String(error) });
      return { ok: false, status: 503, error: R.busy, retryAfterSeconds: 5 };
    }
    if (!matches) {
      log.warn("re-authentication failed", { userId: user.id, method: "password", address });
      return { ok: false, status: 400, error: R.currentPasswordWrong, field: "currentPassword" };
    }
    return { ok: true };
  }

  if (!sessionToken) return { ok: false, status: 400, error: SIGN_IN_MESSAGES.noCodeYet, field: "code" };
  const checked = await checkLoginCode(db, { flowToken: reauthFlowToken(sessionToken), code });
  if (!checked.ok) {
    log.warn("re-authentication failed", { userId: user.id, method: "code", reason: checked.reason, address });
    if (checked.reason === "locked" || checked.reason === "address-limited") {
      return { ok: false, status: 429, error: CODE_REFUSAL_MESSAGES[checked.reason], retryAfterSeconds: checked.retryAfterSeconds };
    }
    return { ok: false, status: 400, error: checked.reason === "not-allowed" ? R.verifyFailed : CODE_REFUSAL_MESSAGES[checked.reason], field: "code" };
  }
  if (checked.user.id !== user.id) {
    log.warn("re-authentication failed", { userId: user.id, method: "code", reason: "another person's code", address });
    return { ok: false, status: 400, error: R.verifyFailed, field: "code" };
  }
  return { ok: true };
}

const retryAfter = (refusal: ReauthRefusal) => (refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined);

/** The answer to a refused re-authentication: under its field or above the form, with its status (429 with Retry-After for a limit); nothing secret given back. */
export function replyToReauthRefusal(
  submission: Submission<unknown, string[], unknown>,
  refusal: ReauthRefusal,
  { hideFields = [], echoLimits }: { hideFields?: string[]; echoLimits?: Record<string, number> } = {},
) {
  const placed = refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] };
  return replyToSubmission(submission, { ...placed, hideFields: [...hideFields, ...IDENTITY_FIELDS], echoLimits, status: refusal.status, headers: retryAfter(refusal) });
}

/**
 * The "send me a code" button of a page that asks for re-authentication: the code goes out, and
 * the page comes back with the confirmation (post → redirect → get), or the refusal above the button.
 */
export async function handleReauthCodeRequest(services: AppServices, user: StaffProfile, request: ReauthRequest, { purpose, page }: { purpose: string; page: string }) {
  const sent = await sendReauthCode(services, user, request, purpose);
  if (!sent.ok) return replyFormError(sent.error, undefined, { status: sent.status, headers: retryAfter(sent) });
  return redirectWithToast(page, { tone: "success", text: R.codeSent }, services.env);
}
