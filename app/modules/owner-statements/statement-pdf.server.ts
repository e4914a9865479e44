import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import PDFDocument from "pdfkit";
import { ibanForReading } from "~/modules/property-management/identity-numbers.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatDateBothCalendars, formatDigitsArabic } from "~/utils/format.ts";
import { WHOLE_PROPERTY_UNIT_ID, type StatementMonth, type StatementTotals } from "./statement-math.ts";
import { halalasText, monthTitle, netText, STATEMENT_COLUMNS } from "./statement-view.ts";
import { unitTitle } from "~/modules/property-management/index.ts";

/**
 * The owner's statement as a PDF (decision 055): pdfkit writes it, its fontkit shapes the Arabic
 * (joined letters, ligatures) and draws a right-to-left run right to left; bidi-js (the Unicode
 * bidirectional algorithm) splits each line into its runs and orders them, so numbers and the IBAN
 * keep their own left-to-right order inside the Arabic. Cairo, the site's font, embedded (subset).
 */

const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve("@expo-google-fonts/cairo/400Regular/Cairo_400Regular.ttf"),
  bold: require.resolve("@expo-google-fonts/cairo/700Bold/Cairo_700Bold.ttf"),
} as const;

const bidi = bidiFactory();
const BRAND = "#0c4441";
const MUTED = "#57534e";
const LINE = "#d6d3d1";
const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;

const DIRECTION_MARKS = /[\u200e\u200f\u061c]/;

interface Run {
  text: string;
  rtl: boolean;
}

/**
 * A line's runs in the order they are drawn, left to right (Unicode's rule L2 at the runs' level):
 * each right-to-left run keeps its logical order (fontkit shapes and reverses it, its brackets
 * mirrored here), and a left-to-right run that fontkit would take for Arabic (Arabic-Indic digits)
 * is handed over reversed, so it comes out in reading order.
 */
export function visualRuns(line: string): Run[] {
  // No-break spaces the font may lack become spaces; the direction marks (the money format's) steer the levels, then are dropped.
  const text = line.replace(/[\u00a0\u202f]/g, " ");
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, "rtl");
  const runs: Array<Run & { level: number }> = [];
  for (let index = 0; index < text.length; index++) {
    if (DIRECTION_MARKS.test(text[index]!)) continue;
    const level = levels[index]!;
    const rtl = level % 2 === 1;
    const char = rtl ? (bidi.getMirroredCharacter(text[index]!) ?? text[index]!) : text[index]!;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, rtl, level });
  }
  if (!runs.length) return [];
  const highest = Math.max(...runs.map((run) => run.level));
  for (let level = highest; level >= 1; level--) {
    for (let start = 0; start < runs.length; start++) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end++;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return runs.map(({ text: runText, rtl }) => ({ text: !rtl && /[\u0600-\u06ff]/.test(runText) ? [...runText].reverse().join("") : runText, rtl }));
}

type Align = "right" | "left" | "center";

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

function textWidth(doc: PDFKit.PDFDocument, runs: Run[], style: TextStyle): number {
  doc.font(style.bold ? "bold" : "regular").fontSize(style.size);
  return runs.reduce((width, run) => width + doc.widthOfString(run.text), 0);
}

/** One line of text at `x` (its right edge, left edge or centre) and `y` (its top). */
function drawLine(doc: PDFKit.PDFDocument, line: string, x: number, y: number, style: TextStyle, align: Align = "right") {
  const runs = visualRuns(line);
  const width = textWidth(doc, runs, style);
  let left = align === "right" ? x - width : align === "center" ? x - width / 2 : x;
  doc.fillColor(style.color ?? "#1c1917");
  const space = doc.widthOfString(" ");
  for (const run of runs) {
    // pdfkit loses spaces inside a right-to-left run: its words are drawn one by one, the last first.
    const words = run.rtl ? run.text.split(" ").reverse() : [run.text];
    words.forEach((word, index) => {
      if (index > 0) left += space;
      if (word) doc.text(word, left, y, { lineBreak: false });
      left += doc.widthOfString(word);
    });
  }
}

export interface StatementPdfInput {
  owner: { name: string; iban: string };
  month: StatementMonth;
  totals: StatementTotals;
  /** The Riyadh day it was made. */
  generatedOn: string;
  /** A negative net: whether a later statement will recover it (the owner has a contract after the month), or the owner pays it. */
  nextStatementDue: boolean;
}

