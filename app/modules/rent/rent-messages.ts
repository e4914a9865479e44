import type { RentPaymentMethod } from "~/db/column-types.ts";
import { formatDigitsArabic, formatMoneyArabic } from "~/utils/format.ts";

/** The rent pages' texts (our own wording: SPEC.md has none for them). */
export const RENT_MESSAGES = {
  paymentRecorded: "تم تسجيل الدفعة",
  amountRequired: "يرجى إدخال المبلغ",
  amountInvalid: formatDigitsArabic("يرجى إدخال مبلغ بالريال أكبر من صفر بمنزلتين عشريتين على الأكثر، مثل 2,500.50"),
  methodRequired: "يرجى اختيار طريقة الدفع",
  dateRequired: "يرجى إدخال تاريخ الدفع",
  dateInvalid: "التاريخ غير صحيح",
  dateInFuture: "لا يمكن تسجيل دفعة بتاريخ لاحق لليوم",
  nothingDue: "لا توجد على هذا العقد أقساط مستحقة غير مسددة، فلا تسجل عليه دفعة الآن",
  overpaid: (maxHalalas: number) => `المبلغ أكبر من المستحق غير المسدد على هذا العقد؛ أكثر ما يمكن تسجيله الآن ${formatMoneyArabic(maxHalalas / 100)}`,
  readOnly: "تسجيل الدفعات للمحاسب والمدير العام فقط",
  keyUsed: "انتهت صلاحية هذا النموذج، يرجى تحديث الصفحة وإعادة المحاولة",
  leaseNotFound: "عقد الإيجار غير موجود",
  receiptInvalid: "يرجى اختيار صورة بصيغة JPEG أو PNG أو WebP",
  receiptTooLarge: formatDigitsArabic("حجم صورة الإيصال أكبر من 10 ميجابايت"),
} as const;

export const PAYMENT_METHOD_LABELS: Record<RentPaymentMethod, string> = { transfer: "تحويل بنكي", cash: "نقدًا", card: "بطاقة", cheque: "شيك" };

/** Who records rent payments: the accountant and the manager; the employees read. */
export const canRecordRent = (role: string) => role === "accountant" || role === "manager";
