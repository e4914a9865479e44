import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// The maps' tile address (decision 022), a site-wide setting: the manager sets it on the settings page
// (an https address with {z}, {x} and {y}), and the map search, the offer page's map and the coordinate
// picker load their tiles from it, the page's Content-Security-Policy letting them. It changes every
// map for a moment, so it runs after the other specs (*.last.spec.ts), and gives the default back.

/** A 1×1 transparent PNG: every tile. */
const TILE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const HOST = "https://tiles.e2e-maps.test";
const OSM = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

async function saveTileAddress(page: Page, address: string) {
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "الخريطة", exact: true });
  await section.getByLabel("رابط صور الخريطة").fill(address);
  await section.getByRole("button", { name: "حفظ إعدادات الخريطة" }).click();
  return section;
}

/** Whatever happened, OpenStreetMap's again, and every cached copy dropped. */
async function restoreTiles() {
  await queryE2eDatabase("update settings set map_tile_url = $1 where id = 1", [OSM]);
  // What announceCacheChange(tx, "settings") sends (app/modules/live-updates/event-hub.server.ts).
  await queryE2eDatabase("select pg_notify('cache_changed', 'settings')");
}

test("the manager's tile address: refused unless https with {z}, {x} and {y}; every map loads its tiles from it", async ({ page, signedInAs }) => {
  test.setTimeout(60_000);
  await signedInAs("manager");
  await page.route("**/api/offers/events", (route) => route.abort());
  const requested = { ours: [] as string[], osm: [] as string[] };
  await page.route(`${HOST}/**`, (route) => {
    requested.ours.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
  await page.route("https://tile.openstreetmap.org/**", (route) => {
    requested.osm.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
  // A tile the policy refused would be reported here.
  await page.addInitScript(() => {
    const w = window as unknown as { refused: string[] };
    w.refused = [];
    document.addEventListener("securitypolicyviolation", (event) => w.refused.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  // Images only: the offer form's Zod probes for eval, which the policy refuses, on purpose.
  const refused = async () => (await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).filter((line) => line.startsWith("img-src"));

  try {
    let section = await saveTileAddress(page, "http://tiles.e2e-maps.test/{z}/{x}/{y}.png");
    await expect(section.getByLabel("رابط صور الخريطة")).toHaveAccessibleDescription(/اكتب رابطًا كاملًا يبدأ بـ https:\/\//);
    section = await saveTileAddress(page, `${HOST}/tiles/{z}.png`);
    await expect(section.getByLabel("رابط صور الخريطة")).toHaveAccessibleDescription(/يجب أن يحتوي الرابط على \{z\} و\{x\} و\{y\}/);

    section = await saveTileAddress(page, `${HOST}/{z}/{x}/{y}.png`);
    await expect(page.getByRole("status")).toHaveText("تم حفظ إعدادات الخريطة");
    await expect(section.getByLabel("رابط صور الخريطة")).toHaveValue(`${HOST}/{z}/{x}/{y}.png`);
    // The settings page's own picker (the firm's point) already reads it; OpenStreetMap's were asked for before the save only.
    await expect.poll(() => requested.ours.length).toBeGreaterThan(0);
    requested.osm.length = 0;

    for (const path of ["/offers?view=map", "/offer/1", "/admin/offers/new"]) {
      requested.ours.length = 0;
      await page.goto(path);
      if (path === "/offer/1") await page.getByTestId("offer-map").scrollIntoViewIfNeeded();
      await expect.poll(() => requested.ours.length, { message: path }).toBeGreaterThan(0);
      await expect(page.locator(".leaflet-tile-loaded").first()).toBeAttached();
      expect(await refused(), path).toEqual([]);
    }
    expect(requested.osm).toEqual([]);

    // Emptied: OpenStreetMap's again.
    section = await saveTileAddress(page, "");
    await expect(page.getByRole("status")).toHaveText("تم حفظ إعدادات الخريطة");
    await expect(section.getByLabel("رابط صور الخريطة")).toHaveValue(OSM);
    await page.goto("/offers?view=map");
    await expect.poll(() => requested.osm.length).toBeGreaterThan(0);
  } finally {
    await restoreTiles();
  }
});
