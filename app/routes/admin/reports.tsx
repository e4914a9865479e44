import { Link } from "react-router";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { ExportLinks } from "~/modules/reports/components/export-links.tsx";
import { InquiriesReportSection } from "~/modules/reports/components/inquiries-report.tsx";
import { OffersReportSection } from "~/modules/reports/components/offers-report.tsx";
import { FinanceReportSection, StaffReportSection, SubmissionsReportSection } from "~/modules/reports/components/office-report.tsx";
import { PropertyManagementReportSection } from "~/modules/reports/components/property-management-report.tsx";
import { PeriodPicker, PeriodSummary } from "~/modules/reports/components/period-picker.tsx";
import { ReportActions } from "~/modules/reports/components/report-actions.tsx";
import { riyadhDateTimeText } from "~/modules/reports/period.ts";
import { loadReportsPage } from "~/modules/reports/reports-page.server.ts";
import type { Route } from "./+types/reports";

/** The manager's reports (issue 15): the period from the address (a GET form), every figure against the previous period. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "reports");
  return loadReportsPage(context.get(servicesContext), new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "التقارير | لوحة التحكم" }];

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { choice, today, report, visibility, whatsapp } = loaderData;
  return (
    <div className="grid gap-6 print:gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">التقارير</h1>
        <ReportActions whatsapp={whatsapp} />
      </div>
      <PeriodPicker choice={choice} today={today} />
      <PeriodSummary period={report.period} />
      <OffersReportSection offers={report.offers} visibility={visibility} />
      <InquiriesReportSection inquiries={report.inquiries} period={report.period} />
      <SubmissionsReportSection submissions={report.submissions} />
      <StaffReportSection staff={report.staff} />
      <FinanceReportSection finance={report.finance} />
      <PropertyManagementReportSection report={report.property} />
      <ExportLinks period={report.period} counts={report.exportCounts} />
      <p className="text-sm text-stone-600">
        أُعدّ التقرير في {riyadhDateTimeText(report.generatedAt)} بتوقيت الرياض.{" "}
        <Link to="/admin/reports/daily" className="font-bold text-brand-800 underline print:hidden">
          التقارير المرسلة
        </Link>
      </p>
    </div>
  );
}
