import type { ViewingOutcome, ViewingStatus } from "~/db/column-types.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { formatCountArabic, formatDigitsArabic, type CountWords } from "~/utils/format.ts";

export type { ViewingOutcome, ViewingStatus };

export const VIEWING_STATUS_LABELS: Record<ViewingStatus, string> = {
  requested: "طلب من زائر",
  confirmed: "مؤكدة",
  cancelled: "ملغاة",
  done: "تمت",
};

export const VIEWING_OUTCOME_LABELS: Record<ViewingOutcome, string> = {
  interested: "مهتم",
  "not-interested": "غير مهتم",
  "another-viewing": "يريد معاينة أخرى",
};

export const VIEWING_OUTCOMES = Object.keys(VIEWING_OUTCOME_LABELS) as ViewingOutcome[];

/** The lengths the scheduling form offers, in minutes. */
export const VIEWING_LENGTHS = [30, 45, 60, 90, 120] as const;

/** Every text of the viewings' pages and messages that is not a label (ours: SPEC gives none). */
export const VIEWING_MESSAGES = {
  booked: "تم حجز المعاينة وأُرسل تأكيدها إلى العميل",
  confirmed: "تم تأكيد المعاينة وأُرسل تأكيدها إلى العميل",
  proposed: "تم اقتراح الموعد الجديد وأُرسل إلى العميل",
  cancelled: "تم إلغاء المعاينة وأُبلغ العميل",
  outcomeSaved: "تم حفظ نتيجة المعاينة",
  hoursSaved: "تم حفظ أوقات المعاينات",
  requestSent: "تم استلام طلب المعاينة، وسنتصل بك لتأكيد الموعد.",
  staffBusy: (name: string) => `لدى ${name} معاينة أخرى في هذا الوقت، يرجى اختيار وقت آخر أو موظف آخر`,
  offerRequired: "يرجى اختيار العرض",
  offerUnknown: "العرض غير موجود، يرجى اختياره من القائمة",
  clientRequired: "يرجى اختيار العميل",
  clientUnknown: "العميل غير موجود، يرجى اختياره من القائمة",
  bookingDenied: "حجز المعاينات ليس من صلاحياتك",
  staffRequired: "يرجى اختيار الموظف",
  staffUnknown: "الموظف غير موجود أو غير نشط، يرجى اختياره من القائمة",
  dayRequired: "يرجى اختيار التاريخ",
  timeRequired: "يرجى اختيار الوقت",
  lengthInvalid: "يرجى اختيار مدة من القائمة",
  inThePast: "هذا الوقت قد مضى، يرجى اختيار وقت قادم",
  slotRequired: "يرجى اختيار موعد من المواعيد المتاحة",
  slotClosed: "هذا الموعد لم يعد متاحًا، يرجى اختيار موعد آخر",
  outcomeRequired: "يرجى اختيار نتيجة المعاينة",
  reasonRequired: "يرجى كتابة سبب عدم الاهتمام",
  notStarted: "لم تبدأ المعاينة بعد، تُسجَّل النتيجة بعدها",
  notYours: "هذه المعاينة لموظف آخر، ولا يسجّل نتيجتها إلا هو أو المدير",
  changed: "تغيّرت هذه المعاينة قبل حفظ طلبك، يرجى مراجعتها",
  notFound: "المعاينة غير موجودة",
  managerOnly: "تعديل أوقات المعاينات من صلاحيات المدير",
  daysRequired: "يرجى اختيار يوم واحد على الأقل",
  hoursInvalid: "يجب أن يكون وقت الإغلاق بعد وقت الفتح بمدة معاينة واحدة على الأقل",
} as const;

/** The week's days in Arabic, 0 = Sunday (the Saudi week starts on Sunday). */
export const WEEKDAY_NAMES = ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"] as const;

const shortDayFormat = new Intl.DateTimeFormat("ar-SA", { calendar: "gregory", day: "numeric", month: "long", timeZone: "Asia/Riyadh" });
const timeFormat = new Intl.DateTimeFormat("ar-SA", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Riyadh" });

/** «الأحد ٢٩ نوفمبر» of a Riyadh day (yyyy-mm-dd). */
export function viewingDayText(day: string): string {
  return `${WEEKDAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()]} ${viewingShortDayText(day)}`;
}

/** «٢٩ نوفمبر» of a Riyadh day. */
export function viewingShortDayText(day: string): string {
  // Noon UTC is the same calendar day in Riyadh.
  return formatDigitsArabic(shortDayFormat.format(new Date(`${day}T12:00:00Z`)));
}

/** «٤:٠٠ م» in Riyadh. */
export function viewingTimeText(instant: Date | string): string {
  return formatDigitsArabic(timeFormat.format(new Date(instant)));
}

/** «الأحد ٢٩ نوفمبر، ٤:٠٠ م» (the client's messages and the diary's entries). */
export function viewingWhenText(instant: Date | string): string {
  return `${viewingDayText(riyadhDayOf(instant))}، ${viewingTimeText(instant)}`;
}

/** An hour of the day for the opening-hours form: «٤:٠٠ م». */
export function hourText(hour: number): string {
  return viewingTimeText(new Date(Date.UTC(2026, 0, 1, hour - 3)));
}

const MINUTES: CountWords = { zero: "أقل من دقيقة", one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة" };
const VIEWINGS: CountWords = { zero: "لا توجد معاينات", one: "معاينة واحدة", two: "معاينتان", few: "معاينات", many: "معاينة" };

export const minutesText = (count: number) => formatCountArabic(count, MINUTES);
export const viewingsText = (count: number) => formatCountArabic(count, VIEWINGS);
