import { randomUUID } from "node:crypto";
import type { Env } from "~/utils/env.server.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { licenceEndsAt } from "./ad-licence.ts";
import type { RegaLicence } from "./rega-answer.ts";

/**
 * REGA's advertisement validation (decision 047), configured like the SMS and WhatsApp adapters:
 * REGA_API_URL, REGA_CLIENT_ID and REGA_CLIENT_SECRET, or off without them. One GET of
 * `{base}/AdvertisementValidator?adLicenseNumber&advertiserId&idType` with the gateway's client id
 * and secret; the answer is `{ Body: { result: { isValid, message, advertisement } } }`.
 */

/** How long REGA may take before the check is given up: a page never waits longer. */
const REGA_TIMEOUT_MS = 5_000;

/** REGA's id type of an establishment (1 is a person's national id): the firm advertises under its commercial registration. */
const REGA_ESTABLISHMENT_ID_TYPE = 2;

/** Why a check gave no verdict, in Arabic for the person who asked (the log has the detail). */
export const REGA_MESSAGES = {
  off: "التحقق من الترخيص لدى الهيئة العامة للعقار غير مفعّل على الخادم؛ يفعّله مسؤول الخادم.",
  timeout: formatDigitsArabic(`لم تُجب منصة الهيئة العامة للعقار خلال ${REGA_TIMEOUT_MS / 1000} ثوانٍ، يرجى المحاولة بعد قليل.`),
  unreachable: "تعذّر الاتصال بمنصة الهيئة العامة للعقار، يرجى المحاولة بعد قليل.",
  refusedCredentials: "رفضت منصة الهيئة العامة للعقار بيانات الربط؛ يراجعها مسؤول الخادم.",
  badAnswer: "وصل من منصة الهيئة العامة للعقار رد غير مفهوم، يرجى المحاولة بعد قليل.",
} as const;

/** REGA's verdict: valid, cancelled (withdrawn before its end), ended (its end date passed), or unknown to REGA. */
export type RegaVerdict = { state: "valid" | "cancelled" | "ended"; licence: RegaLicence } | { state: "unknown" };

/** A check that gave no verdict (off, too slow, REGA failing); `message` is Arabic, for the page. */
export class RegaCheckError extends Error {
  override name = "RegaCheckError";
  readonly reason: keyof typeof REGA_MESSAGES;
  constructor(reason: keyof typeof REGA_MESSAGES, options: { cause?: unknown } = {}) {
    super(REGA_MESSAGES[reason], options);
    this.reason = reason;
  }
}

export interface RegaClient {
  /** False when REGA_API_URL and its credentials are not set: every check then fails with `off`. */
  readonly configured: boolean;
  check(query: { licenceNumber: string; advertiserId: string; idType?: number }, now?: Date): Promise<RegaVerdict>;
}

type RegaEnv = Pick<Env, "REGA_API_URL" | "REGA_CLIENT_ID" | "REGA_CLIENT_SECRET">;

/** The client of REGA_API_URL, or the one that is off. */
export function createRegaClient(env: RegaEnv, options: { timeoutMs?: number } = {}): RegaClient {
  const { REGA_API_URL: base, REGA_CLIENT_ID: clientId, REGA_CLIENT_SECRET: secret } = env;
  if (!base || !clientId || !secret) {
    return { configured: false, check: () => Promise.reject(new RegaCheckError("off")) };
  }
  const timeoutMs = options.timeoutMs ?? REGA_TIMEOUT_MS;
  const endpoint = `${base.replace(/\/+$/, "")}/AdvertisementValidator`;
  return {
    configured: true,
    async check({ licenceNumber, advertiserId, idType = REGA_ESTABLISHMENT_ID_TYPE }, now = new Date()) {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({ adLicenseNumber: licenceNumber, advertiserId, idType: String(idType) }).toString();
      const refId = randomUUID();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: "application/json", "X-IBM-Client-Id": clientId, "X-IBM-Client-Secret": secret, RefId: refId },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        log.warn("rega check failed", { licence: licenceNumber, refId, reason: timedOut ? `no answer within ${timeoutMs} ms` : String((error as Error).cause ?? error) });
        throw new RegaCheckError(timedOut ? "timeout" : "unreachable", { cause: error });
      }
      // The body is read under the same time limit (a gateway may send headers and stall).
      const text = await response.text().catch((error: unknown) => {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        throw new RegaCheckError(timedOut ? "timeout" : "unreachable", { cause: error });
      });
      if (response.status === 401 || response.status === 403) {
        log.warn("rega check refused the credentials", { refId, status: response.status });
        throw new RegaCheckError("refusedCredentials");
      }
      if (!response.ok && response.status !== 404) {
        log.warn("rega check failed", { licence: licenceNumber, refId, status: response.status });
        throw new RegaCheckError("unreachable");
      }
      const verdict = readAnswer(text, now);
      if (!verdict) {
        log.warn("rega answer not understood", { licence: licenceNumber, refId, status: response.status });
        throw new RegaCheckError("badAnswer");
      }
      log.info("rega check", { licence: licenceNumber, refId, state: verdict.state });
      return verdict;
    },
  };
}

/** REGA's answer as a verdict; null when it is not the documented shape. */
function readAnswer(text: string, now: Date): RegaVerdict | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = field(field(json, "Body"), "result");
  if (!result || typeof result !== "object") return null;
  const isValid = field(result, "isValid");
  if (typeof isValid !== "boolean") return null;
  const advertisement = field(result, "advertisement");
  if (!advertisement || typeof advertisement !== "object") return isValid ? null : { state: "unknown" };
  const licence: RegaLicence = {
    number: digits(field(advertisement, "adLicenseNumber")),
    issuedOn: regaDate(field(advertisement, "creationDate")),
    expiresOn: regaDate(field(advertisement, "endDate")),
    deedNumber: digits(field(advertisement, "deedNumber")),
    planNumber: textOf(field(advertisement, "planNumber")),
    plotNumber: textOf(field(advertisement, "landNumber")),
  };
  // A licence past its last day is ended whatever the flag says; a refused one still in its dates was cancelled.
  const ended = licence.expiresOn !== null && licenceEndsAt(licence.expiresOn).getTime() <= now.getTime();
  if (ended) return { state: "ended", licence };
  return { state: isValid ? "valid" : "cancelled", licence };
}

function field(value: unknown, key: string): unknown {
  return value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
}

const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");
const digits = (value: unknown) => {
  const found = textOf(value);
  return /^\d+$/.test(found) ? found : "";
};

/** A date as REGA writes it (`2026-05-01`, `2026-05-01T00:00:00`, `01/05/2026`) as `YYYY-MM-DD`; null otherwise. */
export function regaDate(value: unknown): string | null {
  const found = textOf(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]|$)/.exec(found);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dayFirst = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(found);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`;
  return null;
}
