import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on a page, run in the page itself (`setLegacyMode`: no blank page opened for `finishRun`, which
 * only cross-origin frames need, and the app has none) and reporting violations only (no test reads
 * the passes): the same violations about three times faster (/offers 3.3 s → 0.9 s).
 */
export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