/** The statement's PDF bytes. */
export function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { owner, month, totals, generatedOn } = input;
  const title = `كشف حساب ${monthTitle(month)}`;
  const doc = new PDFDocument({ size: "A4", margin: PAGE.margin, lang: "ar", info: { Title: title, Author: COMPANY_NAME } });
  doc.registerFont("regular", FONTS.regular);
  doc.registerFont("bold", FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const right = PAGE.width - PAGE.margin;
  const left = PAGE.margin;
  // The letterhead: the firm's name as its logo, and the statement's title.
  doc.rect(0, 0, PAGE.width, 96).fill(BRAND);
  drawLine(doc, COMPANY_NAME, right, 22, { size: 22, bold: true, color: "#ffffff" });
  drawLine(doc, "إدارة الأملاك", right, 58, { size: 12, color: "#d6ebe8" });
  drawLine(doc, title, left, 30, { size: 16, bold: true, color: "#ffffff" }, "left");

  let y = 120;
  drawLine(doc, `المالك: ${owner.name}`, right, y, { size: 13, bold: true });
  y += 24;
  drawLine(doc, `الآيبان: ${ibanForReading(owner.iban)}`, right, y, { size: 11, color: MUTED });
  drawLine(doc, `تاريخ الإصدار: ${formatDateBothCalendars(generatedOn).gregorian}`, left, y, { size: 11, color: MUTED }, "left");
  y += 34;

  // The table, its first column on the right: the unit, then the three amounts and the unit's net.
  const columns = [
    { label: STATEMENT_COLUMNS.unit, width: 175 },
    { label: STATEMENT_COLUMNS.collected, width: 85 },
    { label: STATEMENT_COLUMNS.expenses, width: 85 },
    { label: STATEMENT_COLUMNS.commission, width: 85 },
    { label: STATEMENT_COLUMNS.net, width: right - left - 175 - 85 * 3 },
  ];
  const rowHeight = 26;
  const cellPadding = 6;
  const drawRow = (cells: string[], style: TextStyle, fill?: string) => {
    if (y + rowHeight > PAGE.height - PAGE.margin - 90) {
      doc.addPage();
      y = PAGE.margin;
    }
    if (fill) doc.rect(left, y, right - left, rowHeight).fill(fill);
    let cellRight = right;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      // The unit's name reads from the right; amounts line up on their left edge's other side too: right-aligned.
      drawLine(doc, cell, cellRight - cellPadding, y + 5, style);
      cellRight -= column.width;
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(right, y + rowHeight)
      .lineWidth(0.6)
      .strokeColor(LINE)
      .stroke();
    y += rowHeight;
  };
  drawRow(
    columns.map((column) => column.label),
    { size: 10.5, bold: true, color: "#ffffff" },
    BRAND,
  );
  for (const line of totals.lines) {
    const unit = line.unitId === WHOLE_PROPERTY_UNIT_ID ? `${line.propertyName} (${line.unitLabel})` : `${line.propertyName}، ${unitTitle(line.unitLabel)}`;
    const net = line.collectedHalalas - line.expensesHalalas - line.commissionHalalas;
    drawRow([formatDigitsArabic(unit), halalasText(line.collectedHalalas), halalasText(line.expensesHalalas), halalasText(line.commissionHalalas), halalasText(net)], { size: 10 });
  }
  // What the owner still owed at their statement before: taken from this month's net.
  if (totals.carriedHalalas !== 0) drawRow([STATEMENT_COLUMNS.carried, "", "", "", halalasText(totals.carriedHalalas)], { size: 10 });
  drawRow(
    ["المجموع", halalasText(totals.collectedHalalas), halalasText(totals.expensesHalalas), halalasText(totals.commissionHalalas), halalasText(totals.netHalalas)],
    { size: 10.5, bold: true },
    "#eef7f6",
  );

  // The net to pay, or what the owner owes.
  y += 24;
  doc
    .roundedRect(left, y, right - left, 54, 8)
    .lineWidth(1.2)
    .strokeColor(BRAND)
    .stroke();
  drawLine(doc, totals.netHalalas < 0 ? "المستحق على المالك" : "الصافي المستحق للمالك", right - 16, y + 15, { size: 14, bold: true, color: BRAND });
  drawLine(doc, netText(totals.netHalalas).replace(" مستحقة على المالك", ""), left + 16, y + 13, { size: 16, bold: true, color: BRAND }, "left");
  y += 78;
  const closing =
    totals.netHalalas >= 0
      ? "يُحوَّل الصافي إلى حساب المالك المذكور أعلاه."
      : input.nextStatementDue
        ? "يُخصم المستحق على المالك من كشف حسابه التالي."
        : "يُسدِّد المالك المستحق عليه للمنشأة: لا كشف تاليًا يُخصم منه.";
  drawLine(doc, `${closing} للاستفسار يرجى التواصل مع إدارة الأملاك.`, right, y, { size: 10, color: MUTED });

  doc.end();
  return done;
}
