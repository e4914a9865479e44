import { Link } from "react-router";
import { formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";
import { monthText, shortMonthText } from "../period.ts";
import { workingHoursText } from "~/modules/clients/index.ts";
import { durationText, shareOf, shareText, type FinanceReport, type StaffReport, type SubmissionsReport } from "../report-view.ts";
import { ChartFigure, DataTable, LineChart } from "./charts.tsx";
import { ChangeText, ComparedFigure, FigureCard, FigureGrid, ReportSection, SubHeading } from "./figures.tsx";

/** Owners' submissions of the period and what became of them. */
export function SubmissionsReportSection({ submissions }: { submissions: SubmissionsReport }) {
  const { received, rejected, converted } = submissions;
  const rate = { current: shareOf(converted.current, received.current), previous: shareOf(converted.previous, received.previous) };
  return (
    <ReportSection id="submissions-report" title="طلبات الملاك" intro="طلبات الفترة وما صارت إليه اليوم: مرفوضة، أو أُنشئ منها عرض (تحوّلت إلى عروض).">
      <FigureGrid>
        <ComparedFigure label="طلبات وردت في الفترة" figure={received} format={formatNumberArabic} testId="figure-submissions-received" />
        <ComparedFigure label="رُفضت" figure={rejected} format={formatNumberArabic} better="neither" />
        <ComparedFigure label="تحوّلت إلى عروض" figure={converted} format={formatNumberArabic} />
        <FigureCard
          label="نسبة التحويل"
          value={shareText(converted.current, received.current)}
          previousText={shareText(converted.previous, received.previous)}
          current={rate.current}
          previous={rate.previous}
          testId="figure-conversion"
        />
      </FigureGrid>
    </ReportSection>
  );
}

/** Replies and reply times per employee, open and late tasks per assignee. */
export function StaffReportSection({ staff }: { staff: StaffReport }) {
  return (
    <ReportSection id="staff-report" title="فريق العمل">
      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="staff-replies">
        <SubHeading note="الردود على الاستفسارات في الفترة، والوسيط لزمن الرد الأول لمن كان ردّه أول رد على الاستفسار.">الردود</SubHeading>
        {staff.replies.length ? (
          <DataTable
            table={{
              caption: "الردود والوسيط لزمن الرد لكل موظف",
              headers: ["الموظف", "الردود", "الفترة السابقة", "التغير", "الوسيط لزمن أول رد", "السابق", "التغير"],
              rows: staff.replies.map((person) => [
                <bdi key="n">{person.name}</bdi>,
                formatNumberArabic(person.replies.current),
                formatNumberArabic(person.replies.previous),
                <ChangeText key="r" current={person.replies.current} previous={person.replies.previous} />,
                durationText(person.medianFirstReplyMinutes.current),
                durationText(person.medianFirstReplyMinutes.previous),
                <ChangeText key="m" current={person.medianFirstReplyMinutes.current} previous={person.medianFirstReplyMinutes.previous} better="lower" />,
              ]),
            }}
          />
        ) : (
          <p className="text-stone-600">لا توجد ردود في الفترتين.</p>
        )}
      </div>
      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="staff-first-answers">
        <SubHeading note="العملاء الذين وصلت رسالتهم الأولى في الفترة، لكل مسؤول: الوسيط لزمن الرد الأول بساعات العمل، ونسبة من رُدّ عليهم ضمن المهلة المحددة في الإعدادات.">
          الرد الأول على العملاء
        </SubHeading>
        {staff.firstAnswers.length ? (
          <DataTable
            table={{
              caption: "الوسيط لزمن الرد الأول ونسبة الرد ضمن المهلة لكل مسؤول",
              headers: ["المسؤول", "العملاء الجدد", "رُدّ عليهم", "الوسيط لزمن الرد الأول (ساعات العمل)", "ضمن المهلة"],
              rows: staff.firstAnswers.map((person) => [
                person.ownerId ? (
                  <Link key="n" to={`/admin/clients?owner=${person.ownerId}`} className="font-bold text-brand-800 underline print:no-underline">
                    <bdi>{person.ownerName}</bdi>
                  </Link>
                ) : (
                  person.ownerName
                ),
                formatNumberArabic(person.clients),
                formatNumberArabic(person.answered),
                workingHoursText(person.medianHours),
                person.withinShare === null ? "—" : shareText(Math.round(person.withinShare * 1000), 1000),
              ]),
            }}
          />
        ) : (
          <p className="text-stone-600">لا يوجد عملاء جدد في الفترة.</p>
        )}
      </div>
      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="staff-tasks">
        <SubHeading note={`الآن: المفتوحة ليست مكتملة ولا ملغاة؛ المتأخرة مفتوحة منذ أكثر من ${formatNumberArabic(24)} ساعة.`}>المهام المفتوحة والمتأخرة</SubHeading>
        {staff.tasks.length ? (
          <DataTable
            table={{
              caption: "المهام المفتوحة والمتأخرة لكل مكلَّف",
              headers: ["المكلَّف", "مفتوحة", "متأخرة"],
              rows: staff.tasks.map((person) => [
                person.id ? (
                  <Link key="n" to={`/admin/tasks?assignee=${person.id}&open=1`} className="font-bold text-brand-800 underline print:no-underline">
                    <bdi>{person.name}</bdi>
                  </Link>
                ) : (
                  person.name
                ),
                formatNumberArabic(person.open),
                person.late > 0 ? (
                  <strong key="l" className="text-red-700">
                    {formatNumberArabic(person.late)}
                  </strong>
                ) : (
                  formatNumberArabic(0)
                ),
              ]),
            }}
          />
        ) : (
          <p className="text-stone-600">لا توجد مهام مفتوحة.</p>
        )}
      </div>
    </ReportSection>
  );
}

/** Income, expenses and net of the period, and their trend month by month. */
export function FinanceReportSection({ finance }: { finance: FinanceReport }) {
  const labels = finance.months.map((m) => shortMonthText(m.month));
  const first = finance.months[0];
  const last = finance.months.at(-1);
  const title = "الدخل والمصروفات والصافي شهريًا";
  return (
    <ReportSection id="finance-report" title="المالية" intro="المعاملات المعتمدة: بحسب تاريخ المعاملة، والأشهر بتوقيت الرياض.">
      <FigureGrid>
        <ComparedFigure label="الدخل" figure={finance.income} format={formatMoneyArabic} testId="figure-income" />
        <ComparedFigure label="المصروفات" figure={finance.expense} format={formatMoneyArabic} better="lower" />
        <ComparedFigure label="الصافي" figure={finance.net} format={formatMoneyArabic} testId="figure-net" />
      </FigureGrid>
      <ChartFigure
        title={`${title}${first && last ? ` (${monthText(first.month)} – ${monthText(last.month)})` : ""}`}
        testId="chart-finance"
        table={{
          caption: title,
          headers: ["الشهر", "الدخل", "المصروفات", "الصافي"],
          rows: finance.months.map((m) => [monthText(m.month), formatMoneyArabic(m.income), formatMoneyArabic(m.expense), formatMoneyArabic(m.net)]),
        }}
      >
        <LineChart
          name={title}
          description={`خطوط لكل شهر من اليمين إلى اليسار. ${last ? `${monthText(last.month)}: الدخل ${formatMoneyArabic(last.income)}، المصروفات ${formatMoneyArabic(last.expense)}، الصافي ${formatMoneyArabic(last.net)}.` : ""}`}
          labels={labels}
          series={[
            { name: "الدخل", values: finance.months.map((m) => m.income), colour: "#047857", marker: "circle" },
            { name: "المصروفات", values: finance.months.map((m) => m.expense), colour: "#b91c1c", dash: "7 5", marker: "square" },
            { name: "الصافي", values: finance.months.map((m) => m.net), colour: "#0c4441", dash: "2 4", marker: "diamond" },
          ]}
        />
      </ChartFigure>
    </ReportSection>
  );
}
