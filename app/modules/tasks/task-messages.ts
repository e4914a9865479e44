/** The tasks board's and the approvals' texts (the firm's texts give only the rejection reason's). */
export const TASK_MESSAGES = {
  titleRequired: "يرجى إدخال عنوان المهمة",
  descriptionRequired: "يرجى إدخال وصف المهمة",
  assigneeRequired: "يرجى اختيار الموظف المسؤول عن المهمة",
  assigneeInvalid: "لا يمكن إسناد المهام إلا إلى موظف أو محاسب نشط",
  offerNotFound: "العقار المختار غير موجود",
  dueDateInvalid: "يرجى إدخال تاريخ استحقاق صحيح",
  dueDatePast: "لا يمكن أن يكون تاريخ الاستحقاق في الماضي",
  notFound: "المهمة غير موجودة أو ليست من مهامك",
  statusInvalid: "يرجى اختيار حالة صحيحة",
  statusNotAllowed: "لا يمكنك نقل المهمة إلى هذه الحالة",
  statusUnchanged: "المهمة في هذه الحالة الآن؛ اختر حالة أخرى لتغييرها",
  awaitingApproval: "المهمة بانتظار الموافقة: لا يغيّر حالتها إلا اعتماد المدير أو رفضه",
  notAwaitingApproval: "تم البتّ في هذا الطلب من قبل",
  managerOnly: "هذا الإجراء للمدير العام فقط",
  rejectReasonRequired: "يرجى كتابة سبب الرفض.",
  created: "تم إنشاء المهمة وإبلاغ الموظف المسؤول",
  statusSaved: "تم تحديث حالة المهمة",
  approved: "تم اعتماد الطلب وتسجيل المعاملة المالية",
  rejected: "تم رفض الطلب وإبلاغ المحاسب",
} as const;

/** The longest values the task form and the approval dialog accept. */
export const TASK_LIMITS = { title: 200, description: 4000, notes: 2000 } as const;
