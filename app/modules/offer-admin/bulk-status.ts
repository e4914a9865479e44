import { offersText } from "~/utils/count-words.ts";

/** The bulk status change of the offers list: its texts (our own wording: the firm gave none). */
export const BULK_STATUS_MESSAGES = {
  noneSelected: "يرجى تحديد عرض واحد على الأقل",
  statusRequired: "يرجى اختيار الحالة الجديدة من القائمة",
  gone: "هذا العرض غير موجود، ربما حُذف من قبل.",
} as const;

/** One offer's outcome as the page lists the refused ones. */
interface BulkStatusRefusal {
  id: number;
  title: string;
  error: string;
}

/** What the page shows after a bulk change: how many changed, how many already had it, and each refused offer with its reason. */
export interface BulkStatusOutcome {
  status: string;
  changed: number;
  unchanged: number;
  refused: BulkStatusRefusal[];
}

/**
 * «تم تغيير الحالة إلى «مباع»: ٣ عروض.», «كانت بهذه الحالة من قبل: عرضان.», «تعذّر تغيير الحالة: عرض
 * واحد» — each count after a colon, agreeing with its noun (offersText).
 */
export function bulkStatusSummary(outcome: BulkStatusOutcome): { done: string; refused: string } {
  const parts: string[] = [];
  if (outcome.changed) parts.push(`تم تغيير الحالة إلى «${outcome.status}»: ${offersText(outcome.changed)}.`);
  if (outcome.unchanged) parts.push(`كانت بهذه الحالة من قبل: ${offersText(outcome.unchanged)}.`);
  return { done: parts.join(" "), refused: outcome.refused.length ? `تعذّر تغيير الحالة: ${offersText(outcome.refused.length)}` : "" };
}
