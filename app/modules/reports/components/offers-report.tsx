import { Link } from "react-router";
import { HIDDEN_REASONS, VISIBILITY_LABELS, visibilityListUrl, type HiddenReason } from "~/modules/offers/offer-visibility.ts";
import { offersText } from "~/utils/count-words.ts";
import { formatCountArabic, formatNumberArabic, formatPriceArabic } from "~/utils/format.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { gregorianDayText, hijriDayText } from "../period.ts";
import { daysFigure, LISTING_KIND_LABELS, type DaysOnMarket, type OfferGroup, type OffersReport } from "../report-view.ts";
import { BarList, ChartFigure, DataTable, type ChartTable } from "./charts.tsx";
import { ChangeText, ComparedFigure, FigureCard, FigureGrid, ReportSection, SubHeading } from "./figures.tsx";

/** The offers visitors can find now, and those hidden by each reason (countOffersByVisibility). */
export interface OffersVisibilityCounts {
  total: number;
  shown: number;
  hidden: Record<HiddenReason, number>;
}

/** Cities drawn in the chart; the rest are summed in one bar. */
const CITIES_DRAWN = 10;

/** The offers list filtered to a group (the names the list's filters read: status, city, type). */
const groupListUrl = (filter: "status" | "city" | "type", name: string) => `/admin/offers?${new URLSearchParams({ [filter]: name })}`;

function groupTable(caption: string, first: string, groups: OfferGroup[], filter: "status" | "city" | "type"): ChartTable {
  return {
    caption,
    headers: [first, "الآن", "نُشرت في الفترة", "الفترة السابقة", "التغير"],
    rows: groups.map((g) => [
      g.name,
      <Link key="n" to={groupListUrl(filter, g.name)} className="font-bold text-brand-800 underline" aria-label={`${g.name}: ${offersText(g.now)} الآن`}>
        {formatNumberArabic(g.now)}
      </Link>,
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

/** What visitors can find now and what is hidden from them, by reason, each leading to the offers it counts. */
function OffersVisibility({ visibility }: { visibility: OffersVisibilityCounts }) {
  return (
    <div className="grid gap-2" data-testid="offers-visibility">
      <SubHeading note="العروض التي يجدها الزوار في الموقع الآن، والمخفية عنهم مع السبب؛ كل رقم يفتح قائمة العروض التي يعدّها.">على الموقع الآن</SubHeading>
      <FigureGrid>
        <FigureCard label={VISIBILITY_LABELS.none} value={formatNumberArabic(visibility.shown)} to={visibilityListUrl("none")} testId="figure-offers-none" />
        {HIDDEN_REASONS.map((reason) => (
          <FigureCard
            key={reason}
            label={VISIBILITY_LABELS[reason]}
            value={formatNumberArabic(visibility.hidden[reason])}
            to={visibilityListUrl(reason)}
            testId={`figure-offers-${reason}`}
          />
        ))}
      </FigureGrid>
    </div>
  );
}

export function OffersReportSection({ offers, visibility }: { offers: OffersReport; visibility: OffersVisibilityCounts }) {
  const drawn = offers.byCity.slice(0, CITIES_DRAWN).map((g) => ({ label: g.name, value: g.now }));
  const others = offers.byCity.slice(CITIES_DRAWN).reduce((sum, g) => sum + g.now, 0);
  if (others > 0) drawn.push({ label: "مدن أخرى", value: others });
  const { sold, rented, recordingSince } = offers.daysOnMarket;
  return (
    <ReportSection first id="offers-report" title="العروض" intro="«نُشرت» تعني أضيفت إلى الموقع في الفترة؛ الأعداد «الآن» هي العروض الموجودة اليوم بحالتها الحالية.">
      <FigureGrid>
        <ComparedFigure label="عروض نُشرت في الفترة" figure={offers.published} format={formatNumberArabic} testId="figure-offers-published" />
        <FigureCard
          label="إجمالي العروض الآن"
          value={formatNumberArabic(offers.total)}
          note={`منها ${formatNumberArabic(visibility.shown)} ظاهرة للزوار`}
          to="/admin/offers"
          testId="figure-offers-total"
        />
        <ComparedFigure label="بِيعت في الفترة" figure={sold.count} format={formatNumberArabic} />
        <ComparedFigure label="أُجّرت في الفترة" figure={rented.count} format={formatNumberArabic} />
        <FigureCard label="تنبيهات بحث مفعّلة الآن" value={formatNumberArabic(offers.activeAlerts)} testId="figure-active-alerts" />
      </FigureGrid>

      <OffersVisibility visibility={visibility} />

      <ChartFigure title="العروض الآن حسب المدينة" table={groupTable("العروض حسب المدينة", "المدينة", offers.byCity, "city")} testId="chart-cities">
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
          <DataTable table={groupTable("العروض حسب الحالة", "الحالة", offers.byStatus, "status")} />
        </div>
        <div className="grid min-w-0 content-start gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200">
          <SubHeading>حسب نوع العقار</SubHeading>
          <DataTable table={groupTable("العروض حسب نوع العقار", "النوع", offers.byType, "type")} />
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
