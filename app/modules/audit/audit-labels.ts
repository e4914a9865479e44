/** The records the audit log follows, and what staff may do to them (shared by browser and server). */
export type AuditEntity = "inquiry" | "submission" | "task" | "offer";

/** Arabic names of the recorded actions, for the "by … at …" line; its keys are every action the log accepts. */
export const AUDIT_ACTION_LABELS = {
  "reply-email": "رد بالبريد",
  "reply-whatsapp": "رد عبر واتساب",
  complete: "إكمال",
  "help-request": "طلب مساعدة",
  reject: "رفض",
  "offer-started": "إنشاء عرض",
  "task-created": "إنشاء مهمة",
  /** A task's or an offer's status moved: details `{ from, to }` (offers: since issue 15, for days on market). */
  "status-change": "تغيير الحالة",
  "finance-request": "طلب اعتماد مالي",
  approve: "اعتماد",
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
