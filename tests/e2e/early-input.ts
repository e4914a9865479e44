import type { Page } from "@playwright/test";

/*
 * The early-input fixture (decision 025): a page whose JavaScript chunks are held back and whose
 * CPU is slowed, so a control can be used before the page has hydrated, while it hydrates, or at a
 * random moment around it, and its result checked once.
 */

/** When the held chunks are let go, relative to the visitor's use of the control. */
export type Moment =
  /** After the control has been used: it was used on a page without JavaScript running. */
  | "held"
  /** Just as React starts hydrating (hydrateRoot has been called): the control is used mid-hydration. */
  | "hydrating"
  /** A seeded random delay after the page's first paint, while the control is being used. */
  | "random";

export const MOMENTS: Moment[] = ["held", "hydrating", "random"];

/** A small seeded generator (mulberry32): the same seed, the same delays. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed of the test's own (its title), or EARLY_INPUT_SEED to replay a run. */
export function seedOf(title: string): number {
  if (process.env.EARLY_INPUT_SEED) return Number(process.env.EARLY_INPUT_SEED);
  let hash = 2166136261;
  for (const char of title) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) ^ Number(new Date().toISOString().slice(0, 10).replace(/-/g, ""));
}

/** Whether React has hydrated the page (the app:hydrated event has been seen). */
export const isHydrated = (page: Page) => page.evaluate(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true);

export interface EarlyPage {
  /** Opens `path` with the chunks held; resolves once the HTML is in (React has certainly not started). */
  open(path: string): Promise<void>;
  /** Lets the chunks go at the moment's time; call before using the control. */
  letGo(): Promise<void>;
  /** Lets the chunks go (if not yet) and waits until React has hydrated the page. */
  hydrated(): Promise<void>;
  /** What the page said in dialogs (window.alert) and its uncaught errors: both must stay empty. */
  problems: string[];
  /** The POST requests the page sent, by path. */
  posts: string[];
  moment: Moment;
  /** The random delay (ms) of the "random" moment. */
  delay: number;
}

/**
 * Holds /assets/*.js of `page` and slows its CPU 4× until it has hydrated. `moment` says when letGo() lets them go:
 * "held" never before hydrated() (the test uses the control first), "hydrating" at once and then
 * waits until React has started (hydrateRoot called, hydration under way), "random" after a seeded
 * delay of 0–1,200 ms, without waiting.
 */
export async function earlyPage(page: Page, moment: Moment, seed: number): Promise<EarlyPage> {
  const delay = Math.round(seeded(seed)() * 1200);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => addEventListener("app:hydrated", () => ((window as unknown as { __e2eHydrated: boolean }).__e2eHydrated = true)));
  const problems: string[] = [];
  const posts: string[] = [];
  page.on("dialog", (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  const early: EarlyPage = {
    problems,
    posts,
    moment,
    delay,
    async open(path) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
    },
    async letGo() {
      if (moment === "held") return;
      if (moment === "random") {
        setTimeout(release, delay);
        return;
      }
      release();
      // React has started once the document holds its root: hydration runs from then on, in slices.
      await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")), undefined, { polling: 10 });
    },
    async hydrated() {
      release();
      await page.waitForFunction(() => (window as unknown as { __e2eHydrated?: boolean }).__e2eHydrated === true, undefined, { timeout: 20_000 });
      // The start is over: what was kept is being replayed (one item a task, whatever the speed), and
      // the checks after it (the save, the page it leads to) need no slow CPU, only time.
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    },
  };
  return early;
}
