import fs from "node:fs";

/** The Chromium the browser tests and the benchmark drive: CHROMIUM_PATH, else Debian's, else Playwright's own. */
export async function findChromium(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  for (const candidate of candidates) if (fs.existsSync(candidate)) return candidate;
  try {
    const { chromium } = await import("@playwright/test");
    const bundled = chromium.executablePath();
    if (bundled && fs.existsSync(bundled)) return bundled;
  } catch {
    // fall through to the message below
  }
  throw new Error(
    "No Chromium found for the browser tests. Install it with `apt-get install -y chromium` " + "(Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
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
