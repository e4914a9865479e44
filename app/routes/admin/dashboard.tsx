import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { StatGrid, type Stat } from "~/components/admin/stat-grid.tsx";
import { servicesContext } from "~/context.ts";
import { requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { inquiryTotals } from "~/modules/inquiries/inbox.server.ts";
import { LicenceAttention } from "~/modules/ad-licences/components/licence-attention.tsx";
import { listLicencesNeedingAttention } from "~/modules/offer-admin/offer-admin.server.ts";
import { countOffers } from "~/modules/offers/offers.server.ts";
import { AvailabilityAttention } from "~/modules/availability/index.ts";
import { listAvailabilityAttention } from "~/modules/availability/index.server.ts";
import { MyTasks } from "~/modules/tasks/components/my-tasks.tsx";
import { countAwaitingApproval, countOpenTasks, dashboardTasksFor } from "~/modules/tasks/tasks.server.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { Route } from "./+types/dashboard";

/** Dashboards by role: the manager's figures, each leading to its list; the others' own open tasks. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const user = requireStaffUser(context);
  if (user.role === "manager") {
    const [offers, inquiries, openTasks, awaitingApproval, licences, availability] = await Promise.all([
      countOffers(db),
      inquiryTotals(db),
      countOpenTasks(db),
      countAwaitingApproval(db),
      listLicencesNeedingAttention(db),
      listAvailabilityAttention(db),
    ]);
    const stats: Stat[] = [
      { label: "إجمالي العروض", value: offers, to: "/admin/offers" },
      { label: "إجمالي الاستفسارات", value: inquiries.total, to: "/admin/inquiries" },
      { label: "استفسارات قيد الانتظار", value: inquiries.pending, to: "/admin/inquiries?status=pending" },
      // Late: pending for more than 24 hours (the inbox's `late` filter; `status` keeps the list to pending ones).
      { label: `استفسارات متأخرة (أكثر من ${formatNumberArabic(24)} ساعة)`, value: inquiries.late, to: "/admin/inquiries?status=pending&late=1" },
      { label: "المهام الداخلية المعلّقة", value: openTasks, to: "/admin/tasks?open=1" },
      { label: "طلبات بانتظار الاعتماد", value: awaitingApproval, to: `/admin/tasks?status=${encodeURIComponent("Awaiting Approval")}` },
    ];
    return { kind: "manager" as const, name: user.name, stats, licences, availability, now: new Date().toISOString() };
  }
  if (user.role === "staff") {
    // Staff confirm the offers' availability too (decision 046): the same list above their tasks.
    const [tasks, availability] = await Promise.all([dashboardTasksFor(db, user.id), listAvailabilityAttention(db)]);
    return { kind: user.role, name: user.name, ...tasks, availability, now: new Date().toISOString() };
  }
  if (user.role === "accountant") return { kind: user.role, name: user.name, ...(await dashboardTasksFor(db, user.id)), availability: null, now: "" };
  return { kind: "none" as const, name: user.name };
}

/** The manager's quick actions. */
const QUICK_ACTIONS = [
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
          <StatGrid stats={loaderData.stats} />
          <Section id="ad-licences" title="تراخيص الإعلانات">
            <LicenceAttention rows={loaderData.licences.rows} total={loaderData.licences.total} />
          </Section>
          <Section id="availability" title="تأكيد توفر العروض">
            <AvailabilityAttention rows={loaderData.availability.rows} total={loaderData.availability.total} now={loaderData.now} />
          </Section>
          <Section id="quick-actions" title="إجراءات سريعة">
            <div className="flex flex-wrap gap-3">
              <Link to="/admin/offers/new" className="rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
                إضافة عقار جديد
              </Link>
              {QUICK_ACTIONS.map((action) => (
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
        <>
          {loaderData.availability && loaderData.availability.total > 0 ? (
            <Section id="availability" title="تأكيد توفر العروض">
              <AvailabilityAttention rows={loaderData.availability.rows} total={loaderData.availability.total} now={loaderData.now} />
            </Section>
          ) : null}
          <MyTasks kind={loaderData.kind} tasks={loaderData.tasks} total={loaderData.total} />
        </>
      )}
    </div>
  );
}
