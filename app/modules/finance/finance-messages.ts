import { formatDigitsArabic } from "~/utils/format.ts";
/** The finance page's texts (the firm's texts name only its required fields). */
export const FINANCE_MESSAGES = {
  descriptionRequired: "يرجى إدخال وصف المعاملة",
  amountRequired: "يرجى إدخال المبلغ",
  amountInvalid: "يرجى إدخال مبلغ أكبر من صفر بخانتين عشريتين على الأكثر",
  typeRequired: "يرجى اختيار نوع المعاملة",
  accountantOnly: "طلبات الاعتماد يرسلها المحاسب فقط",
  noManager: "لا يوجد مدير عام نشط لاعتماد الطلب",
  managerInvalid: "يرجى اختيار مدير عام نشط لاعتماد الطلب",
  receiptTooLarge: formatDigitsArabic("حجم الملف كبير جداً. الحد الأقصى هو 10 ميجابايت."),
  receiptInvalid: "تعذّرت قراءة صورة الإيصال. يرجى اختيار صورة JPEG أو PNG أو WebP.",
  requested: "تم إرسال طلب الاعتماد إلى المدير العام",
} as const;

/** The longest values the finance request accepts; amounts up to ten billion riyals. */
export const FINANCE_LIMITS = { description: 200, notes: 2000, amount: 10_000_000_000, receiptBytes: 10 * 1024 * 1024 } as const;
