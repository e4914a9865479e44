import type { AppServices } from "~/context.ts";
import { AD_LICENCE_LIMITS, AD_LICENCE_MESSAGES, type LicenceCheckAnswer } from "~/modules/ad-licences/index.ts";
import { checkLicenceForForm, REGA_VERDICT_MESSAGES, regaClientOf } from "~/modules/ad-licences/index.server.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";

/** Spaces, dashes and direction marks a pasted number brings along (as the form's schema drops them). */
const NUMBER_NOISE = /[\s\-\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/**
 * The offer form's «تحقق من الترخيص» (decision 047): the licence number typed (Arabic-Indic digits
 * read too) asked of REGA; the answer is REGA's data for the form to fill, or why not, in Arabic.
 */
export async function handleLicenceCheck(services: AppServices, form: FormData | null): Promise<LicenceCheckAnswer> {
  const posted = form?.get("number");
  const number = typeof posted === "string" ? toAsciiDigits(posted).replace(NUMBER_NOISE, "") : "";
  if (!number) return { ok: false, message: REGA_VERDICT_MESSAGES.numberRequired };
  if (!/^\d+$/.test(number) || number.length > AD_LICENCE_LIMITS.number) return { ok: false, message: AD_LICENCE_MESSAGES.numberInvalid };
  return checkLicenceForForm(services.db, regaClientOf(services.env), number);
}
