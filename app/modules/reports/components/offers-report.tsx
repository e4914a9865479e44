import { formatCountArabic, formatNumberArabic, formatPriceArabic } from "~/utils/format.ts";
import { gregorianDayText, hijriDayText, riyadhDayOf } from "../period.ts";
import { daysFigure, LISTING_KIND_LABELS, type DaysOnMarket, type OfferGroup, type OffersReport } from "../report-view.ts";
import { BarList, ChartFigure, DataTable, type ChartTable } from "./charts.tsx";
import { ChangeText, FigureCard, FigureGrid, ReportSection, SubHeading } from "./figures.tsx";

/** Cities drawn in the chart; the rest are summed in one bar. */
const CITIES_DRAWN = 10;

function groupTable(caption: string, first: string, groups: OfferGroup[]): ChartTable {
  return {
    caption,
    headers: [first, "الآن", "نُشرت في الفترة", "الفترة السابقة", "التغير"],
    rows: groups.map((g) => [
      g.name,
      formatNumberArabic(g.now),
      formatNumberArabic(g.published.current),
      formatNumberArabic(g.published.previous),
      <ChangeText key="c" current={g.published.current} previous={g.published.previous} better="neither" />,
    ]),
  };
}

function marketRow(label: string, figures: DaysOnMarket) {
  return [
    label,
    formatNumberArabic(figures.count.current),
    formatNumberArabic(figures.count.previous),
    daysFigure(figures.median.current),
    daysFigure(figures.median.previous),
    <ChangeText key="c" current={figures.median.current} previous={figures.median.previous} better="lower" />,
    daysFigure(figures.average.current),
  ];
}

export function OffersReportSection({ offers }: { offers: OffersReport }) {
  const drawn = offers.byCity.slice(0, CITIES_DRAWN).map((g) => ({ label: g.name, value: g.now }));
  const others = offers.byCity.slice(CITIES_DRAWN).reduce((sum, g) => sum + g.now, 0);
  if (others > 0) drawn.push({ label: "مدن أخرى", value: others });
  const { sold, rented, recordingSince } = offers.daysOnMarket;
  return (
    <ReportSection first id="offers-report" title="العروض" intro="«نُشرت» تعني أضيفت إلى الموقع في الفترة؛ الأعداد «الآن» هي العروض الموجودة اليوم بحالتها الحالية.">
      <FigureGrid>
        <FigureCard
          label="عروض نُشرت في الفترة"
          value={formatNumberArabic(offers.published.current)}
          previousText={formatNumberArabic(offers.published.previous)}
          current={offers.published.current}
          previous={offers.published.previous}
          testId="figure-offers-published"
        />
        <FigureCard label="إجمالي العروض الآن" value={formatNumberArabic(offers.total)} testId="figure-offers-total" />
        <FigureCard
          label="بِيعت في الفترة"
          value={formatNumberArabic(sold.count.current)}
          previousText={formatNumberArabic(sold.count.previous)}
          current={sold.count.current}
          previous={sold.count.previous}
        />
        <FigureCard
          label="أُجّرت في الفترة"
          value={formatNumberArabic(rented.count.current)}
          previousText={formatNumberArabic(rented.count.previous)}
          current={rented.count.current}
          previous={rented.count.previous}
        />
        <FigureCard label="تنبيهات بحث مفعّلة الآن" value={formatNumberArabic(offers.activeAlerts)} testId="figure-active-alerts" />
      </FigureGrid>

      <ChartFigure title="العروض الآن حسب المدينة" table={groupTable("العروض حسب المدينة", "المدينة", offers.byCity)} testId="chart-cities">
        <BarList
          name="العروض الآن حسب المدينة"
          description={drawn.length ? `أعمدة أفقية: ${drawn.map((d) => `${d.label} ${formatNumberArabic(d.value)}`).join("، ")}.` : "لا توجد عروض."}
          data={drawn}
          unit="عرض"
        />
      </ChartFigure>

      <div className="grid gap-4 xl:grid-cols-2">
        <div className="grid min-w-0 content-start gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
          <SubHeading>حسب الحالة</SubHeading>
          <DataTable table={groupTable("العروض حسب الحالة", "الحالة", offers.byStatus)} />
        </div>
        <div className="grid min-w-0 content-start gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
          <SubHeading>حسب نوع العقار</SubHeading>
          <DataTable table={groupTable("العروض حسب نوع العقار", "النوع", offers.byType)} />
        </div>
      </div>

      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
        <SubHeading note="متوسط السعر المطلوب للمتر المربع في العروض المنشورة في كل فترة، حسب المدينة والنوع: «بيع» للعروض للبيع والمباعة، «إيجار» للعروض للإيجار والمؤجرة؛ العروض بلا مساحة أو سعر، والمحجوزة والمؤجلة، لا تدخل فيه.">
          متوسط سعر المتر المربع
        </SubHeading>
        {offers.pricePerMeter.length ? (
          <DataTable
            table={{
              caption: "متوسط سعر المتر المربع حسب المدينة والنوع",
              headers: ["المدينة", "النوع", "العرض", "متوسط الفترة", "عدد العروض", "الفترة السابقة", "التغير"],
              rows: offers.pricePerMeter.map((row) => [
                row.city,
                row.type,
                LISTING_KIND_LABELS[row.kind],
                row.current.average === null ? "—" : formatPriceArabic(row.current.average),
                formatNumberArabic(row.current.count),
                row.previous.average === null ? "—" : formatPriceArabic(row.previous.average),
                <ChangeText key="c" current={row.current.average} previous={row.previous.average} better="neither" />,
              ]),
            }}
          />
        ) : (
          <p className="text-stone-600">لا توجد عروض بسعر ومساحة منشورة في الفترتين.</p>
        )}
        {offers.pricePerMeterMore > 0 ? (
          <p className="text-sm text-stone-600">
            تُعرض المجموعات الأكثر عروضًا، ولا تظهر هنا{" "}
            {formatCountArabic(offers.pricePerMeterMore, { zero: "", one: "مجموعة واحدة", two: "مجموعتان", few: "مجموعات", many: "مجموعة" })} أقل عروضًا؛ العروض كلها في ملف التصدير.
          </p>
        ) : null}
      </div>

      <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="days-on-market">
        <SubHeading
          note={
            recordingSince
              ? `من يوم عرض العقار (إضافته، أو عودته للبيع أو للإيجار) إلى تغيير حالته إلى مباع أو مؤجر. تُسجَّل تغييرات الحالة منذ ${gregorianDayText(riyadhDayOf(recordingSince))} (${hijriDayText(riyadhDayOf(recordingSince))})، فالأرقام تبدأ من ذلك اليوم.`
              : "من يوم عرض العقار إلى تغيير حالته إلى مباع أو مؤجر. تُسجَّل تغييرات حالة العروض من الآن فصاعدًا، ولم يُسجَّل أي تغيير بعد، فالأرقام تبدأ من أول تغيير."
          }
        >
          مدة البقاء في السوق (بالأيام)
        </SubHeading>
        <DataTable
          table={{
            caption: "مدة البقاء في السوق حتى البيع أو التأجير",
            headers: ["", "العدد في الفترة", "الفترة السابقة", "الوسيط (أيام)", "الوسيط السابق", "التغير", "المتوسط (أيام)"],
            rows: [marketRow("حتى البيع", sold), marketRow("حتى التأجير", rented)],
          }}
        />
      </div>
    </ReportSection>
  );
}
