import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateWithHijri, formatDigitsArabic, formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";
import { AGEING_BUCKETS, ENDING_WINDOWS, daysLeftText, leaseCountText, rateTenths, unitCountText, type AgeingRow, type PropertyReport } from "~/modules/property-reports/index.ts";
import { ChartFigure, ColumnChart, DataTable } from "./charts.tsx";
import { FigureCard, FigureGrid, ReportSection, SubHeading } from "./figures.tsx";

const money = (halalas: number) => formatMoneyArabic(halalas / 100);
const rateText = (rate: number | null) => (rate === null ? "—" : `${formatNumberArabic(rate)}٪`);
const linkClass = "font-bold text-brand-800 underline print:no-underline";

function Box({ testId, title, note, children }: { testId: string; title: string; note?: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-2 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid={testId}>
      <SubHeading note={note}>{title}</SubHeading>
      {children}
    </div>
  );
}

const propertyLink = (id: number, name: string) => (
  <Link key="p" to={`/admin/properties/${id}`} className={linkClass}>
    <bdi>{name}</bdi>
  </Link>
);
const ownerLink = (id: number, name: string) => (
  <Link key="o" to={`/admin/owners/${id}`} className={linkClass}>
    <bdi>{name}</bdi>
  </Link>
);

function ageingCells(row: AgeingRow): ReactNode[] {
  return [...AGEING_BUCKETS.map((b) => money(row.buckets[b.key])), <strong key="t">{money(row.totalHalalas)}</strong>];
}

/**
 * «إدارة الأملاك» (issue 33): occupancy now, the collection rate of the period's instalments,
 * arrears by age now, leases ending soon and the approved maintenance cost of the period.
 */
