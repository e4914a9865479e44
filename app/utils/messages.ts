// Arabic texts that more than one place shows, defined once.
export const MESSAGES = {
  notFound: "الصفحة غير موجودة",
  searchEmpty: "لا توجد نتائج مطابقة لبحثك.",
  offersEmptyTitle: "لا توجد عروض مطابقة لبحثك",
  offersEmptyHint: "حاول تغيير معايير البحث.",
  inquirySent: "تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.",
  phoneLabelRequired: "رقم الهاتف (مطلوب)",
  phoneRequired: "الرجاء إدخال رقم الهاتف",
  phoneInvalid: "رقم الهاتف غير صحيح، اكتبه مثل ٠٥٠١٢٣٤٥٦٧، ولرقم من خارج المملكة ابدأ بمفتاح الدولة",
  emailInvalid: "البريد الإلكتروني غير صحيح",
  emailRequired: "يرجى إدخال البريد الإلكتروني",
  tooLong: "النص أطول من المسموح",
  unnamed: "غير محدد",
  copyFailed: "لم يتم نسخ الرابط",
  contentLoadFailed: "فشل تحميل المحتوى. جارٍ استخدام نسخة محفوظة.",
  genericError: "حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى.",
  botCheckExpired: "انتهت صلاحية التحقق، يرجى المحاولة مرة أخرى",
  botCheckFailed: "حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى",
  tooManyRequests: "لقد أرسلت طلبات كثيرة خلال وقت قصير. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
  sendFailed: "تعذّر إرسال الطلب. تحقق من اتصالك بالإنترنت ثم حاول مرة أخرى.",
  serverBusy: "الخادم مشغول حاليًا، يرجى المحاولة بعد لحظات",
  // A form sent with JavaScript whose server could not answer (issue 30: the database down, an
  // instance restarting): the form keeps what was typed and shows this (keep-form-when-unreachable.ts).
  serverUnreachable: "تعذّر الاتصال بالخادم مؤقتًا، يرجى المحاولة مرة أخرى بعد لحظات.",
  /** A page that cannot be shown while the database or the server does not answer (server/outage.ts, the root's error boundary). */
  outageTitle: "نعود بعد لحظات",
  outagePage: "يتعذّر علينا عرض هذه الصفحة الآن بسبب عطل مؤقت. لم يُفقد شيء مما حفظته من قبل، يرجى المحاولة مرة أخرى بعد قليل.",
  tryAgain: "حاول مرة أخرى",
  // The photo storage refused a write (issue 30): nothing was kept, what was typed is given back.
  photosNotSaved: "تعذّر حفظ الصور الآن، ولم يُحفظ شيء. يرجى المحاولة مرة أخرى بعد قليل.",
  crossSiteRefused: "تم رفض الطلب لأنه لم يُرسل من صفحات الموقع.",
  // A form's body over its limit (64 KiB for every text form), or a text with a NUL character.
  bodyTooLarge: "البيانات المرسلة أكبر من المسموح به، يرجى اختصار النص والمحاولة مرة أخرى.",
  nulRefused: "يحتوي النص على رموز غير مسموح بها، يرجى حذفها والمحاولة مرة أخرى.",
  badRequest: "طلب غير صالح",
  // New password (profile and password reset).
  passwordRequired: "يرجى إدخال كلمة المرور الجديدة وتأكيدها",
  passwordMismatch: "كلمات المرور غير متطابقة",
  // SPEC's sentence verbatim, its Latin digit included (decision 026: SPEC's texts as SPEC writes them).
  passwordTooShort: "يجب أن تكون كلمة المرور 6 أحرف على الأقل",
  passwordTooCommon: "كلمة المرور هذه شائعة وسهلة التخمين، يرجى اختيار كلمة مرور أقوى",
} as const;
