import { MESSAGES } from "~/utils/messages.ts";
import type { SubmissionStatus } from "~/db/column-types.ts";

export type { SubmissionStatus };

type StatusView = { label: string; tone: "yellow" | "blue" | "red" };

/** Their badge colours (one for each status); anything else shows raw in grey. */
const SUBMISSION_STATUS_VIEW: Record<string, StatusView> = {
  pending: { label: "قيد المراجعة", tone: "yellow" },
  reviewed: { label: "تمت المراجعة", tone: "blue" },
  rejected: { label: "مرفوض", tone: "red" },
} satisfies Record<SubmissionStatus, StatusView>;

export function submissionStatusView(status: string): { label: string; tone: "yellow" | "blue" | "red" | "grey" } {
  return SUBMISSION_STATUS_VIEW[status] ?? { label: status, tone: "grey" };
}

/** Rejecting or starting an offer is possible until the submission is rejected. */
export function canReview(status: string): boolean {
  return status === "pending" || status === "reviewed";
}

export const SUBMISSION_REVIEW_MESSAGES = {
  rejected: "تم رفض الطلب",
  notFound: "هذا الطلب غير موجود",
  notAllowed: "لا يمكن تنفيذ هذا الإجراء على طلب مرفوض",
  invalidRequest: MESSAGES.badRequest,
  empty: "لا توجد طلبات بعد",
  emptyHint: "لم يرسل أي مالك طلب إدارة عقار حتى الآن.",
} as const;
