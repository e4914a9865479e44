import { formatTimeAgoArabic } from "~/utils/format.ts";

/**
 * When the firm last confirmed an offer is available, in Riyadh days (decision 046): «تم التأكد من
 * توفره اليوم», «… أمس», «… قبل ٣ أيام», «… قبل ١١ يومًا» (formatTimeAgoArabic agrees the words with the number).
 */
export function availabilityConfirmedText(confirmedAt: Date | string, now: Date): string {
  return `تم التأكد من توفره ${formatTimeAgoArabic(confirmedAt, now)}`;
}
