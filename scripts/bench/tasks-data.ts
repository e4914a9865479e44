// The task board benchmark's data: 10,000 tasks and the staff they belong to (3 managers, 2
// accountants, 45 employees), generated in PostgreSQL with a fixed seed: titles from a firm's
// daily work, statuses weighted as an office that closes most of its tasks (more of the recent
// ones still open), finance requests assigned to managers, some tasks tied to an offer or an
// inquiry; and the board's workload (TaskFilters as the page reads them from the address).
import type pg from "pg";
import type { TaskFilters } from "~/modules/tasks/task-card.ts";

export const TASK_ROWS = 10_000;

/** Usernames of the generated staff start with this; the HTTP part removes them (and their tasks) afterwards. */
const BENCH_STAFF_PREFIX = "bench-";

const FIRST_NAMES = ["محمد", "عبدالله", "فيصل", "سلطان", "ريم", "نوف", "لمى", "بندر", "هند", "ماجد", "أمل", "يوسف", "شهد", "تركي", "جواهر"];
const FAMILY_NAMES = ["العتيبي", "القحطاني", "الحربي", "الشهري", "الدوسري", "الغامدي", "الزهراني", "المطيري", "السبيعي"];
const ACTIONS = ["متابعة", "تجديد", "مراجعة", "تصوير", "معاينة", "تحصيل", "صيانة", "تسويق", "توثيق", "إلغاء"];
const OBJECTS = ["عقد إيجار شقة", "عقد بيع فيلا", "دفعة إيجار محل", "عرض أرض تجارية", "تسرب مياه في عمارة", "فاتورة كهرباء", "مفاتيح شقة", "صك ملكية دور", "لوحة إعلانية"];
const NEIGHBOURHOODS = ["الملقا", "النرجس", "حطين", "الياسمين", "العليا", "الصحافة", "الروضة", "الشاطئ", "الحمراء", "العزيزية", "الفيصلية"];
// Weighted: most tasks end Completed; a third is still open (and most of those are late).
const STATUSES = [
  ...Array<string>(52).fill("Completed"),
  ...Array<string>(6).fill("Cancelled"),
  ...Array<string>(12).fill("Pending"),
  ...Array<string>(11).fill("In Progress"),
  ...Array<string>(6).fill("Awaiting Info"),
  ...Array<string>(4).fill("Finance Request"),
  ...Array<string>(5).fill("Awaiting Approval"),
  ...Array<string>(4).fill("Rejected"),
];

export interface BenchStaff {
  managers: number[];
  accountants: number[];
  employees: number[];
}

/** The generated staff, their phones (+96659…) and usernames (bench-…) apart from the demo staff's and the tests'. */
export async function generateStaff(client: pg.Pool | pg.Client): Promise<BenchStaff> {
  const { rows } = await client.query<{ id: number; role: "manager" | "accountant" | "staff" }>(
    `insert into staff_users (name, username, phone, role, email)
     select ($1::text[])[1 + (g % cardinality($1::text[]))] || ' ' || ($2::text[])[1 + (g % cardinality($2::text[]))],
            $3 || g, '+96659' || lpad(g::text, 7, '0'),
            case when g <= 3 then 'manager' when g <= 5 then 'accountant' else 'staff' end, ''
     from generate_series(1, 50) g
     returning id, role`,
    [FIRST_NAMES, FAMILY_NAMES, BENCH_STAFF_PREFIX],
  );
  const of = (role: string) => rows.filter((r) => r.role === role).map((r) => r.id);
  return { managers: of("manager"), accountants: of("accountant"), employees: of("staff") };
}

/**
 * TASK_ROWS tasks over the last year (more of them recent), each from a manager to an employee or
 * the accountant, or a finance request from an accountant to a manager; 15% about one of
 * `offerIds`, 10% from one of `inquiryIds` (none when a list is empty).
 */
