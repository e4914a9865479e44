// The reports benchmark's data (issue 15: the page for 100,000 offers and 50,000 inquiries under
// 300 ms of server time), generated in PostgreSQL with a fixed seed over the last two years, more
// of it recent: offers by city, type and status as a listings site has them, with the status
// changes of the sold and rented ones in the audit log; inquiries (60% about an offer), most
// answered, each reply in the audit log by a generated employee; owners' submissions,
// transactions and the task board's 10,000 tasks (tasks-data.ts). Every row is marked so the HTTP
// part can take it out of the bench server's database again.
import type pg from "pg";
import { generateStaff, generateTasks, removeGenerated, type BenchStaff } from "./tasks-data.ts";

export const REPORT_OFFERS = 100_000;
export const REPORT_INQUIRIES = 50_000;
const REPORT_SUBMISSIONS = 5_000;
const REPORT_TRANSACTIONS = 5_000;

/** Titles, names and descriptions of the generated rows start with this; audit entries carry {"bench": true}. */
const MARK = "bench-report";

const CITIES = ["الرياض", "الرياض", "الرياض", "الرياض", "جدة", "جدة", "جدة", "الدمام", "الدمام", "الخبر", "مكة المكرمة", "المدينة المنورة", "الطائف", "أبها", "بريدة", "الأحساء"];
const TYPES = ["شقة", "شقة", "شقة", "فيلا", "فيلا", "أرض", "أرض", "عمارة", "دور", "استوديو", "محل تجاري", "مستودع"];
const STATUSES = [...Array<string>(9).fill("للبيع"), ...Array<string>(6).fill("للإيجار"), "محجوز", "مؤجل", "مباع", "مباع", "مؤجر", "مؤجر"];

