import { z } from "zod";
import { cleanPersonName } from "~/utils/bidi.ts";
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import { RECENT_DAYS_MAX } from "./status-visibility.ts";

/** The lookup lists the manager edits on the settings page (SPEC §3 Lookup lists, §9). */
const LOOKUP_LISTS = ["cities", "neighbourhoods", "propertyTypes", "unitTypes", "statuses"] as const;
export type LookupListKey = (typeof LOOKUP_LISTS)[number];

/** Each list's title, the name of one of its values (the field's label) and its "add" button. */
export const LOOKUP_LIST_LABELS: Record<LookupListKey, { title: string; one: string; add: string }> = {
  cities: { title: "المدن", one: "اسم المدينة", add: "إضافة مدينة" },
  neighbourhoods: { title: "الأحياء", one: "اسم الحي", add: "إضافة حي" },
  propertyTypes: { title: "أنواع العقارات", one: "نوع العقار", add: "إضافة نوع عقار" },
  unitTypes: { title: "أنواع الوحدات", one: "نوع الوحدة", add: "إضافة نوع وحدة" },
  statuses: { title: "حالات العروض", one: "الحالة", add: "إضافة حالة" },
};

export const LOOKUP_LIMITS = { name: 60 } as const;

/** The lookup lists' texts (our own wording: the firm's texts do not cover this page). */
export const LOOKUP_MESSAGES = {
  added: "تمت الإضافة إلى القائمة",
  hidden: "تم الإخفاء: لن تظهر في القوائم ولا في تصفية الموقع، وتبقى في العروض التي تستخدمها",
  shown: "تم الإظهار في القوائم",
  deleted: "تم الحذف من القائمة",
  moved: "تم تغيير الترتيب",
  nameRequired: "يرجى إدخال الاسم",
  nameTaken: (existing: string) => `يوجد في القائمة اسم مطابق: ${existing}`,
  inUse: "لا يمكن حذف قيمة تستخدمها عروض، ويمكنك إخفاؤها بدلًا من ذلك",
  gone: "لم تعد هذه القيمة موجودة، حدّث الصفحة",
  locked: "تعتمد تصفية العروض في الموقع أو التقارير على هذه الحالة، فلا يمكن تغييرها أو إخفاؤها أو حذفها",
  visibilitySaved: "تم حفظ ظهور الحالة للزوار",
  recentDaysInvalid: `يرجى إدخال عدد الأيام من ${formatNumberArabic(1)} إلى ${formatNumberArabic(RECENT_DAYS_MAX)}`,
} as const;

/** "عرض واحد", "عرضان", "٣ عروض", "١١ عرضًا": how many offers use a value. */
export function offerCountText(count: number): string {
  return formatCountArabic(count, { zero: "لا عروض", one: "عرض واحد", two: "عرضان", few: "عروض", many: "عرضًا", other: "عرض" });
}

/** The confirmation of a rename, with how many offers took the new name ("… وتحديث ٣ عروض"). */
export function renamedText(offers: number): string {
  if (offers === 0) return "تم تغيير الاسم";
  const count = formatCountArabic(offers, { zero: "", one: "عرض واحد", two: "عرضين", few: "عروض", many: "عرضًا", other: "عرض" });
  return `تم تغيير الاسم وتحديث ${count} تستخدمه`;
}

/** A list value's id from the page: digits only. */
const idField = () =>
  z
    .string(LOOKUP_MESSAGES.gone)
    .regex(/^\d{1,9}$/, LOOKUP_MESSAGES.gone)
    .transform(Number);

/** A value's name, cleaned as a name (bidi controls and marks removed, spaces collapsed), at most 60 characters. */
const nameField = () =>
  z.string(LOOKUP_MESSAGES.nameRequired).transform(cleanPersonName).pipe(z.string().min(1, LOOKUP_MESSAGES.nameRequired).max(LOOKUP_LIMITS.name, MESSAGES.tooLong));

const listField = () => z.enum(LOOKUP_LISTS, MESSAGES.badRequest);

/** A new value at the end of a list; a neighbourhood names its city. */
export const lookupAddSchema = z
  .object({ list: listField(), cityId: idField().optional(), name: nameField() })
  .refine((value) => value.list !== "neighbourhoods" || value.cityId !== undefined, { message: LOOKUP_MESSAGES.gone, path: ["cityId"] });

/** A new name for a value: the offers that use the old one take it in the same transaction. */
export const lookupRenameSchema = z.object({ list: listField(), id: idField(), name: nameField() });

/** Hide or show, move up or down, delete: buttons of a value's row. */
export const lookupChangeSchema = z.object({
  list: listField(),
  id: idField(),
  change: z.enum(["hide", "show", "up", "down", "delete"], MESSAGES.badRequest),
});

/** A recent status's days in «تم بيعها أو تأجيرها مؤخرًا»: 1 to 365; digits may be typed Arabic-Indic. */
const recentDaysField = () =>
  z
    .string(LOOKUP_MESSAGES.recentDaysInvalid)
    .transform((value) => toAsciiDigits(value.trim()))
    .pipe(z.string().regex(/^\d{1,3}$/u, LOOKUP_MESSAGES.recentDaysInvalid))
    .transform(Number)
    .pipe(z.number().int().min(1, LOOKUP_MESSAGES.recentDaysInvalid).max(RECENT_DAYS_MAX, LOOKUP_MESSAGES.recentDaysInvalid));

/** Who sees a status's offers (decision 027); the days are read only for a recent status (another keeps its own). */
export const lookupVisibilitySchema = z.discriminatedUnion("visibility", [
  z.object({ id: idField(), visibility: z.literal("recent"), recentDays: recentDaysField() }),
  z.object({ id: idField(), visibility: z.enum(["available", "internal"], MESSAGES.badRequest) }),
]);