export function PropertyManagementReportSection({ report }: { report: PropertyReport }) {
  const { occupancy, collection, ageing, ending, maintenance } = report;
  const rate = rateTenths(collection.collectedHalalas, collection.dueHalalas);
  const previousRate = rateTenths(collection.previous.collectedHalalas, collection.previous.dueHalalas);
  const ageingHeaders = [...AGEING_BUCKETS.map((b) => b.label), "المجموع"];
  const ageingTitle = "المتأخرات بحسب مدة التأخر";
  return (
    <ReportSection
      id="property-report"
      title="إدارة الأملاك"
      intro="الإشغال والمتأخرات والعقود المنتهية قريبًا كما هي اليوم؛ التحصيل للأقساط المستحقة في الفترة بما دُفع منها حتى اليوم، وتكاليف الصيانة المعتمدة المحمّلة على الملاك في الفترة."
    >
      <FigureGrid>
        <FigureCard
          label="الإشغال"
          value={rateText(rateTenths(occupancy.leased, occupancy.units))}
          note={`${unitCountText(occupancy.leased)} مؤجرة من ${unitCountText(occupancy.units)}`}
          to="/admin/owners"
          testId="figure-occupancy"
        />
        <FigureCard
          label="نسبة التحصيل"
          value={rateText(rate)}
          previousText={rateText(previousRate)}
          current={rate}
          previous={previousRate}
          note={`حُصّل ${money(collection.collectedHalalas)} من ${money(collection.dueHalalas)}`}
          to="/admin/rent"
          testId="figure-collection"
        />
        <FigureCard label="المتأخرات" value={money(ageing.total.totalHalalas)} to="/admin/rent" testId="figure-arrears" />
        <FigureCard label="تكاليف الصيانة المعتمدة" value={money(maintenance.amountHalalas)} to="/admin/maintenance" testId="figure-maintenance-cost" />
      </FigureGrid>

      <Box testId="pm-occupancy" title="الإشغال لكل عقار" note="الوحدات التي لها عقد إيجار ساري اليوم من كل وحدات العقار.">
        {occupancy.rows.length ? (
          <DataTable
            table={{
              caption: "الإشغال لكل عقار",
              headers: ["العقار", "المالك", "الوحدات", "المؤجرة", "الشاغرة", "الإشغال"],
              rows: [
                ...occupancy.rows.map((r) => [
                  propertyLink(r.propertyId, r.propertyName),
                  ownerLink(r.ownerId, r.ownerName),
                  formatNumberArabic(r.units),
                  formatNumberArabic(r.leased),
                  formatNumberArabic(r.units - r.leased),
                  rateText(rateTenths(r.leased, r.units)),
                ]),
                [
                  <strong key="t">المجموع</strong>,
                  "",
                  formatNumberArabic(occupancy.units),
                  formatNumberArabic(occupancy.leased),
                  formatNumberArabic(occupancy.units - occupancy.leased),
                  rateText(rateTenths(occupancy.leased, occupancy.units)),
                ],
              ],
            }}
          />
        ) : (
          <p className="text-stone-600">لا توجد عقارات مُدارة.</p>
        )}
      </Box>

      <Box testId="pm-collection" title="التحصيل لكل عقار" note="الأقساط المستحقة في الفترة: المستحق، وما دُفع منه حتى اليوم، والنسبة.">
        {collection.rows.length ? (
          <DataTable
            table={{
              caption: "التحصيل لكل عقار",
              headers: ["العقار", "المستحق", "المحصّل", "نسبة التحصيل"],
              rows: [
                ...collection.rows.map((r) => [
                  propertyLink(r.propertyId, r.propertyName),
                  money(r.dueHalalas),
                  money(r.collectedHalalas),
                  rateText(rateTenths(r.collectedHalalas, r.dueHalalas)),
                ]),
                [<strong key="t">المجموع</strong>, money(collection.dueHalalas), money(collection.collectedHalalas), rateText(rate)],
              ],
            }}
          />
        ) : (
          <p className="text-stone-600">لا أقساط مستحقة في الفترة.</p>
        )}
      </Box>

      <Box testId="pm-ageing" title={ageingTitle} note="ما لم يُدفع من الأقساط التي مضى تاريخ استحقاقها، بحسب أيام التأخر اليوم.">
        {ageing.total.totalHalalas > 0 ? (
          <>
            <ChartFigure
              title={ageingTitle}
              testId="chart-ageing"
              table={{ caption: ageingTitle, headers: ["مدة التأخر", "المبلغ"], rows: AGEING_BUCKETS.map((b) => [b.label, money(ageing.total.buckets[b.key])]) }}
            >
              <ColumnChart
                name={ageingTitle}
                description={`أعمدة من اليمين إلى اليسار بحسب مدة التأخر. المجموع ${money(ageing.total.totalHalalas)}.`}
                data={AGEING_BUCKETS.map((b) => ({ label: b.label, value: Math.round(ageing.total.buckets[b.key] / 100) }))}
                unit="ر.س."
              />
            </ChartFigure>
            <DataTable
              table={{
                caption: "المتأخرات لكل عقار",
                headers: ["العقار", ...ageingHeaders],
                rows: [...ageing.byProperty.map((r) => [propertyLink(r.id, r.name), ...ageingCells(r)]), [<strong key="t">المجموع</strong>, ...ageingCells(ageing.total)]],
              }}
            />
            <DataTable
              table={{
                caption: "المتأخرات لكل مالك",
                headers: ["المالك", ...ageingHeaders],
                rows: ageing.byOwner.map((r) => [ownerLink(r.id, r.name), ...ageingCells(r)]),
              }}
            />
          </>
        ) : (
          <p className="text-stone-600">لا متأخرات اليوم.</p>
        )}
      </Box>

      <Box testId="pm-ending" title="عقود تنتهي قريبًا" note="عقود سارية لم تُجدَّد ولم تُنهَ مبكرًا، تنتهي خلال المدة من اليوم.">
        <dl className="grid gap-3 sm:grid-cols-3">
          {ENDING_WINDOWS.map((days) => (
            <FigureCard
              key={days}
              label={`خلال ${formatNumberArabic(days)} يومًا`}
              value={leaseCountText(ending.counts[days])}
              to="#ending-leases"
              testId={`figure-ending-${days}`}
            />
          ))}
        </dl>
        {ending.leases.length ? (
          <div id="ending-leases" className="min-w-0">
            <DataTable
              table={{
                caption: `العقود التي تنتهي خلال ${formatNumberArabic(Math.max(...ENDING_WINDOWS))} يومًا`,
                headers: ["العقد", "العقار", "الوحدة", "ينتهي في", "المتبقي"],
                rows: ending.leases.map((l) => [
                  <Link key="l" to={`/admin/leases/${l.leaseId}`} className={linkClass}>
                    <bdi>{l.tenantName}</bdi>
                  </Link>,
                  propertyLink(l.propertyId, l.propertyName),
                  <bdi key="u">{formatDigitsArabic(l.unitLabel)}</bdi>,
                  formatDateWithHijri(l.endsOn),
                  daysLeftText(l.daysLeft),
                ]),
              }}
            />
          </div>
        ) : (
          <p className="text-stone-600">لا عقود تنتهي خلال {formatNumberArabic(Math.max(...ENDING_WINDOWS))} يومًا.</p>
        )}
      </Box>

      <Box testId="pm-maintenance" title="تكاليف الصيانة لكل عقار" note="التكاليف المحمّلة على الملاك في الفترة بعد اعتمادها من المدير.">
        {maintenance.rows.length ? (
          <DataTable
            table={{
              caption: "تكاليف الصيانة المعتمدة لكل عقار",
              headers: ["العقار", "عدد التكاليف", "المبلغ"],
              rows: [
                ...maintenance.rows.map((r) => [propertyLink(r.propertyId, r.propertyName), formatNumberArabic(r.charges), money(r.amountHalalas)]),
                [<strong key="t">المجموع</strong>, formatNumberArabic(maintenance.charges), money(maintenance.amountHalalas)],
              ],
            }}
          />
        ) : (
          <p className="text-stone-600">لا تكاليف صيانة معتمدة في الفترة.</p>
        )}
      </Box>
    </ReportSection>
  );
}
