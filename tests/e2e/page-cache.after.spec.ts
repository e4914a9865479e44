import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// The public page cache (decision 020) drops a page the moment what it shows changes: a write by
// anyone (here plain SQL, as a script would: the database's triggers announce it), and an ad licence
// that ends with no write at all. Offers are added, so this runs with the offer-changing specs.

async function insertOffer(title: string, licenceEnds: string): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, description, price, property_type, status, city, location, area, details,
                         ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity)
     values ($1, 'شقة قريبة من الخدمات.', 45000, 'شقة', 'للإيجار', 'الرياض', 'الملقا', 150, '{}'::jsonb,
             $2, '2025-01-01', '2099-12-31', ${licenceEnds}, 'broker')
     returning id`,
    [title, `71${unique()}`],
  );
  return row!.id;
}

test("a change written straight to the database shows on the next anonymous load of a kept page", async ({ playwright, baseURL }) => {
  const mark = unique();
  const title = `شقة الذاكرة المؤقتة ${mark}`;
  const request = await playwright.request.newContext({ baseURL });
  const search = `/offers?keyword=${encodeURIComponent(`الذاكرة المؤقتة ${mark}`)}`;
  // Kept (other specs running alongside change offers too, so it may take a second try).
  await expect(async () => expect((await request.get(search)).headers()["x-page-cache"]).toBe("hit")).toPass({ timeout: 5_000 });
  const id = await insertOffer(title, "'2100-01-01T00:00:00+03:00'");
  try {
    await expect(async () => expect(await (await request.get(search)).text()).toContain(title)).toPass({ timeout: 5_000 });
    const page = await request.get(`/offer/${id}`);
    expect(await page.text()).toContain(title);
    await queryE2eDatabase("update offers set title = $2 where id = $1", [id, `${title} معدّلة`]);
    await expect(async () => expect(await (await request.get(`/offer/${id}`)).text()).toContain(`${title} معدّلة`)).toPass({ timeout: 5_000 });
  } finally {
    await queryE2eDatabase("delete from offers where id = $1", [id]);
    await request.dispose();
  }
});

test("an offer whose ad licence ends is never served from the cache after that moment: its page answers 410 with no write", async ({ playwright, baseURL }) => {
  const title = `شقة ينتهي ترخيصها ${unique()}`;
  const id = await insertOffer(title, "now() + interval '4 seconds'");
  const request = await playwright.request.newContext({ baseURL });
  try {
    await expect(async () => {
      const kept = await request.get(`/offer/${id}`);
      expect(kept.status()).toBe(200);
      expect(kept.headers()["x-page-cache"]).toBe("hit");
      // A shared cache may not hold it past the end either.
      expect(Number(/s-maxage=(\d+)/.exec(kept.headers()["cache-control"] ?? "")?.[1])).toBeLessThanOrEqual(4);
    }).toPass({ timeout: 3_000 });
    const [row] = await queryE2eDatabase<{ ends: Date }>("select ad_licence_ends_at as ends from offers where id = $1", [id]);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, row!.ends.getTime() - Date.now()) + 300));
    const ended = await request.get(`/offer/${id}`);
    expect(ended.status()).toBe(410);
    expect(await (await request.get(`/offers?keyword=${encodeURIComponent(title)}`)).text()).not.toContain(`/offer/${id}"`);
  } finally {
    await queryE2eDatabase("delete from offers where id = $1", [id]);
    await request.dispose();
  }
});
