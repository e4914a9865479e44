import type { MaintenanceCategory, MaintenanceStatus, MaintenanceUrgency } from "~/db/column-types.ts";
import { formatCountArabic, formatDateBothCalendars, type CountWords } from "~/utils/format.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";

/** «عقود تنتهي قريبًا»: leases whose last day falls within this many days. */
export const LEASES_ENDING_WITHIN_DAYS = 90;
/** «الوحدات المسوّقة»: views and inquiries over this many days. */
export const MARKETING_WINDOW_DAYS = 30;

/** The portal's sections, in its menu's order (decision 056). */
export const PORTAL_LINKS = [
  { to: "/owner", label: "عقاراتي" },
  { to: "/owner/statements", label: "كشوف الحساب" },
  { to: "/owner/leases", label: "عقود تنتهي قريبًا" },
  { to: "/owner/maintenance", label: "الصيانة الجارية" },
  { to: "/owner/marketed", label: "الوحدات المسوّقة" },
] as const;

export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: "سباكة",
  electricity: "كهرباء",
  "air-conditioning": "تكييف",
  appliances: "أجهزة",
  "doors-windows": "أبواب ونوافذ",
  cleaning: "نظافة",
  other: "أخرى",
};
export const MAINTENANCE_URGENCY_LABELS: Record<MaintenanceUrgency, string> = { normal: "عادي", urgent: "عاجل", emergency: "طارئ" };
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = { open: "بانتظار البدء", "in-progress": "قيد التنفيذ", done: "تم", cancelled: "ملغى" };

const VIEWS: CountWords = { zero: "لا توجد مشاهدات", one: "مشاهدة واحدة", two: "مشاهدتان", few: "مشاهدات", many: "مشاهدة" };
const INQUIRIES: CountWords = { zero: "لا توجد استفسارات", one: "استفسار واحد", two: "استفساران", few: "استفسارات", many: "استفسارًا", other: "استفسار" };
const LEASES: CountWords = { zero: "لا توجد عقود", one: "عقد واحد", two: "عقدان", few: "عقود", many: "عقدًا", other: "عقد" };
const REQUESTS: CountWords = { zero: "لا توجد طلبات", one: "طلب واحد", two: "طلبان", few: "طلبات", many: "طلبًا", other: "طلب" };
export const viewsText = (count: number) => formatCountArabic(count, VIEWS);
export const inquiriesText = (count: number) => formatCountArabic(count, INQUIRIES);
export const leasesText = (count: number) => formatCountArabic(count, LEASES);
export const requestsText = (count: number) => formatCountArabic(count, REQUESTS);

/** A day as COPY.md writes it, «٢٩ ديسمبر ٢٠٢٦م»: a calendar day (`2026-12-29`) as it is, a moment on its Riyadh day. */
export const dayText = (value: string | Date) => formatDateBothCalendars(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : riyadhDayOf(value)).gregorian;
