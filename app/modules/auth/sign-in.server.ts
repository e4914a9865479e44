import type { AppServices } from "~/context.ts";
import type { AccountRole } from "~/db/column-types.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { verifyFormProof } from "~/modules/form-guard/index.server.ts";
import { SmsSendError } from "~/modules/messaging/index.server.ts";
import { parsePhone } from "~/utils/phone.ts";
import { log } from "~/utils/log.server.ts";
import { readCodeDigits } from "./login-schema.ts";
import { checkLoginCode, CODE_RULES, pendingSignIn, requestLoginCode, type CodeCheckResult, type CodeRequestRefusal } from "./login-codes.server.ts";
import { SIGN_IN_MESSAGES as M } from "./messages.ts";
import { createSession } from "./sessions.server.ts";

/** A phone for logs: enough to recognise, not the whole number. */
export const maskPhone = (phone: string) => phone.replace(/^(\+\d{4})\d+(\d{3})$/, "$1•••$2");

/** A refusal says its HTTP status: 429 with Retry-After when a limit refused it (the client should wait). */
interface SignInRefusal {
  ok: false;
  error: string;
  status: 400 | 429 | 502;
  retryAfterSeconds?: number;
}

export type SendCodeResult = { ok: true; phone: string } | (SignInRefusal & { field?: "phone" });

/** What a person reads when a code is not sent or not accepted, for sign-in and re-authentication alike. */
export const CODE_REFUSAL_MESSAGES: Record<CodeRequestRefusal | Extract<CodeCheckResult, { ok: false }>["reason"], string> = {
  "not-allowed": M.notAllowed,
  "too-soon": M.tooSoon,
  "too-many": M.tooManyCodes,
  locked: M.codeLocked,
  "address-limited": M.tooManyFromAddress,
  "no-code": M.noCodeYet,
  wrong: M.wrongCode,
  expired: M.codeExpired,
};

/**
 * Texts a one-time code; `purpose` completes «… لوحة تحكم {firm}». The last line lets phones offer
 * the code for this site only (WebOTP). A failure gives the provider's own message, else ours
 * (the sign-in page shows the provider's reason when there is one).
 */
export async function textCode(
  services: Pick<AppServices, "env" | "sms">,
  { phone, code, purpose }: { phone: string; code: string; purpose: string },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const host = new URL(services.env.PUBLIC_URL).host;
  const minutes = CODE_RULES.validMs / 60_000;
  try {
    await services.sms.send({
      to: phone,
      body: `رمز التحقق: ${code}\n${purpose} ${COMPANY_NAME}، صالح ${minutes} دقائق. لا تشاركه مع أحد.\n\n@${host} #${code}`,
    });
    return { ok: true };
  } catch (error) {
    log.error("code not sent", { phone: maskPhone(phone), error: error instanceof Error ? error.message : String(error) });
    return { ok: false, error: (error instanceof SmsSendError && error.providerMessage) || M.sendFailed };
  }
}

/** Step 1: bot check, allow-list, limits, then the SMS. A refused number gets no SMS. */
export async function sendSignInCode(
  services: AppServices,
  { phone: rawPhone, proof, flowToken, address }: { phone: string; proof: string | undefined; flowToken: string; address: string },
): Promise<SendCodeResult> {
  if (!rawPhone.trim()) return { ok: false, status: 400, error: M.phoneRequired, field: "phone" };
  const verdict = await verifyFormProof(services.db, proof);
  if (verdict !== "ok") {
    log.warn("sign-in bot check refused", { verdict, address });
    return { ok: false, status: 400, error: verdict === "missing" ? M.botCheckMissing : verdict === "invalid" ? M.botCheckSetupFailed : M.botCheckExpired };
  }
  // The one phone rule (utils/phone.ts): a number that is not one is said so, like in every other form.
  const phone = parsePhone(rawPhone);
  if (!phone) {
    log.warn("sign-in refused number", { reason: "not a phone number", address });
    return { ok: false, status: 400, error: M.phoneInvalid, field: "phone" };
  }
  return issueAndText(services, { phone, flowToken, address });
}

/** The limits (requestLoginCode, under the number's lock), then the SMS: the tail of both ways a code is sent. */
async function issueAndText(services: AppServices, { phone, flowToken, address }: { phone: string; flowToken: string; address: string }): Promise<SendCodeResult> {
  const issued = await requestLoginCode(services.db, { phone, flowToken, address });
  if (!issued.ok) {
    log.warn(issued.reason === "not-allowed" ? "sign-in refused number" : "sign-in code refused", { reason: issued.reason, phone: maskPhone(phone), address });
    const error = issued.reason === "too-soon" && issued.retryAfterSeconds ? M.resendIn(issued.retryAfterSeconds) : CODE_REFUSAL_MESSAGES[issued.reason];
    if (issued.reason === "not-allowed") return { ok: false, status: 400, error, field: "phone" };
    return { ok: false, status: 429, error, retryAfterSeconds: issued.retryAfterSeconds };
  }
  // An owner signs in to their portal, not to the back office (decision 056).
  const purpose = issued.user.role === "owner" ? "للدخول إلى بوابة الملاك لدى" : "للدخول إلى لوحة تحكم";
  const sent = await textCode(services, { phone: issued.user.phone, code: issued.code, purpose });
  if (!sent.ok) return { ok: false, status: 502, error: sent.error };
  log.info("sign-in code sent", { phone: maskPhone(issued.user.phone), userId: issued.user.id });
  return { ok: true, phone: issued.user.phone };
}

/**
 * «إعادة إرسال الرمز» on the code step: a new code to the number this browser's sign-in is waiting
 * on, under the same limits as the first (one per 30 seconds, 5 per 15 minutes, per address; all
 * under the number's lock). No bot check: the number passed one to get here, a code can go only to
 * it, and the button must work without JavaScript. Without a sign-in waiting: back to the phone step.
 */
export async function resendSignInCode(
  services: AppServices,
  { flowToken, address }: { flowToken: string | undefined; address: string },
): Promise<SendCodeResult & { backToPhone?: boolean }> {
  const pending = await pendingSignIn(services.db, flowToken);
  if (!flowToken || !pending) return { ok: false, status: 400, error: M.noCodeYet, backToPhone: true };
  return issueAndText(services, { phone: pending.phone, flowToken, address });
}

export type VerifyCodeResult = { ok: true; sessionToken: string; userId: number; role: AccountRole } | (SignInRefusal & { backToPhone?: boolean });

/** Step 2: the code of this browser; success starts a new session. */
export async function verifySignInCode(
  services: AppServices,
  { code, flowToken, address }: { code: string; flowToken: string | undefined; address: string },
): Promise<VerifyCodeResult> {
  const digits = readCodeDigits(code);
  if (!digits) return { ok: false, status: 400, error: M.codeRequired };
  const checked = await checkLoginCode(services.db, { flowToken, code: digits, address });
  if (!checked.ok) {
    log.warn("sign-in failed", { reason: checked.reason, address });
    const error = checked.reason === "not-allowed" ? M.signInFailed : CODE_REFUSAL_MESSAGES[checked.reason];
    const limited = checked.reason === "locked" || checked.reason === "address-limited";
    return {
      ok: false,
      status: limited ? 429 : 400,
      error,
      retryAfterSeconds: checked.retryAfterSeconds,
      backToPhone: checked.reason === "no-code" || checked.reason === "not-allowed",
    };
  }
  const sessionToken = await createSession(services.db, checked.user.id);
  log.info("signed in", { userId: checked.user.id, role: checked.user.role, address });
  return { ok: true, sessionToken, userId: checked.user.id, role: checked.user.role };
}
