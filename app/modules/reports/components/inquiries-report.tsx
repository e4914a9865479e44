import { Link } from "react-router";
import { INQUIRY_STATUS_LABELS } from "~/modules/inquiries/status.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { gregorianDayText, monthText, shortDayText, shortMonthText, type ReportPeriod } from "../period.ts";
import { durationText, shareText, type InquiriesReport } from "../report-view.ts";
import { ChartFigure, ColumnChart, DataTable } from "./charts.tsx";
import { ChangeText, ComparedFigure, FigureCard, FigureGrid, ReportSection, SubHeading } from "./figures.tsx";

export function InquiriesReportSection({ inquiries, period }: { inquiries: InquiriesReport; period: ReportPeriod }) {
  const perDay = period.bucket === "day";
  const unitName = perDay ? "يوم" : "شهر";
  const bars = inquiries.perBucket.map((b) => ({ label: perDay ? shortDayText(b.key) : shortMonthText(b.key), value: b.count }));
  const busiest = inquiries.perBucket.reduce<{ key: string; count: number } | null>((best, b) => (b.count > (best?.count ?? 0) ? b : best), null);
  const fullLabel = (key: string) => (perDay ? gregorianDayText(key) : monthText(key));
  const chartTitle = perDay ? "الاستفسارات الواردة في كل يوم" : "الاستفسارات الواردة في كل شهر";
  const { received, fromOfferPages, fromContactPage } = inquiries;
  return (
    <ReportSection id="inquiries-report" title="الاستفسارات">
      <FigureGrid>
        <ComparedFigure label="استفسارات وردت في الفترة" figure={received} format={formatNumberArabic} testId="figure-inquiries-received" />
        <ComparedFigure
          label="الوسيط لزمن أول رد"
          figure={inquiries.medianFirstReplyMinutes}
          format={durationText}
          better="lower"
          note="من وصول الاستفسار إلى أول رد عليه، لاستفسارات الفترة التي رُدّ عليها."
          testId="figure-median-reply"
        />
        <FigureCard label="قيد الانتظار الآن" value={formatNumberArabic(inquiries.pendingNow)} />
        <FigureCard
          label={`متأخرة الآن (أكثر من ${formatNumberArabic(24)} ساعة)`}
          value={formatNumberArabic(inquiries.lateNow)}
          note={
            inquiries.lateNow > 0 ? (
              <Link to="/admin/inquiries?status=pending" className="font-bold text-brand-800 underline print:no-underline">
                فتح الاستفسارات المنتظرة
              </Link>
            ) : undefined
          }
          testId="figure-inquiries-late"
        />
      </FigureGrid>

      <ChartFigure
        title={chartTitle}
        testId="chart-inquiries-per-day"
        table={{
          caption: chartTitle,
          headers: [perDay ? "اليوم" : "الشهر", "الاستفسارات"],
          rows: inquiries.perBucket.map((b) => [fullLabel(b.key), formatNumberArabic(b.count)]),
        }}
      >
        <ColumnChart
          name={chartTitle}
          description={
            received.current
              ? `أعمدة لكل ${unitName} من الفترة، من اليمين إلى اليسار: ${formatNumberArabic(received.current)} في المجموع${busiest ? `، أكثرها ${fullLabel(busiest.key)} (${formatNumberArabic(busiest.count)})` : ""}.`
              : "لم يرد أي استفسار في الفترة."
          }
          data={bars}
          unit="استفسار"
        />
      </ChartFigure>

      <div className="grid gap-4 xl:grid-cols-2">
        <div className="grid min-w-0 content-start gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
          <SubHeading note="حالة استفسارات الفترة اليوم.">حسب الحالة</SubHeading>
          <DataTable
            table={{
              caption: "استفسارات الفترة حسب الحالة",
              headers: ["الحالة", "الفترة", "الفترة السابقة", "التغير"],
              rows: inquiries.byStatus.map((s) => [
                INQUIRY_STATUS_LABELS[s.status],
                formatNumberArabic(s.count.current),
                formatNumberArabic(s.count.previous),
                <ChangeText key="c" current={s.count.current} previous={s.count.previous} better="neither" />,
              ]),
            }}
          />
        </div>
        <div className="grid min-w-0 content-start gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="inquiry-sources">
          <SubHeading note="من صفحة عرض: الاستفسار يذكر عقارًا؛ من صفحة التواصل: دون عقار.">المصدر</SubHeading>
          <DataTable
            table={{
              caption: "مصدر الاستفسارات",
              headers: ["المصدر", "الفترة", "النسبة", "الفترة السابقة", "التغير"],
              rows: (
                [
                  ["من صفحات العروض", fromOfferPages],
                  ["من صفحة التواصل", fromContactPage],
                ] as const
              ).map(([label, f]) => [
                label,
                formatNumberArabic(f.current),
                shareText(f.current, received.current),
                formatNumberArabic(f.previous),
                <ChangeText key="c" current={f.current} previous={f.previous} better="neither" />,
              ]),
            }}
          />
        </div>
      </div>

      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="top-offers">
        <SubHeading>العروض الأكثر استفسارًا</SubHeading>
        {inquiries.topOffers.length ? (
          <DataTable
            table={{
              caption: "العروض العشرة الأكثر استفسارًا في الفترة",
              headers: ["العرض", "الاستفسارات", "الفترة السابقة", "التغير"],
              rows: inquiries.topOffers.map((offer) => [
                offer.exists ? (
                  <Link key="l" to={`/admin/offers/edit/${offer.id}`} className="font-bold text-brand-800 underline print:no-underline">
                    <bdi>{offer.title}</bdi>
                  </Link>
                ) : (
                  <span key="l">
                    <bdi>{offer.title}</bdi> (محذوف)
                  </span>
                ),
                formatNumberArabic(offer.inquiries.current),
                formatNumberArabic(offer.inquiries.previous),
                <ChangeText key="c" current={offer.inquiries.current} previous={offer.inquiries.previous} />,
              ]),
            }}
          />
        ) : (
          <p className="text-stone-600">لم يرد في الفترة استفسار عن عرض بعينه.</p>
        )}
      </div>
    </ReportSection>
  );
}
