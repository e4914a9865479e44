/**
 * Names, limits and texts of the tenants' maintenance reports, shared by the public page, the back
 * office and the server. No zod and no server code here: part of the public page's JavaScript.
 */
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_URGENCIES,
  type MaintenanceCategory,
  type MaintenanceStatus,
  type MaintenanceUrgency,
} from "~/db/column-types.ts";
import { PHOTO_ACCEPT } from "~/utils/image-ref.ts";

export { MAINTENANCE_CATEGORIES, MAINTENANCE_STATUSES, MAINTENANCE_URGENCIES, type MaintenanceCategory, type MaintenanceStatus, type MaintenanceUrgency };

export const CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: "سباكة",
  electricity: "كهرباء",
  "air-conditioning": "تكييف",
  appliances: "أجهزة",
  "doors-windows": "أبواب ونوافذ",
  cleaning: "نظافة",
  other: "أخرى",
};

export const URGENCY_LABELS: Record<MaintenanceUrgency, string> = { normal: "عادي", urgent: "عاجل", emergency: "طارئ" };

export const STATUS_LABELS: Record<MaintenanceStatus, string> = { open: "جديد", "in-progress": "قيد التنفيذ", done: "منجز", cancelled: "ملغى" };

const PHOTO_MAX_MEGABYTES = 5;

/** Up to five photos of the problem, each at most 5 MB (the owners' submissions' rule per photo). */
export const REPORT_PHOTOS = {
  field: "photos",
  max: 5,
  maxMegabytes: PHOTO_MAX_MEGABYTES,
  maxBytes: PHOTO_MAX_MEGABYTES * 1024 * 1024,
  accept: PHOTO_ACCEPT,
} as const;

export const REPORT_LIMITS = { phone: 30, description: 2000, costDescription: 200 } as const;

export const MAINTENANCE_MESSAGES = {
  phoneRequired: "يرجى إدخال رقم الجوال",
  phoneInvalid: "اكتب رقم جوال سعوديًا صحيحًا، مثل ٠٥٠١٢٣٤٥٦٧",
  codeRequired: "يرجى إدخال رمز التحقق المكوّن من ٦ أرقام",
  categoryRequired: "يرجى اختيار نوع المشكلة",
  urgencyRequired: "يرجى اختيار درجة الاستعجال",
  descriptionRequired: "يرجى وصف المشكلة",
  descriptionTooLong: "الوصف أطول من المسموح (٢٠٠٠ حرف)",
  photoTooLarge: "بعض الصور يتجاوز حجمها ٥ ميجابايت. الحد الأقصى لكل صورة ٥ ميجابايت.",
  tooManyPhotos: "يمكن إرفاق ٥ صور كحد أقصى.",
  requestTooLarge: "حجم البلاغ أكبر من المسموح. يرجى تقليل عدد الصور أو حجمها.",
  photosUnreadable: "تعذّرت قراءة إحدى الصور. يرجى اختيار صورة أخرى.",
  photosAgain: "لم تُحفظ الصور المرفقة بعد؛ يرجى اختيارها مرة أخرى قبل الإرسال.",
  codeSent: "أرسلنا رمز التحقق إلى جوالك.",
  received: (id: string) => `تم استلام بلاغك رقم ${id}`,
  noManager: "لا يوجد مدير نشط لاستلام البلاغ الآن. يرجى الاتصال بالشركة.",
  readOnly: "صلاحيتك في الصيانة للاطلاع فقط",
  costDescriptionRequired: "يرجى كتابة وصف الإصلاح",
  costDescriptionTooLong: "وصف الإصلاح أطول من المسموح (٢٠٠ حرف)",
  statusInvalid: "اختر حالة البلاغ من القائمة",
  notFound: "البلاغ غير موجود",
} as const;

/** The list's three groups (a cancelled report is listed with the done ones), and where a repair's cost stands. */
export type ListGroupName = "open" | "in-progress" | "done";
export type ChargeStateName = "pending" | "approved" | "rejected";
