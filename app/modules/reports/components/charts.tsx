import { useId, type ReactNode } from "react";
import { formatNumberArabic } from "~/utils/format.ts";

/**
 * The reports' charts, drawn on the server as SVG from the loader's numbers: no chart library and
 * no script. Each is an image with a name and a description (role="img", <title>, <desc>) and
 * carries its numbers as a table behind «عرض كجدول» (a <details>, which opens without JavaScript).
 * Time runs from right to left, as the page reads. The SVG's own text direction is fixed
 * (direction="ltr") so that label anchors are where the geometry puts them in every browser.
 */

const BAR = "#146b66"; // brand-600
const GRID = "#d6d3d1"; // stone-300
const TEXT = "#44403c"; // stone-700

/** 0 and about four round ticks covering `max` (and `min` below 0, if any); whole steps for counts. */
function ticks(min: number, max: number, whole = false): number[] {
  const span = Math.max(max - Math.min(0, min), 1);
  const raw = whole ? Math.max(1, span / 4) : span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw && (!whole || Number.isInteger(s))) ?? 10 * power;
  const first = Math.floor(Math.min(0, min) / step) * step;
  const values: number[] = [first];
  while (values.length < 2 || values.at(-1)! < max - step * 0.001) values.push(Math.round((values.at(-1)! + step) * 1000) / 1000);
  return values;
}

