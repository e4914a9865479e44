import type { Locator, Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";

/** An offer a visitor can open, with a map: the longest page of its kind (units, details, licence). */
export async function longOfferId(): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `select id from offers where (ad_licence_ends_at is null or ad_licence_ends_at > now()) and lat is not null and status in ('للبيع', 'للإيجار')
     order by jsonb_array_length(units) desc, length(description) desc, id limit 1`,
  );
  return row!.id;
}

export type Box = { x: number; y: number; width: number; height: number };

export const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Scrolls so that the middle of `part` (a map's attribution, its zoom buttons) sits under the
 * sticky header, then asks the browser what is painted on top there: it must be the header.
 */
export async function headerIsOnTopOf(page: Page, part: Locator): Promise<{ ok: boolean; found: string }> {
  await part.waitFor();
  const header = page.getByRole("banner").first();
  const headerBox = (await header.boundingBox())!;
  const box = (await part.boundingBox())!;
  const middle = box.y + box.height / 2;
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: "instant" }), middle - (headerBox.y + headerBox.height / 2));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const moved = (await part.boundingBox())!;
  const y = moved.y + moved.height / 2;
  return page.evaluate(
    ({ x, y }) => {
      const top = document.elementFromPoint(x, y);
      return { ok: Boolean(top?.closest("header.sticky")), found: top ? `${top.tagName}.${top.className}` : "nothing" };
    },
    { x: moved.x + moved.width / 2, y },
  );
}
