// Lighthouse (mobile, simulated throttling) for /, /offers and an offer page: the median of
// BENCH_LH_RUNS runs (1-5, default 3) per category, each against its budget (≥ 95), with the top
// issues of the last run.
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS } from "../chromium.ts";
import { BUDGET, heading, report, summary, table, type Page } from "./report.ts";
import { DATA_DIR } from "./server.ts";

type Lhr = NonNullable<Awaited<ReturnType<typeof import("lighthouse").default>>>["lhr"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const HEADLESS_ARGS = ["--headless=new", ...CHROMIUM_ARGS];
const lighthouseRuns = Math.max(1, Math.min(5, Number(process.env.BENCH_LH_RUNS ?? 3) || 3));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** A detail's value as text (they are strings or numbers; anything else is left out). */
const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

/** A hint of what an audit found, for the few audits whose title alone says little. */
function auditItems(audit: Lhr["audits"][string]): string {
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  const items = details?.items ?? [];
  const texts = items
    .slice(0, 3)
    .map((item) => {
      if (audit.id === "errors-in-console") return text(item.description).slice(0, 140);
      if (audit.id === "inspector-issues") {
        const sub = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        return `${text(item.issueType)}${sub[0]?.url ? ` (${text(sub[0].url)})` : ""}`;
      }
      if (["heading-order", "definition-list", "dlitem", "target-size", "color-contrast", "label", "link-name", "button-name"].includes(audit.id)) {
        const node = item.node as { snippet?: string } | undefined;
        return node?.snippet?.slice(0, 120) ?? "";
      }
      return "";
    })
    .filter(Boolean);
  return texts.length ? `\n          ${texts.join("\n          ")}` : "";
}

function describeLhr(lhr: Lhr) {
  const metricIds = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  const metrics = metricIds.map((id) => `${lhr.audits[id]?.title ?? id}: ${lhr.audits[id]?.displayValue ?? "n/a"}`);
  console.log(`    ${metrics.join(" | ")}`);
  for (const audit of Object.values(lhr.audits)) {
    if (audit.scoreDisplayMode === "error") console.log(`    !! audit "${audit.title}" errored: ${audit.errorMessage ?? "?"}`);
  }
  for (const warning of lhr.runWarnings) console.log(`    !! run warning: ${warning}`);
  for (const category of CATEGORIES) {
    const cat = lhr.categories[category];
    if (!cat) continue;
    const failing = cat.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
      .map(({ ref, audit }) => {
        const savings = audit!.metricSavings ?? {};
        const weight = ref.weight + (savings.LCP ?? 0) / 100 + (savings.FCP ?? 0) / 100 + (savings.TBT ?? 0) / 100 + (savings.CLS ?? 0) * 100;
        return { weight, text: `${audit!.title}${audit!.displayValue ? ` — ${audit!.displayValue}` : ""}${auditItems(audit!)}` };
      })
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 5);
    if (failing.length) {
      console.log(`    ${category} — top issues:`);
      for (const item of failing) console.log(`      • ${item.text}`);
    }
  }
}

/** Every run's full report, for reading what a score hides: .bench-data/lighthouse/{page}-{run}.json. */
const REPORTS_DIR = path.join(DATA_DIR, "lighthouse");
function saveReport(page: Page, run: number, lhr: Lhr) {
  fs.mkdirSync(REPORTS_DIR, { recursive: true });
  const slug = page.name.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home";
  fs.writeFileSync(path.join(REPORTS_DIR, `${slug}-${run + 1}.json`), JSON.stringify(lhr));
}

export async function runLighthouse(pages: Page[], chromiumPath: string) {
  heading(`Lighthouse (mobile, simulated throttling${lighthouseRuns > 1 ? `, median of ${lighthouseRuns}` : ""})`);
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: HEADLESS_ARGS, logLevel: "silent" });
  const rows: string[][] = [];
  const results: Record<string, Record<string, number>> = {};
  try {
    for (const page of pages) {
      const scores: Record<string, number[]> = {};
      let last: Lhr | undefined;
      for (let run = 0; run < lighthouseRuns; run++) {
        // A busy machine now and then spoils a trace (e.g. NO_NAVSTART): retry such a run, at most twice.
        let lhr: Lhr | undefined;
        for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
          const result = await lighthouse(page.url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: [...CATEGORIES],
          });
          const problem = !result ? "no result" : result.lhr.runtimeError?.message;
          if (!problem) lhr = result!.lhr;
          else if (attempt < 3) console.log(`  (${page.name}: Lighthouse run failed — ${problem}; retrying)`);
          else console.log(`  !! ${page.name}: Lighthouse failed 3 times in a row — ${problem}`);
        }
        if (!lhr) continue;
        saveReport(page, run, lhr);
        for (const category of CATEGORIES) {
          const score = lhr.categories[category]?.score; // null when a metric could not be measured
          if (score != null) (scores[category] ??= []).push(Math.round(score * 100));
        }
        last = lhr;
      }
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, scores[c]?.length ? median(scores[c]) : NaN]));
      results[page.name] = medians;
      rows.push([page.name, ...CATEGORIES.map((c) => (Number.isNaN(medians[c]) ? "n/a" : String(medians[c])))]);
      console.log(`  ${page.name} (${page.url}) — benchmarkIndex ${last?.environment.benchmarkIndex ?? "?"}`);
      if (last) describeLhr(last);
      for (const category of CATEGORIES) {
        const score = medians[category]!;
        summary.push({
          metric: `Lighthouse ${category} ${page.name}`,
          value: Number.isNaN(score) ? "n/a" : String(score),
          budget: `>= ${BUDGET.lighthouse}`,
          status: Number.isNaN(score) ? "error" : score >= BUDGET.lighthouse ? "ok" : "over",
        });
      }
    }
  } finally {
    chrome.kill();
  }
  console.log("");
  table(["page", ...CATEGORIES], rows, [false, true, true, true, true]);
  report.lighthouse = results;
}
