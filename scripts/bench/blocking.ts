// Total Blocking Time of the public pages, counted from the CPU time of the browser's main-thread
// tasks rather than their wall time. Lighthouse (lighthouse.ts) measures each task by the clock: on
// a machine shared with other work a task that waited for a core counts as blocking, and the same
// page scored TBT 230 ms and 2,330 ms one run apart (load average 8 on 2 cores). A task's CPU time
// (the trace's thread duration) barely changes with the load, so this is the figure to compare a
// change by.
//   For each page: a Pixel 7 context in Chromium, a performance trace (devtools.timeline only: no
// profiler, which adds source-position work to every script) from navigation until 1 s after React
// has hydrated the page (its `app:hydrated` event, read from the console so no script is added to
// the page), then each main-thread task's CPU time × 4 (Lighthouse's mobile CPU slowdown), blocking
// past 50 ms, summed over the tasks that start after the first contentful paint. The median of
// BLOCKING_RUNS runs, and what the longest tasks spent their time on.
import { launchBenchBrowser, phoneContext } from "./browser.ts";
import { BUDGET, heading, ms, report, summary, table, type Page } from "./report.ts";

const BLOCKING_RUNS = 3;
/** Lighthouse's simulated mobile CPU: four times slower than the machine it runs on. */
const CPU_SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string }; beginData?: { url?: string } };
}

/** What a task's time went to, by its events' names (the largest first). */
const ACTIVITIES: Record<string, string> = {
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  PrePaint: "paint",
  ParseHTML: "HTML parsing",
  EvaluateScript: "script evaluation",
  "v8.evaluateModule": "module evaluation",
  "v8.compile": "compiling",
  "v8.compileModule": "compiling",
  FunctionCall: "script",
  TimerFire: "script",
  EventDispatch: "script",
  RunMicrotasks: "script",
  MajorGC: "garbage collection",
  MinorGC: "garbage collection",
};

interface Task {
  start: number;
  cpuMs: number;
  activity: string;
}

/** The page's main-thread tasks (CPU ms each, from the first contentful paint on) out of a trace. */
function tasksAfterFcp(events: TraceEvent[], pageUrl: string): { tasks: Task[]; totalCpuMs: number } {
  const threadNames = new Map<string, string>();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "");
  // The renderer's main thread that parsed this page (another renderer may hold an extension or a blank page).
  const parsed = events.find(
    (e) => e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(pageUrl.split("#")[0]!) && threadNames.get(`${e.pid}:${e.tid}`) === "CrRendererMain",
  );
  if (!parsed) throw new Error(`no main thread parsed ${pageUrl} in the trace`);
  const own = events.filter((e) => e.pid === parsed.pid && e.tid === parsed.tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === parsed.pid)?.ts ?? 0;
  const runs = own.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const tasks: Task[] = [];
  let totalCpuMs = 0;
  for (const task of runs) {
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    totalCpuMs += cpuMs;
    if (task.ts < fcp || cpuMs * CPU_SLOWDOWN <= 50) continue;
    const end = task.ts + (task.dur ?? 0);
    const spent = new Map<string, number>();
    for (const e of own) {
      if (e.ts < task.ts || e.ts > end || e === task) continue;
      const activity = ACTIVITIES[e.name];
      if (activity) spent.set(activity, (spent.get(activity) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
    const main = [...spent].sort((a, b) => b[1] - a[1])[0];
    tasks.push({ start: (task.ts - fcp) / 1000, cpuMs, activity: main ? main[0] : "other" });
  }
  return { tasks, totalCpuMs };
}

const blockingOf = (tasks: Task[]) => tasks.reduce((sum, t) => sum + Math.max(0, t.cpuMs * CPU_SLOWDOWN - 50), 0);

export async function measureBlocking(pages: Page[], chromiumPath: string) {
  heading(`Total Blocking Time from main-thread CPU time (×${CPU_SLOWDOWN}, after the first paint, until hydrated + 1 s; median of ${BLOCKING_RUNS})`);
  const browser = await launchBenchBrowser(chromiumPath);
  const rows: string[][] = [];
  const results: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const runs: { blocking: number; tasks: Task[]; totalCpuMs: number }[] = [];
      for (let run = 0; run < BLOCKING_RUNS; run++) {
        const context = await phoneContext(browser);
        await context.addInitScript(() => window.addEventListener("app:hydrated", () => console.debug("bench:hydrated"), { once: true }));
        const tab = await context.newPage();
        const hydrated = tab.waitForEvent("console", { predicate: (m) => m.text() === "bench:hydrated", timeout: 30_000 });
        await browser.startTracing(tab, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"] });
        await tab.goto(page.url, { waitUntil: "load", timeout: 60_000 });
        await hydrated;
        await tab.waitForTimeout(1000);
        const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
        await context.close();
        const { tasks, totalCpuMs } = tasksAfterFcp(trace.traceEvents, page.url);
        runs.push({ blocking: blockingOf(tasks), tasks, totalCpuMs });
      }
      runs.sort((a, b) => a.blocking - b.blocking);
      const median = runs[Math.floor(runs.length / 2)]!;
      const longest = [...median.tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 3);
      rows.push([
        page.name,
        ms(median.blocking),
        runs.map((r) => String(Math.round(r.blocking))).join(" / "),
        ms(median.totalCpuMs),
        longest.map((t) => `${t.cpuMs.toFixed(0)} ms ${t.activity} at +${t.start.toFixed(0)} ms`).join("; ") || "none",
      ]);
      results[page.name] = { blockingMs: median.blocking, runsMs: runs.map((r) => r.blocking), mainThreadCpuMs: median.totalCpuMs, longTasks: median.tasks };
      summary.push({
        metric: `TBT from CPU time ${page.name}`,
        value: ms(median.blocking),
        budget: `<= ${BUDGET.blockingMs} ms`,
        status: median.blocking <= BUDGET.blockingMs ? "ok" : "over",
      });
    }
  } finally {
    await browser.close();
  }
  table(["page", "TBT (CPU ×4)", "runs", "main-thread CPU", "longest tasks after the first paint (CPU, at 1×)"], rows, [false, true, true, true, false]);
  report.blocking = results;
}
