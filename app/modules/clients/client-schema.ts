import { z } from "zod";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import { optionalEmailField } from "~/utils/form-fields.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { CLIENT_STAGES } from "./stages.ts";

/** The client page's forms: shared by the forms and the action (the server checks again). */
const CLIENT_LIMITS_NOTE = 2000;
const CLIENT_LIMITS_REASON = 500;
export const CLIENT_LIMITS = { note: CLIENT_LIMITS_NOTE, reason: CLIENT_LIMITS_REASON, phone: 30, email: FIELD_LIMITS.email } as const;

export const CLIENT_MESSAGES = {
  stageSaved: "تم تغيير المرحلة.",
  noteSaved: "تمت إضافة الملاحظة.",
  phoneSaved: "تمت إضافة الرقم.",
  phoneRemoved: "تم حذف الرقم.",
  emailSaved: "تم حفظ البريد الإلكتروني.",
  ownerSaved: "تم إسناد العميل.",
  reasonRequired: "يرجى كتابة سبب عدم الإتمام.",
  reasonTooLong: `يرجى ألا يزيد السبب على ${formatNumberArabic(CLIENT_LIMITS_REASON)} حرف.`,
  sameStage: "العميل في هذه المرحلة بالفعل.",
  stageMoved: "غيّر أحد الزملاء مرحلة هذا العميل قبل قليل، فلم يُحفظ تغييرك. راجع المرحلة الحالية ثم أعد المحاولة.",
  noteRequired: "يرجى كتابة الملاحظة.",
  noteTooLong: `يرجى ألا تزيد الملاحظة على ${formatNumberArabic(CLIENT_LIMITS_NOTE)} حرف.`,
  phoneInvalid: "رقم الجوال غير صحيح، اكتبه مثل ٠٥٠١٢٣٤٥٦٧، ولرقم من خارج المملكة ابدأ بمفتاح الدولة.",
  phoneOfClient: "هذا الرقم مسجّل لهذا العميل بالفعل.",
  phoneOfOther: "هذا الرقم مسجّل لعميل آخر، فلا يمكن إضافته هنا.",
  phoneNotOfClient: "هذا الرقم ليس من أرقام هذا العميل. حدّث الصفحة ثم أعد المحاولة.",
  phoneLast: "لا يمكن حذف الرقم الوحيد للعميل: به يُعرف العميل في رسائله. أضف رقمًا آخر أولًا.",
  ownerUnknown: "يرجى اختيار موظف من القائمة.",
  ownerSame: "العميل مسند إلى هذا الموظف بالفعل.",
  ownerManagerOnly: "إسناد العملاء من صلاحيات المدير.",
  notFound: "هذا العميل غير موجود أو ليس من عملائك.",
} as const;

export const stageFormSchema = z
  .object({
    stage: z.enum(CLIENT_STAGES as [string, ...string[]]),
    /** The stage the person saw when they opened the form: the change holds only if it is still the stage. */
    from: z.enum(CLIENT_STAGES as [string, ...string[]]),
    reason: z.string().trim().max(CLIENT_LIMITS.reason, CLIENT_MESSAGES.reasonTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.stage === "lost" && !value.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: CLIENT_MESSAGES.reasonRequired });
    if (value.stage === value.from) ctx.addIssue({ code: "custom", path: ["stage"], message: CLIENT_MESSAGES.sameStage });
  });

export const noteFormSchema = z.object({
  note: z.string({ error: CLIENT_MESSAGES.noteRequired }).trim().min(1, CLIENT_MESSAGES.noteRequired).max(CLIENT_LIMITS.note, CLIENT_MESSAGES.noteTooLong),
});

export const phoneFormSchema = z.object({
  phone: z.string({ error: CLIENT_MESSAGES.phoneInvalid }).trim().min(1, CLIENT_MESSAGES.phoneInvalid).max(CLIENT_LIMITS.phone, CLIENT_MESSAGES.phoneInvalid),
});

export const emailFormSchema = z.object({ email: optionalEmailField() });

/** Removing one of the client's phones: the E.164 number the page lists. */
export const phoneRemoveFormSchema = z.object({
  phone: z.string({ error: CLIENT_MESSAGES.phoneNotOfClient }).trim().min(1, CLIENT_MESSAGES.phoneNotOfClient).max(CLIENT_LIMITS.phone, CLIENT_MESSAGES.phoneNotOfClient),
});

export const ownerFormSchema = z.object({
  ownerId: z.coerce.number({ error: CLIENT_MESSAGES.ownerUnknown }).int(CLIENT_MESSAGES.ownerUnknown).positive(CLIENT_MESSAGES.ownerUnknown),
});