/** Big numbers on an axis: ١٢٫٥ ألف, ٣ مليون. */
function axisNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${formatNumberArabic(Math.round((value / 1_000_000) * 10) / 10)} مليون`;
  if (abs >= 10_000) return `${formatNumberArabic(Math.round((value / 1000) * 10) / 10)} ألف`;
  return formatNumberArabic(value);
}

/** Labels shown under at most `most` of `count` slots: every n-th, always the first and last. */
function labelled(count: number, most: number): (index: number) => boolean {
  const every = Math.max(1, Math.ceil(count / most));
  return (index) => index === 0 || index === count - 1 || (index % every === 0 && count - 1 - index >= every / 2);
}

export interface ChartTable {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
}

/** A chart and its table: the figure, its caption, and «عرض كجدول». */
export function ChartFigure({ title, table, children, testId }: { title: string; table: ChartTable; children: ReactNode; testId?: string }) {
  return (
    <figure className="grid gap-2 print:break-inside-avoid" data-testid={testId}>
      <figcaption className="font-bold text-stone-800">{title}</figcaption>
      {/* On a phone the chart keeps a readable size and scrolls sideways (focusable, so a keyboard scrolls it too). */}
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-stone-200 print:overflow-visible print:ring-0" tabIndex={0} role="group" aria-label={title}>
        {children}
      </div>
      <details className="group rounded-xl bg-stone-50 ring-1 ring-stone-200 print:hidden">
        <summary className="cursor-pointer rounded-xl px-3 py-2 font-bold text-brand-800 hover:bg-stone-100">
          عرض كجدول<span className="sr-only">: {title}</span>
        </summary>
        <div className="p-3">
          <DataTable table={table} />
        </div>
      </details>
    </figure>
  );
}

/** A plain table of figures: a caption, column headers, a header cell per row. */
export function DataTable({ table, className = "" }: { table: ChartTable; className?: string }) {
  return (
    // Scrolls sideways on a phone: focusable so a keyboard can scroll it too, named by its caption.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={table.caption}>
      <table className={`data-table ${className}`}>
        <caption className="sr-only">{table.caption}</caption>
        <thead>
          <tr>
            {table.headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface BarDatum {
  /** Under the bar (short). */
  label: string;
  value: number;
}

/** Vertical bars over time (per day or per month), the first at the right. */
export function ColumnChart({ name, description, data, unit }: { name: string; description: string; data: BarDatum[]; unit: string }) {
  const id = useId();
  const width = 720;
  const height = 260;
  const pad = { top: 24, bottom: 40, start: 72, end: 40 };
  const max = Math.max(0, ...data.map((d) => d.value));
  const axis = ticks(0, max, true);
  const top = axis.at(-1) ?? 1;
  const plotWidth = width - pad.start - pad.end;
  const plotHeight = height - pad.top - pad.bottom;
  const step = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(2, Math.min(40, step * 0.7));
  const y = (v: number) => pad.top + plotHeight - (v / top) * plotHeight;
  // Right to left: the first slot touches the axis on the right.
  const x = (i: number) => width - pad.start - step * (i + 0.5);
  const show = labelled(data.length, 8);
  const values = data.length <= 31;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full min-w-[36rem]" direction="ltr" fontFamily="inherit">
      <title id={`${id}-t`}>{name}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {axis.map((v) => (
        <g key={v}>
          <line x1={pad.end} x2={width - pad.start + 4} y1={y(v)} y2={y(v)} stroke={GRID} strokeWidth={1} />
          <text x={width - pad.start + 10} y={y(v) + 4} fontSize={15} fill={TEXT} textAnchor="start">
            {axisNumber(v)}
          </text>
        </g>
      ))}
      {data.map((d, i) => (
        <g key={i}>
          <rect x={x(i) - barWidth / 2} y={y(d.value)} width={barWidth} height={Math.max(0, y(0) - y(d.value))} fill={BAR} rx={2}>
            <title>{`${d.label}: ${formatNumberArabic(d.value)} ${unit}`}</title>
          </rect>
          {values && d.value > 0 ? (
            <text x={x(i)} y={y(d.value) - 5} fontSize={13} fill={TEXT} textAnchor="middle">
              {formatNumberArabic(d.value)}
            </text>
          ) : null}
          {show(i) ? (
            <text x={x(i)} y={height - pad.bottom + 18} fontSize={15} fill={TEXT} textAnchor="middle">
              {d.label}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}

/** Horizontal bars for categories (cities), the longest first, labels at the right. */
export function BarList({ name, description, data, unit }: { name: string; description: string; data: BarDatum[]; unit: string }) {
  const id = useId();
  const width = 720;
  const row = 30;
  const pad = { top: 8, bottom: 8, label: 150, value: 70 };
  const height = pad.top + pad.bottom + row * Math.max(1, data.length);
  const max = Math.max(1, ...data.map((d) => d.value));
  const plot = width - pad.label - pad.value;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full min-w-[36rem]" direction="ltr" fontFamily="inherit">
      <title id={`${id}-t`}>{name}</title>
      <desc id={`${id}-d`}>{description}</desc>
      {data.map((d, i) => {
        const y = pad.top + i * row;
        const length = (d.value / max) * plot;
        const right = width - pad.label;
        return (
          <g key={i}>
            <text x={width - 8} y={y + row / 2 + 5} fontSize={16} fill={TEXT} textAnchor="end">
              {d.label}
            </text>
            <rect x={right - length} y={y + 5} width={length} height={row - 10} fill={BAR} rx={3}>
              <title>{`${d.label}: ${formatNumberArabic(d.value)} ${unit}`}</title>
            </rect>
            <text x={right - length - 6} y={y + row / 2 + 5} fontSize={15} fill={TEXT} textAnchor="end">
              {formatNumberArabic(d.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export interface LineSeries {
  name: string;
  values: number[];
  colour: string;
  /** The line's dash pattern and the markers' shape tell the series apart without colour. */
  dash?: string;
  marker: "circle" | "square" | "diamond";
}

function Marker({ shape, x, y, colour }: { shape: LineSeries["marker"]; x: number; y: number; colour: string }) {
  if (shape === "square") return <rect x={x - 4} y={y - 4} width={8} height={8} fill={colour} />;
  if (shape === "diamond") return <path d={`M${x} ${y - 5.5}L${x + 5.5} ${y}L${x} ${y + 5.5}L${x - 5.5} ${y}Z`} fill={colour} />;
  return <circle cx={x} cy={y} r={4.5} fill={colour} />;
}

/** A line per series over time (months), the first at the right, with a legend that shows each line's pattern. */
export function LineChart({ name, description, labels, series }: { name: string; description: string; labels: string[]; series: LineSeries[] }) {
  const id = useId();
  const width = 720;
  const height = 280;
  const pad = { top: 20, bottom: 40, start: 84, end: 40 };
  const all = series.flatMap((s) => s.values);
  const axis = ticks(Math.min(0, ...all), Math.max(0, ...all));
  const low = axis[0] ?? 0;
  const high = axis.at(-1) ?? 1;
  const plotWidth = width - pad.start - pad.end;
  const plotHeight = height - pad.top - pad.bottom;
  const step = labels.length > 1 ? plotWidth / (labels.length - 1) : 0;
  const x = (i: number) => (labels.length > 1 ? width - pad.start - step * i : width - pad.start - plotWidth / 2);
  const y = (v: number) => pad.top + plotHeight - ((v - low) / (high - low || 1)) * plotHeight;
  const show = labelled(labels.length, 8);
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full min-w-[36rem]" direction="ltr" fontFamily="inherit">
        <title id={`${id}-t`}>{name}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {axis.map((v) => (
          <g key={v}>
            <line x1={pad.end} x2={width - pad.start + 4} y1={y(v)} y2={y(v)} stroke={v === 0 ? "#a8a29e" : GRID} strokeWidth={1} />
            <text x={width - pad.start + 10} y={y(v) + 4} fontSize={15} fill={TEXT} textAnchor="start">
              {axisNumber(v)}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          show(i) ? (
            <text key={i} x={x(i)} y={height - pad.bottom + 20} fontSize={15} fill={TEXT} textAnchor="middle">
              {label}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.name}>
            <polyline
              points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}
              fill="none"
              stroke={s.colour}
              strokeWidth={2.5}
              strokeDasharray={s.dash}
              strokeLinejoin="round"
            />
            {s.values.map((v, i) => (
              <Marker key={i} shape={s.marker} x={x(i)} y={y(v)} colour={s.colour} />
            ))}
          </g>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 px-3 pb-3 text-sm text-stone-700" aria-label="مفتاح الرسم">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-2">
            <svg width="36" height="12" aria-hidden="true" className="shrink-0">
              <line x1="2" x2="34" y1="6" y2="6" stroke={s.colour} strokeWidth={2.5} strokeDasharray={s.dash} />
              <Marker shape={s.marker} x={18} y={6} colour={s.colour} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
