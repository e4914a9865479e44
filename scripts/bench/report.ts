// What every part of the benchmark shares: the budgets, the summary rows and the JSON report they
// add to (main.ts prints the one and writes the other), and the console formatting.

export const BUDGET = {
  lighthouse: 95,
  /** Total Blocking Time on Lighthouse's phone (issue 28): blocking.ts counts it from CPU time. */
  blockingMs: 50,
  jsKiB: 130,
  searchP95Ms: 10,
  searchP99Ms: 25,
  overlayP95Ms: 15,
  /** The map search's bounding-box query (issue 18, decision 022). */
  mapBboxP95Ms: 15,
  taskBoardMs: 100,
  /** The board's page as sent (issue 29): one page of cards, uncompressed. */
  taskBoardHtmlKB: 80,
  reportsPageMs: 300,
  /** A back-office save (issue 29): from the action's answer to its confirmation on the page. */
  confirmationMs: 300,
  floodHomeP95Ms: 300,
  /** /offers over HTTP (issue 19, decision 020): 32 connections flat out, p99 at 200 requests a second, the server's memory after. */
  offersRps: 300,
  offersP99At200Ms: 20,
  serverRssMiB: 300,
  photosPerSecond: 8,
  /** /offers rendered without the page cache at 24 cards (issue 28): its HTML, and the server's CPU time per render. */
  offersHtmlKB: 100,
  offersRenderCpuMs: 8,
  /** Lighthouse's phone (decision 019): the largest paint's photo, and any listing card's photo, as sent. */
  lcpImageKiB: 80,
  cardPhotoKiB: 15,
  /** Clients' requirements matched to one offer (issue 32): 10,000 requirements, 100,000 offers. */
  matchP95Ms: 20,
};

/** A page of the bench server that the browser parts load. */
export interface Page {
  name: string;
  url: string;
}

export interface SummaryRow {
  metric: string;
  value: string;
  budget: string;
  status: "ok" | "over" | "info" | "error";
}
export const summary: SummaryRow[] = [];
export const report: Record<string, unknown> = { startedAt: new Date().toISOString() };

export function heading(title: string) {
  console.log(`\n=== ${title} ${"=".repeat(Math.max(0, 70 - title.length))}`);
}

export function table(headers: string[], rows: string[][], alignRight: boolean[] = []) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (alignRight[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
