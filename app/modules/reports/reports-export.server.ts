/**
 * The report's exports for a period: one Excel workbook (a right-to-left sheet per dataset, Arabic
 * headers, numbers as numbers, moments as dates) and a CSV file per dataset (UTF-8 with a BOM,
 * RFC 4180, formulas neutralised: csv.ts). Both are streamed as they are written: the rows come a
 * batch at a time (export-datasets.server.ts), at most EXPORT_ROW_CAP per dataset, so memory stays
 * bounded whatever the period holds.
 */
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { Db } from "~/db/client.server.ts";
import { log } from "~/utils/log.server.ts";
import { CSV_BOM, csvLine } from "./csv.ts";
import { EXPORT_DEFINITIONS, type ColumnKind } from "./export-datasets.server.ts";
import { parsePeriod, periodInstants, type ReportPeriod } from "./period.ts";
import { EXPORT_DATASET_LABELS, EXPORT_DATASETS, type ExportDataset } from "./report-view.ts";
import { RIYADH_OFFSET_MS } from "~/utils/riyadh-day.ts";

/** Excel's number formats per column kind. */
const NUMBER_FORMATS: Partial<Record<ColumnKind, string>> = {
  integer: "0",
  decimal: "#,##0.##",
  money: "#,##0.00",
  datetime: "yyyy-mm-dd hh:mm",
  date: "yyyy-mm-dd",
};

/**
 * A spreadsheet's dates have no time zone: a moment is written as Riyadh's wall-clock time (the
 * firm's), which the sheet then shows as it would be read in Riyadh.
 */
function riyadhWallClock(date: Date): Date {
  return new Date(date.getTime() + RIYADH_OFFSET_MS);
}

/** The period of an export's address, or the Arabic reason it cannot be used. */
function exportPeriod(url: URL, now = new Date()): { ok: true; period: ReportPeriod } | { ok: false; error: string } {
  const choice = parsePeriod(url.searchParams, now);
  return choice.error ? { ok: false, error: choice.error } : { ok: true, period: choice.period };
}

function fileName(stem: string, period: ReportPeriod, extension: string) {
  return `${stem}-${period.from}_${period.to}.${extension}`;
}

/** Content-Disposition with an ASCII name and the Arabic one for browsers that read RFC 5987. */
function attachment(asciiStem: string, arabicStem: string, period: ReportPeriod, extension: string) {
  return `attachment; filename="${fileName(asciiStem, period, extension)}"; filename*=UTF-8''${encodeURIComponent(fileName(arabicStem, period, extension))}`;
}

/** Writes the workbook of the period to `stream` (which it ends). */
async function writeWorkbook(db: Db, period: ReportPeriod, stream: NodeJS.WritableStream): Promise<void> {
  const range = periodInstants(period);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: stream as unknown as import("node:stream").Stream, useStyles: true, useSharedStrings: false });
  workbook.creator = "aqar";
  workbook.created = new Date();
  for (const dataset of EXPORT_DATASETS) {
    const definition = EXPORT_DEFINITIONS[dataset];
    const sheet = workbook.addWorksheet(EXPORT_DATASET_LABELS[dataset], { views: [{ rightToLeft: true, state: "frozen", ySplit: 1 }] });
    sheet.columns = definition.columns.map((column, index) => ({
      key: String(index),
      header: column.header,
      width: column.width,
      ...(NUMBER_FORMATS[column.kind] ? { style: { numFmt: NUMBER_FORMATS[column.kind] } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const batch of definition.batches(db, { start: range.start, end: range.end })) {
      for (const values of batch) {
        sheet.addRow(values.map((value) => (value instanceof Date ? riyadhWallClock(value) : (value ?? null)))).commit();
      }
    }
    sheet.commit();
  }
  await workbook.commit();
}

/** GET /admin/reports/export.xlsx?period=…: the workbook, streamed. */
export function answerWorkbook(db: Db, url: URL): Response {
  const asked = exportPeriod(url);
  if (!asked.ok) return new Response(asked.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { period } = asked;
  const body = new PassThrough();
  writeWorkbook(db, period, body).catch((error: unknown) => {
    log.error("report workbook failed", { from: period.from, to: period.to, error: String(error) });
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": attachment("aqar-report", "تقرير", period, "xlsx"),
    },
  });
}

function isExportDataset(value: string): value is ExportDataset {
  return (EXPORT_DATASETS as readonly string[]).includes(value);
}

/** The CSV text of a dataset for the period: the BOM and header line, then each batch of rows. */
async function* csvChunks(db: Db, dataset: ExportDataset, period: ReportPeriod): AsyncGenerator<string> {
  const definition = EXPORT_DEFINITIONS[dataset];
  const range = periodInstants(period);
  yield CSV_BOM + csvLine(definition.columns.map((c) => c.header));
  for await (const batch of definition.batches(db, { start: range.start, end: range.end })) yield batch.map(csvLine).join("");
}

/** GET /admin/reports/export/<dataset>.csv?period=…: one dataset as CSV, streamed; an unknown file is 404. */
export function answerCsv(db: Db, url: URL, file: string): Response {
  const dataset = /^([a-z]+)\.csv$/.exec(file)?.[1] ?? "";
  if (!isExportDataset(dataset)) return new Response("الملف غير موجود", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const asked = exportPeriod(url);
  if (!asked.ok) return new Response(asked.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { period } = asked;
  const encoder = new TextEncoder();
  const chunks = csvChunks(db, dataset, period);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error("report csv failed", { dataset, from: period.from, to: period.to, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachment(`aqar-${dataset}`, EXPORT_DATASET_LABELS[dataset].replace(/\s+/g, "-"), period, "csv"),
    },
  });
}