/** Generates everything (staff first: replies, status changes and tasks need people). */
export async function generateReportData(client: pg.Pool | pg.Client): Promise<BenchStaff> {
  const staff = await generateStaff(client);
  const people = [...staff.managers, ...staff.employees];
  await client.query("select setseed(0.15)");
  // Offers over two years, more of them recent; prices and areas by type.
  await client.query(
    `insert into offers (title, property_type, status, city, location, price, area, details, created_at, updated_at)
     select $1 || ' ' || g, type, status, city, 'حي ' || (1 + g % 30),
            case when status in ('للإيجار', 'مؤجر') then 20000 + floor(random() * 180000) else 300000 + floor(random() * 4700000) end,
            case when random() < 0.03 then 0 else 60 + floor(random() * 900) end,
            '{}'::jsonb, created, created
     from (
       select g, ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] as city,
              ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] as type,
              ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int] as status,
              now() - power(random(), 1.6) * interval '730 days' as created
       from generate_series(1, $5::int) g
     ) s`,
    [MARK, CITIES, TYPES, STATUSES, REPORT_OFFERS],
  );
  // Sold and rented offers: the status change, 1–150 days after listing (never in the future).
  await client.query(
    `insert into audit_log (entity, entity_id, action, actor_id, actor_name, details, created_at)
     select 'offer', id, 'status-change', ($2::int[])[1 + floor(random() * cardinality($2::int[]))::int], 'موظف',
            jsonb_build_object('from', case when status = 'مباع' then 'للبيع' else 'للإيجار' end, 'to', status, 'bench', true),
            least(now() - interval '1 minute', created_at + (1 + random() * 149) * interval '1 day')
     from offers where title like $1 || ' %' and status in ('مباع', 'مؤجر')`,
    [MARK, people],
  );
  // Inquiries: 60% about one of the generated offers; older ones answered (most within hours), 8% still pending.
  const { rows: span } = await client.query<{ low: number; high: number }>(`select min(id) as low, max(id) as high from offers where title like $1 || ' %'`, [MARK]);
  await client.query(
    `insert into inquiries (name, phone, message, property_id, property_title, status, reply_history, created_at)
     select $1 || ' ' || s.g, '+96656' || lpad(s.g::text, 7, '0'), 'السلام عليكم، أرغب في معرفة تفاصيل أكثر.',
            o.id, coalesce(o.title, ''), s.status,
            case when s.status = 'pending' then '[]'::jsonb
                 else jsonb_build_array(jsonb_build_object('timestamp', to_char((s.created + s.reply_after) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                                           'method', 'whatsapp', 'message', 'أهلاً بك، سنتواصل معك.', 'sentBy', 'موظف')) end,
            s.created
     from (
       select g, created, pick,
              case when r < 0.08 or created > now() - interval '3 hours' then 'pending' when r < 0.55 then 'replied' else 'completed' end as status,
              least(now() - created - interval '1 minute', -ln(1 - random()) * interval '5 hours') as reply_after
       from (
         select g, random() as r, now() - power(random(), 1.8) * interval '730 days' as created,
                case when random() < 0.6 then $2::int + floor(random() * ($3::int - $2::int + 1))::int end as pick
         from generate_series(1, $4::int) g
       ) i
     ) s
     left join offers o on o.id = s.pick`,
    [MARK, span[0]!.low, span[0]!.high, REPORT_INQUIRIES],
  );
  await client.query(
    `insert into audit_log (entity, entity_id, action, actor_id, actor_name, details, created_at)
     select 'inquiry', id, 'reply-whatsapp', ($2::int[])[1 + floor(random() * cardinality($2::int[]))::int], 'موظف', '{"from": "pending", "bench": true}'::jsonb,
            (reply_history->0->>'timestamp')::timestamptz
     from inquiries where name like $1 || ' %' and jsonb_array_length(reply_history) > 0`,
    [MARK, people],
  );
  await client.query(
    `insert into submissions (status, client_name, client_phone, property_type, city, neighbourhood, area, description, created_at)
     select case when r < 0.3 then 'pending' when r < 0.6 then 'rejected' else 'reviewed' end, $1 || ' ' || g, '+96657' || lpad(g::text, 7, '0'),
            'شقة', 'الرياض', 'الملقا', 150, 'شقة للإدارة', now() - power(random(), 1.5) * interval '730 days'
     from (select g, random() as r from generate_series(1, $2::int) g) s`,
    [MARK, REPORT_SUBMISSIONS],
  );
  await client.query(
    `insert into transactions (date, description, amount, type, created_by, approved_by)
     select now() - power(random(), 1.3) * interval '730 days', $1 || ' ' || g, round((100 + random() * 50000)::numeric, 2),
            case when random() < 0.55 then 'income' else 'expense' end, $2::int, $3::int
     from generate_series(1, $4::int) g`,
    [MARK, staff.accountants[0], staff.managers[0], REPORT_TRANSACTIONS],
  );
  const { rows: offerIds } = await client.query<{ id: number }>(`select id from offers where title like $1 || ' %' order by id limit 500`, [MARK]);
  const { rows: inquiryIds } = await client.query<{ id: number }>(`select id from inquiries where name like $1 || ' %' order by id limit 500`, [MARK]);
  await generateTasks(client, staff, { offerIds: offerIds.map((r) => r.id), inquiryIds: inquiryIds.map((r) => r.id) });
  // What autovacuum does a minute after a burst of rows; the history tables (decision 034) filled by the triggers too.
  await client.query(
    "analyze offers, inquiries, audit_log, submissions, transactions, tasks, staff_users, report_replies, report_first_replies, report_inquiry_days, report_offer_sales",
  );
  return staff;
}

/** Removes every generated row (the HTTP part's cleanup, also before it starts). */
export async function removeReportData(client: pg.Pool | pg.Client) {
  await client.query(`delete from audit_log where details @> '{"bench": true}'::jsonb`);
  await client.query(`delete from transactions where description like $1 || ' %'`, [MARK]);
  await removeGenerated(client); // tasks and staff (transactions first: they point at the staff)
  await client.query(`delete from inquiries where name like $1 || ' %'`, [MARK]);
  await client.query(`delete from submissions where client_name like $1 || ' %'`, [MARK]);
  await client.query(`delete from offers where title like $1 || ' %'`, [MARK]);
}
