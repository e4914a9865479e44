import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { inquiryTotals } from "~/modules/inquiries/inbox.server.ts";
import { countOffers } from "~/modules/offers/offers.server.ts";
import { MyTasks } from "~/modules/tasks/components/my-tasks.tsx";
import { isLate, taskStatusLabel } from "~/modules/tasks/status.ts";
import type { DashboardTask } from "~/modules/tasks/task-card.ts";
import { countOpenTasks, listOpenTasksFor } from "~/modules/tasks/tasks.server.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { Route } from "./+types/dashboard";

type DashboardData =
  | { kind: "manager"; name: string; totals: { offers: number; inquiries: number; pendingInquiries: number; lateInquiries: number; openTasks: number } }
  | { kind: "accountant" | "staff"; name: string; tasks: DashboardTask[] }
  | { kind: "none"; name: string };

/** Dashboards by role: the manager's totals, the others' own open tasks. */
export async function loader({ context }: Route.LoaderArgs): Promise<DashboardData> {
  const { db } = context.get(servicesContext);
  const user = requireStaffUser(context);
  if (user.role === "manager") {
    const [offers, inquiries, openTasks] = await Promise.all([countOffers(db), inquiryTotals(db), countOpenTasks(db)]);
    return {
      kind: "manager",
      name: user.name,
      totals: { offers, inquiries: inquiries.total, pendingInquiries: inquiries.pending, lateInquiries: inquiries.late, openTasks },
    };
  }
  if (user.role === "accountant" || user.role === "staff") {
    const tasks = await listOpenTasksFor(db, user.id);
    return {
      kind: user.role,
      name: user.name,
      tasks: tasks.map((t) => ({ id: t.id, title: t.title, status: taskStatusLabel(t.status), createdAt: t.createdAt.toISOString(), late: isLate(t) })),
    };
  }
  return { kind: "none", name: user.name };
}

/** The manager's quick actions after "add a property". */
const MORE_ACTIONS = [
  { to: "/admin/tasks?new=1", label: "إنشاء مهمة جديدة" },
  { to: "/admin/settings/staff", label: "فريق العمل" },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
        مرحبًا، <bdi>{loaderData.name}</bdi>
      </h1>
      {loaderData.kind === "manager" ? (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            {[
              { label: "إجمالي العروض", value: loaderData.totals.offers },
              { label: "إجمالي الاستفسارات", value: loaderData.totals.inquiries },
              { label: "استفسارات قيد الانتظار", value: loaderData.totals.pendingInquiries },
              { label: "استفسارات متأخرة (أكثر من 24 ساعة)", value: loaderData.totals.lateInquiries },
              { label: "المهام الداخلية المعلّقة", value: loaderData.totals.openTasks },
            ].map((stat) => (
              <div key={stat.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
                <dt className="text-stone-600">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-bold text-brand-900">{formatNumberArabic(stat.value)}</dd>
              </div>
            ))}
          </dl>
          <Section id="quick-actions" title="إجراءات سريعة">
            <div className="flex flex-wrap gap-3">
              <Link to="/admin/offers/new" className="rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
                إضافة عقار جديد
              </Link>
              {MORE_ACTIONS.map((action) => (
                <Link key={action.to} to={action.to} className="rounded-xl bg-white px-5 py-2.5 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">
                  {action.label}
                </Link>
              ))}
            </div>
          </Section>
        </>
      ) : loaderData.kind === "none" ? (
        <p className="rounded-2xl bg-amber-50 p-5 font-bold text-amber-900 ring-1 ring-amber-200">لم يتم تحديد دور لحسابك. يرجى التواصل مع المدير.</p>
      ) : (
        <MyTasks kind={loaderData.kind} tasks={loaderData.tasks} />
      )}
    </div>
  );
}
