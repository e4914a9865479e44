import type { Page } from "@playwright/test";
import crypto from "node:crypto";
import { noSeriousViolations } from "./axe.ts";
import { test } from "./fixtures.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * The page at a phone's width and a desktop's: a screenshot of each (for a person to look at) and
 * axe on each; then back to `end` (the desktop's unless given).
 */
export async function lookAt(page: Page, name: string, end = DESKTOP) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
    await noSeriousViolations(page, `${name} ${viewport.width}`);
  }
  if (end !== DESKTOP) await page.setViewportSize(end);
}

/** A national id no other test uses: 1 and eight random digits, then its Luhn check digit (decision 051). */
export function uniqueNationalId(): string {
  const stem = `1${String(crypto.randomInt(10 ** 8)).padStart(8, "0")}`;
  for (let check = 0; check < 10; check++) {
    const id = stem + check;
    const sum = [...id].reverse().reduce((total, ch, i) => {
      const d = Number(ch) * (i % 2 ? 2 : 1);
      return total + (d > 9 ? d - 9 : d);
    }, 0);
    if (sum % 10 === 0) return id;
  }
  throw new Error("no check digit");
}
