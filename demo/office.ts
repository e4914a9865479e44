/**
 * The back office's demo records: a few customer inquiries, internal tasks across every status and
 * the demo staff, and about a month of approved transactions (each from an accountant's request a
 * manager approved). Pure data; office.server.ts writes it, with times counted back from the seed.
 */
import type { TransactionType } from "~/modules/tasks/transaction-type.ts";
import type { InquiryStatus, ReplyMethod } from "~/modules/inquiries/status.ts";
import type { TaskStatus } from "~/modules/tasks/status.ts";
import type { ClientStage } from "~/db/column-types.ts";

/** A demo staff member, by username (staff.server.ts). */
export type DemoStaffName = "khaled" | "noura" | "fahad" | "sara";

export interface DemoInquiry {
  key: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  /** The n-th newest demo offer it is about (0 = the newest), or none. */
  offer?: number;
  status: InquiryStatus;
  ageHours: number;
  replies: Array<{ method: ReplyMethod; message: string; by: DemoStaffName; afterHours: number }>;
  /** Where its writer stands as a client (decision 045), who follows them up, and a note on their timeline. */
  client: { stage: ClientStage; owner?: DemoStaffName; notes?: string };
}

export const DEMO_INQUIRIES: readonly DemoInquiry[] = [
  {
    key: "deposit",
    name: "عبدالله الشهري",
    phone: "+966561230001",
    email: "abdullah.shehri@example.sa",
    message: "السلام عليكم، أرغب في حجز الشقة. كم قيمة العربون وهل يمكن السداد على دفعتين؟",
    offer: 0,
    status: "replied",
    ageHours: 30,
    replies: [{ method: "whatsapp", message: "وعليكم السلام، أهلاً بك. سنؤكد لك قيمة العربون وطريقة السداد خلال اليوم.", by: "sara", afterHours: 2 }],
    client: { stage: "negotiating", owner: "sara", notes: "يفضّل السداد على دفعتين، ينتظر تأكيد المالك." },
  },
  {
    key: "viewing",
    name: "منى الزهراني",
    phone: "+966561230002",
    email: "",
    message: "هل يمكن ترتيب معاينة للفيلا مساء الخميس؟",
    offer: 1,
    status: "pending",
    ageHours: 5,
    replies: [],
    client: { stage: "new", owner: "sara" },
  },
  {
    key: "management",
    name: "تركي الدوسري",
    phone: "+966561230003",
    email: "turki.dosari@example.sa",
    message: "لدي عمارة من ست شقق في حي النرجس وأبحث عن شركة لإدارتها وتحصيل الإيجارات.",
    status: "pending",
    ageHours: 40,
    replies: [],
    client: { stage: "new" },
  },
  {
    key: "closed",
    name: "هيفاء العنزي",
    phone: "+966561230004",
    email: "haifa.anazi@example.sa",
    message: "أبحث عن شقة للإيجار قريبة من جامعة الملك سعود.",
    status: "completed",
    ageHours: 9 * 24,
    replies: [{ method: "email", message: "أهلاً بك، أرسلنا لك ثلاثة عروض مناسبة في حي الجامعة. يسعدنا ترتيب معاينة متى ناسبك.", by: "sara", afterHours: 3 }],
    client: { stage: "viewing", owner: "khaled" },
  },
];

export interface DemoTask {
  title: string;
  description: string;
  assignedTo: DemoStaffName;
  createdBy: DemoStaffName;
  status: TaskStatus;
  ageHours: number;
  /** The demo inquiry it was made from (a help request to the accountant). */
  inquiry?: string;
  /** The n-th newest demo offer it is about (0 = the newest). */
  offer?: number;
  /** Days from the seed to its due date. */
  dueInDays?: number;
  /** A finance request: its amount (SAR) and type. */
  amount?: number;
  transactionType?: TransactionType;
  /** The manager's rejection reason or approval notes. */
  notes?: string;
}

