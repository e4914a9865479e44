import { MESSAGES } from "~/utils/messages.ts";
import { secondsText } from "~/utils/count-words.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

/** Texts of the sign-in, word for word as the firm gave them; the last group are ours (the firm gave none). */
export const SIGN_IN_MESSAGES = {
  phoneRequired: MESSAGES.phoneRequired,
  phoneInvalid: MESSAGES.phoneInvalid,
  notAllowed: "رقم الهاتف غير مصرح له بالدخول للوحة الإدارة",
  codeRequired: "الرجاء إدخال رمز التحقق",
  noCodeYet: "لم يتم إرسال رمز التحقق بعد",
  wrongCode: "رمز التحقق غير صحيح",
  signInFailed: "فشل في تسجيل الدخول",
  sendFailed: "حدث خطأ في إرسال رمز التحقق",
  sent: "تم إرسال رمز التحقق بنجاح",
  sending: "جاري إرسال الرمز...",
  verifying: "جاري التحقق...",
  botCheckExpired: MESSAGES.botCheckExpired,
  botCheckSetupFailed: MESSAGES.botCheckFailed,
  botCheckMissing: "فشل في إعداد التحقق",

  codeExpired: "انتهت صلاحية رمز التحقق، يرجى طلب رمز جديد",
  codeLocked: formatDigitsArabic("تم تجاوز عدد المحاولات المسموح بها، يرجى المحاولة بعد 15 دقيقة"),
  tooSoon: formatDigitsArabic("يرجى الانتظار 30 ثانية قبل طلب رمز جديد"),
  tooManyCodes: formatDigitsArabic("تم تجاوز عدد الرموز المسموح بها، يرجى المحاولة بعد 15 دقيقة"),
  tooManyFromAddress: "طلبات كثيرة من هذا الجهاز، يرجى المحاولة لاحقًا",
  /** «إعادة إرسال الرمز» pressed before the 30 seconds are up: how long is left, the count agreeing with its noun. */
  resendIn: (seconds: number) => `يمكنك طلب رمز جديد بعد ${secondsText(seconds)}`,
  resending: "جارٍ إرسال رمز جديد…",
  identifierRequired: "يرجى إدخال اسم المستخدم أو البريد الإلكتروني",
  passwordRequired: "يرجى إدخال كلمة المرور",
} as const;

/** Confirming who asks before a sensitive change (issue 11; our own wording): profile and staff pages. */
export const REAUTH_MESSAGES = {
  currentPasswordRequired: "يرجى إدخال كلمة المرور الحالية",
  currentPasswordWrong: "كلمة المرور الحالية غير صحيحة",
  codeRequired: SIGN_IN_MESSAGES.codeRequired,
  codeSent: "تم إرسال رمز التحقق إلى جوالك",
  codeNotNeeded: "لحسابك كلمة مرور: أدخل كلمة المرور الحالية بدلًا من الرمز",
  verifyFailed: "تعذر التحقق من هويتك، يرجى المحاولة مرة أخرى",
  tooManyTries: formatDigitsArabic("محاولات كثيرة، يرجى المحاولة بعد 15 دقيقة"),
  busy: MESSAGES.serverBusy,
} as const;

/** Password reset texts (our own wording: the firm gave none). */
export const RESET_MESSAGES = {
  requested: "إذا كان البريد الإلكتروني مسجلًا لدينا، فستصلك خلال دقائق رسالة فيها رابط لإعادة تعيين كلمة المرور.",
  invalidLink: "رابط إعادة التعيين غير صالح أو انتهت صلاحيته. اطلب رابطًا جديدًا.",
  done: "تم تغيير كلمة المرور بنجاح. يمكنك تسجيل الدخول الآن.",
} as const;
