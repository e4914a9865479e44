/** The records the audit log follows, and what staff may do to them (shared by browser and server). */
import type { AuditAction } from "~/db/column-types.ts";

export type { AuditAction, AuditEntity } from "~/db/column-types.ts";

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
  /** The settings row (entity id 1): details `{ changes: { field: { from, to } } }`. */
  "settings-change": "تغيير الإعدادات",
  /** A lookup list (entity "settings", id 1): details `{ list, change, name | from and to }`. */
  "lookup-change": "تغيير القوائم",
  /** A firm licence: details `{ alt, kind: "upload" | "link" }`. */
  "licence-added": "إضافة ترخيص",
  "licence-deleted": "حذف ترخيص",
  /** An offer's ad licence given, changed or removed: details `{ from, to }` (number and end date). */
  "ad-licence-change": "تغيير ترخيص الإعلان",
  /** Someone confirmed an offer is still available (decision 046): details `{ from }` (the confirmation it renewed). */
  "availability-confirmed": "تأكيد توفر العرض",
  /** A client's owner set by the manager (details `{ from, to }`, staff ids) or, for a new client, by the manager's rule (actor the system, `by: "rule"`). */
  "client-assigned": "إسناد عميل",
  /** A note on a client's timeline: details `{ text }`. */
  "client-note": "ملاحظة على عميل",
  /** A phone added to a client: details `{ phone }` (E.164). */
  "client-phone-added": "إضافة رقم لعميل",
  /** A phone taken off a client (never their last): details `{ phone }` (E.164). */
  "client-phone-removed": "حذف رقم من عميل",
  /** A client's e-mail set, changed or cleared: details `{ from, to }`. */
  "client-email-changed": "تغيير بريد عميل",
  /** Property management (owners, managed properties, units, management contracts): details `{ changes }` or the new record. */
  "pm-created": "إضافة",
  "pm-updated": "تعديل",
  "pm-removed": "حذف",
  /** An owner's monthly statement paid out (decision 055): details `{ statementId, month, netHalalas, reference }`. */
  "statement-paid-out": "تسجيل الدفع للمالك",
  /** What a statement left an owner owing, paid by the owner to the firm: details `{ statementId, month, netHalalas, reference }`. */
  "statement-settled-by-owner": "تسجيل سداد المالك",
} as const satisfies Record<AuditAction, string>;