/** Tasks across every status and the demo staff: some late (open and older than a day), one from an inquiry, some about an offer, one request awaiting approval and one rejected. */
export const DEMO_TASKS: readonly DemoTask[] = [
  {
    title: "تجديد عقد إيجار الشقة مع المستأجر",
    description: "التواصل مع المستأجر قبل انتهاء العقد بشهر، وتجهيز مسودة العقد الجديد بالسعر المحدّث.",
    assignedTo: "sara",
    createdBy: "khaled",
    status: "Pending",
    ageHours: 3 * 24,
    offer: 2,
    dueInDays: 2,
  },
  {
    title: "تصوير الفيلا وتحديث صور العرض",
    description: "ترتيب موعد مع المالك لتصوير الواجهة والمجالس نهارًا، ثم رفع الصور على العرض.",
    assignedTo: "sara",
    createdBy: "khaled",
    status: "In Progress",
    ageHours: 2 * 24 + 5,
    offer: 1,
    dueInDays: 1,
  },
  {
    title: "الاتصال بالمالك لتحديث السعر",
    description: "المالك طلب مراجعة سعر العرض بعد معاينتين لم تنتهيا بحجز؛ نحتاج رقم الصك للتأكد من المساحة.",
    assignedTo: "sara",
    createdBy: "noura",
    status: "Awaiting Info",
    ageHours: 6,
    offer: 0,
  },
  {
    title: "تجهيز تقرير الإشغال الشهري",
    description: "عدد الوحدات المؤجرة والشاغرة في العمارات المُدارة، مع الإيجارات المتأخرة.",
    assignedTo: "sara",
    createdBy: "khaled",
    status: "Completed",
    ageHours: 6 * 24,
  },
  {
    title: "إلغاء موعد المعاينة المكرر",
    description: "سُجّل موعد المعاينة مرتين لنفس العميل؛ يُلغى الموعد الثاني ويُبلّغ العميل.",
    assignedTo: "sara",
    createdBy: "noura",
    status: "Cancelled",
    ageHours: 8 * 24,
  },
  {
    title: "استفسار عن العربون وطريقة السداد",
    description: "العميل يرغب في حجز الشقة ويسأل عن قيمة العربون وإمكانية السداد على دفعتين.",
    assignedTo: "fahad",
    createdBy: "sara",
    status: "Pending",
    ageHours: 27,
    inquiry: "deposit",
  },
  {
    title: "تحصيل دفعة الإيجار المتأخرة",
    description: "دفعة الربع الثالث لم تصل من مستأجر المحل التجاري؛ يُرسل له تذكير ويُتابع التحويل.",
    assignedTo: "fahad",
    createdBy: "khaled",
    status: "In Progress",
    ageHours: 4 * 24,
    dueInDays: 3,
  },
  {
    title: "مراجعة فواتير صيانة المصاعد",
    description: "مطابقة فواتير شركة الصيانة مع عقد الصيانة السنوي قبل رفع طلب الصرف.",
    assignedTo: "fahad",
    createdBy: "noura",
    status: "Finance Request",
    ageHours: 20,
  },
  {
    title: "شراء لوحات إعلانية للعروض الجديدة",
    description: "ثلاث لوحات «للبيع» و«للإيجار» مقاس ٢×١ م للعروض الجديدة في الرياض.",
    assignedTo: "khaled",
    createdBy: "fahad",
    status: "Awaiting Approval",
    ageHours: 3,
    amount: 3450.5,
    transactionType: "expense",
  },
  {
    title: "ضيافة اجتماع ملاك العمارات",
    description: "قهوة وحلويات لاجتماع ملاك العمارات المُدارة في مكتب الشركة.",
    assignedTo: "khaled",
    createdBy: "fahad",
    status: "Rejected",
    ageHours: 3 * 24 + 2,
    amount: 1200,
    transactionType: "expense",
    notes: "المبلغ أعلى من المعتاد لاجتماع واحد؛ يرجى إرفاق عرض سعر ثانٍ.",
  },
];

