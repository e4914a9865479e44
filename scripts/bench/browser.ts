// The bench's browser: Chromium with the project's flags, pages opened as a phone (Pixel 7, Arabic).
import { setTimeout as sleep } from "node:timers/promises";
import type { Browser, Page as Tab } from "@playwright/test";
import { CHROMIUM_ARGS } from "../chromium.ts";

export async function launchBenchBrowser(chromiumPath: string): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}

/** A fresh phone-sized context: each page measured as on a first visit. */
export async function phoneContext(browser: Browser) {
  const { devices } = await import("@playwright/test");
  return browser.newContext({ ...devices["Pixel 7"], locale: "ar-SA" });
}

/** Scrolls a page to its bottom a screen at a time (bounded), so what loads lazily loads. */
export async function scrollToBottom(tab: Tab): Promise<void> {
  for (let step = 0; step < 60; step++) {
    const atBottom = await tab.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await sleep(150);
    if (atBottom) break;
  }
}