export async function generateTasks(client: pg.Pool | pg.Client, staff: BenchStaff, links: { offerIds: number[]; inquiryIds: number[] }) {
  await client.query("select setseed(0.13)");
  await client.query(
    `insert into tasks (title, description, assigned_to, created_by, status, related_inquiry_id, related_property_id,
                        amount, transaction_type, notes, created_at, updated_at)
     select act || ' ' || obj || ' — حي ' || nb,
            'تفاصيل: ' || act || ' ' || obj || ' في حي ' || nb || '، والتواصل مع العميل بعد الانتهاء.',
            case when finance then manager else assignee end,
            case when finance then accountant else manager end,
            status,
            case when r1 < 0.10 and cardinality($9::int[]) > 0 then ($9::int[])[1 + floor(r2 * cardinality($9::int[]))::int] end,
            case when r1 >= 0.85 and cardinality($8::int[]) > 0 then ($8::int[])[1 + floor(r2 * cardinality($8::int[]))::int] end,
            case when finance then round((100 + r2 * 50000)::numeric, 2) end,
            case when finance then case when r1 < 0.5 then 'expense' else 'income' end end,
            case when status = 'Rejected' then 'يرجى إرفاق عرض سعر ثانٍ.' else '' end,
            created, created + (r2 * interval '2 days')
     from (
       select ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int] as act,
              ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] as obj,
              ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] as nb,
              s.status, s.status in ('Awaiting Approval', 'Rejected') as finance,
              ($5::int[])[1 + floor(random() * cardinality($5::int[]))::int] as manager,
              ($6::int[])[1 + floor(random() * cardinality($6::int[]))::int] as accountant,
              ($7::int[])[1 + floor(random() * cardinality($7::int[]))::int] as assignee,
              random() as r1, random() as r2,
              -- Open tasks are mostly recent; closed ones spread over the year.
              now() - power(random(), case when s.status in ('Completed', 'Cancelled') then 1 else 3 end) * interval '365 days' as created
       from (select g, ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as status from generate_series(1, $10::int) g) s
     ) picks`,
    [ACTIONS, OBJECTS, NEIGHBOURHOODS, STATUSES, staff.managers, staff.accountants, [...staff.employees, ...staff.accountants], links.offerIds, links.inquiryIds, TASK_ROWS],
  );
  await client.query("analyze staff_users, tasks");
}

/** Removes the generated staff and every task they gave or were given (the HTTP part's cleanup, also before it starts). */
export async function removeGenerated(client: pg.Pool | pg.Client) {
  const bench = `select id from staff_users where username like '${BENCH_STAFF_PREFIX}%'`;
  await client.query(`delete from tasks where assigned_to in (${bench}) or created_by in (${bench})`);
  await client.query(`delete from staff_users where username like '${BENCH_STAFF_PREFIX}%'`);
}

/** What people open: the manager's board (every column, a deep page of one status, by status, by assignee, late, open, title searches: common, rarer, spelt with ه for ة, none) and an employee's own. */
export function taskWorkload(staff: BenchStaff): Array<{ name: string; who: "manager" | "employee"; filters: TaskFilters; query: string }> {
  const employee = staff.employees[0]!;
  return [
    { name: "manager, page 1", who: "manager", filters: { page: 1 }, query: "" },
    { name: "manager, Completed page 100", who: "manager", filters: { status: "Completed", page: 100 }, query: "?status=Completed&page=100" },
    { name: "manager, status In Progress", who: "manager", filters: { status: "In Progress", page: 1 }, query: "?status=In%20Progress" },
    { name: "manager, Awaiting Approval", who: "manager", filters: { status: "Awaiting Approval", page: 1 }, query: "?status=Awaiting%20Approval" },
    { name: "manager, one assignee", who: "manager", filters: { assignee: employee, page: 1 }, query: `?assignee=${employee}` },
    { name: "manager, late", who: "manager", filters: { late: true, page: 1 }, query: "?late=1" },
    { name: "manager, open", who: "manager", filters: { open: true, page: 1 }, query: "?open=1" },
    { name: "manager, title 'عقد'", who: "manager", filters: { q: "عقد", page: 1 }, query: `?q=${encodeURIComponent("عقد")}` },
    { name: "manager, title 'تسرب مياه'", who: "manager", filters: { q: "تسرب مياه", page: 1 }, query: `?q=${encodeURIComponent("تسرب مياه")}` },
    { name: "manager, title 'تحصيل دفعه'", who: "manager", filters: { q: "تحصيل دفعه", page: 1 }, query: `?q=${encodeURIComponent("تحصيل دفعه")}` },
    { name: "manager, title 'مستودع' (none)", who: "manager", filters: { q: "مستودع", page: 1 }, query: `?q=${encodeURIComponent("مستودع")}` },
    { name: "employee, own page 1", who: "employee", filters: { page: 1 }, query: "" },
    { name: "employee, own late", who: "employee", filters: { late: true, page: 1 }, query: "?late=1" },
  ];
}
