import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { formatNumberArabic } from "~/utils/format.ts";

/**
 * The search alerts' rules (issue 18). No zod here: the alert form loads this file with its code.
 * An address holds at most `perAddress` alerts that are confirmed or still waiting for their
 * confirmation; the confirmation link works for `confirmValidMs` from the last confirmation
 * e-mail, and that e-mail goes out again for the same alert only after `resendAfterMs`.
 */
export const ALERT_RULES = {
  perAddress: 10,
  confirmValidMs: 48 * 60 * 60_000,
  resendAfterMs: 10 * 60_000,
} as const;

/** The longest e-mail address (the schema checks it, the form gives it to `maxLength`, an echo is cut to it). */
export const ALERT_LIMITS = { email: FIELD_LIMITS.email } as const;

export const ALERT_MESSAGES = {
  title: "نبهني بالعروض الجديدة",
  /** One answer whether the alert is new, waiting or already on: what exists is never told to whoever types an address. */
  subscribed: `تحقق من بريدك: أرسلنا إليك رسالة بشأن هذا التنبيه. إن كان جديدًا فأكّده من الرابط فيها خلال ${formatNumberArabic(48)} ساعة، ولن نرسل إليك أي عروض قبل تأكيده.`,
  limit: `لهذا البريد ${formatNumberArabic(ALERT_RULES.perAddress)} تنبيهات، وهو الحد الأقصى. ألغِ أحدها من رابط الإلغاء في رسائلنا ثم أعد المحاولة.`,
} as const;
