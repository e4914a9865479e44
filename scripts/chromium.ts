import fs from "node:fs";

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's headless shell (the old headless
 * mode, Playwright's own default for headless runs; less than half the CPU of a full Chromium for each
 * browser context and page, decision 039), else Debian's full Chromium. Undefined: Playwright's own.
 */
export function chromiumForTests(): string | undefined {
  return firstThere([process.env.CHROMIUM_PATH, HEADLESS_SHELL, ...DEBIAN_CHROMIUM]);
}

/** The binary itself: /usr/bin/chromium-headless-shell is a shell script that does not exec it. */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const DEBIAN_CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

const firstThere = (candidates: (string | undefined)[]) => candidates.find((candidate) => candidate && fs.existsSync(candidate));

/** The Chromium the benchmark and the screenshots drive (a full one: Lighthouse): CHROMIUM_PATH, else Debian's, else Playwright's own. */
export async function findChromium(): Promise<string> {
  const found = firstThere([process.env.CHROMIUM_PATH, ...DEBIAN_CHROMIUM]);
  if (found) return found;
  try {
    const { chromium } = await import("@playwright/test");
    const bundled = chromium.executablePath();
    if (bundled && fs.existsSync(bundled)) return bundled;
  } catch {
    // fall through to the message below
  }
  throw new Error(
    "No Chromium found. Install it with `apt-get install -y chromium-headless-shell` (the browser tests) or " +
      "`apt-get install -y chromium` (the bench, the screenshots) on Debian/Ubuntu, or set CHROMIUM_PATH to a Chromium or Chrome binary.",
  );
}

/** Flags for a headless Chromium on a machine without a network beyond localhost. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