export interface DemoTransaction {
  description: string;
  amount: number;
  type: TransactionType;
  /** Days before the seed it was approved (the request came a few hours earlier). */
  daysAgo: number;
  approvedBy: DemoStaffName;
  notes: string;
}

/** About a month of approved income and expenses, each from the accountant's request. */
export const DEMO_TRANSACTIONS: readonly DemoTransaction[] = [
  { description: "إيجار شقة حي الملقا — الدفعة الأولى", amount: 27500, type: "income", daysAgo: 29, approvedBy: "khaled", notes: "تم التحقق من التحويل البنكي." },
  { description: "فاتورة كهرباء المكتب", amount: 1843.75, type: "expense", daysAgo: 28, approvedBy: "khaled", notes: "" },
  { description: "عمولة بيع فيلا حي النرجس (٢٫٥٪)", amount: 60000, type: "income", daysAgo: 26, approvedBy: "noura", notes: "حسب عقد الوساطة الموقّع مع البائع." },
  { description: "إعلانات ممولة على منصات العقار", amount: 4200, type: "expense", daysAgo: 25, approvedBy: "khaled", notes: "حملة شهرية." },
  { description: "رسوم إدارة أملاك — عمارة العليا", amount: 9000, type: "income", daysAgo: 23, approvedBy: "khaled", notes: "" },
  { description: "صيانة مكيفات شقق عمارة العليا", amount: 3650, type: "expense", daysAgo: 22, approvedBy: "noura", notes: "تُخصم من حساب المالك حسب عقد الإدارة." },
  { description: "إيجار محل تجاري طريق الملك فهد — الربع الثاني", amount: 45000, type: "income", daysAgo: 20, approvedBy: "khaled", notes: "" },
  { description: "اشتراك نظام التوقيع الإلكتروني للعقود", amount: 1150, type: "expense", daysAgo: 18, approvedBy: "khaled", notes: "اشتراك سنوي." },
  { description: "عمولة تأجير شقة حي الياسمين", amount: 3250, type: "income", daysAgo: 16, approvedBy: "noura", notes: "" },
  { description: "رسوم تجديد رخصة فال", amount: 800, type: "expense", daysAgo: 15, approvedBy: "khaled", notes: "" },
  { description: "رسوم تقييم عقاري — أرض حي حطين", amount: 5750, type: "income", daysAgo: 13, approvedBy: "khaled", notes: "التقرير سُلّم للعميل." },
  { description: "طباعة مطويات تعريفية بالشركة", amount: 980.5, type: "expense", daysAgo: 12, approvedBy: "noura", notes: "" },
  { description: "إيجار شقة حي الملقا — الدفعة الثانية", amount: 27500, type: "income", daysAgo: 10, approvedBy: "khaled", notes: "" },
  { description: "تنظيف الواجهات الزجاجية لعمارة العليا", amount: 2300, type: "expense", daysAgo: 9, approvedBy: "khaled", notes: "" },
  { description: "عمولة بيع أرض تجارية في جدة", amount: 42500, type: "income", daysAgo: 7, approvedBy: "noura", notes: "دُفعت العمولة مناصفة بين البائع والمشتري." },
  { description: "فاتورة الإنترنت والاتصالات", amount: 649.9, type: "expense", daysAgo: 6, approvedBy: "khaled", notes: "" },
  { description: "رسوم إدارة أملاك — مجمع فلل الربيع", amount: 12000, type: "income", daysAgo: 4, approvedBy: "khaled", notes: "" },
  { description: "إصلاح تسرب مياه في شقة حي السلي", amount: 1475, type: "expense", daysAgo: 3, approvedBy: "noura", notes: "الفاتورة مرفقة في ملف العقار." },
  { description: "عربون حجز شقة حي الياسمين", amount: 5000, type: "income", daysAgo: 2, approvedBy: "khaled", notes: "يُسترد إذا لم يُوقّع العقد خلال أسبوع." },
  { description: "وقود ومواصلات المعاينات", amount: 720.25, type: "expense", daysAgo: 1, approvedBy: "khaled", notes: "" },
];
