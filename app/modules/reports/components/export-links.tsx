import { formatNumberArabic } from "~/utils/format.ts";
import { periodQuery, type ReportPeriod } from "../period.ts";
import { EXPORT_DATASET_LABELS, EXPORT_DATASETS, EXPORT_ROW_CAP, rowCountText, type ExportDataset } from "../report-view.ts";
import { ReportSection } from "./figures.tsx";

/** The period's data as an Excel workbook (a sheet each) and as a CSV file each, with their row counts. */
export function ExportLinks({ period, counts }: { period: ReportPeriod; counts: Record<ExportDataset, number> }) {
  const query = periodQuery(period);
  const capped = EXPORT_DATASETS.filter((dataset) => counts[dataset] > EXPORT_ROW_CAP);
  return (
    <div className="print:hidden">
      <ReportSection
        id="exports"
        title="تصدير بيانات الفترة"
        intro="العروض المنشورة والاستفسارات والطلبات والمهام المنشأة والمعاملات المؤرخة في الفترة، وأقساط الإيجار المستحقة فيها وتكاليف الصيانة المعتمدة، الأحدث أولًا. ملف إكسل بورقة لكل منها (من اليمين إلى اليسار)، أو ملف CSV (نص مفصول بفواصل) لكل منها يفتحه إكسل بالعربية."
      >
        <div className="flex flex-wrap items-center gap-3">
          <a
            href={`/admin/reports/export.xlsx?${query}`}
            download
            className="rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800"
            data-testid="export-xlsx"
          >
            تنزيل ملف إكسل
          </a>
        </div>
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {EXPORT_DATASETS.map((dataset) => (
            <li key={dataset} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white px-3 py-2 ring-1 ring-stone-200">
              <span>
                <strong>{EXPORT_DATASET_LABELS[dataset]}</strong> <span className="text-sm text-stone-600">({rowCountText(counts[dataset])})</span>
              </span>
              <a href={`/admin/reports/export/${dataset}.csv?${query}`} download className="font-bold text-brand-800 underline underline-offset-4">
                CSV<span className="sr-only"> — {EXPORT_DATASET_LABELS[dataset]}</span>
              </a>
            </li>
          ))}
        </ul>
        {capped.length ? (
          <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
            يحمل كل ملف {formatNumberArabic(EXPORT_ROW_CAP)} صف على الأكثر من كل مجموعة (الأحدث)؛ {capped.map((d) => EXPORT_DATASET_LABELS[d]).join(" و")} أكثر من ذلك في هذه
            الفترة، فاختر فترة أقصر لتصديرها كاملة.
          </p>
        ) : null}
      </ReportSection>
    </div>
  );
}
