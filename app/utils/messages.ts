// Arabic texts of SPEC.md that more than one place shows, defined once.
export const MESSAGES = {
  notFound: "الصفحة غير موجودة",
  searchEmpty: "لا توجد نتائج مطابقة لبحثك.",
  offersEmptyTitle: "لا توجد عروض مطابقة لبحثك",
  offersEmptyHint: "حاول تغيير معايير البحث.",
  inquirySent: "تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.",
  phoneLabelRequired: "رقم الهاتف (مطلوب)",
  phoneRequired: "الرجاء إدخال رقم الهاتف",
  phoneInvalid: "رقم الهاتف غير صحيح، اكتبه مثل 05xxxxxxxx",
  emailInvalid: "البريد الإلكتروني غير صحيح",
  tooLong: "النص أطول من المسموح",
  unnamed: "غير محدد",
  copyFailed: "لم يتم نسخ الرابط",
  contentLoadFailed: "فشل تحميل المحتوى. جارٍ استخدام نسخة محفوظة.",
  genericError: "حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى.",
} as const;
