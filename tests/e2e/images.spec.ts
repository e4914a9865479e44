import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// The production server's image route (decision 021): the demo photos' AVIF variants, written
// while the demo data was seeded, and conditional requests a CDN or browser makes.

test("a photo's AVIF variants are served beside its WebP ones, smaller, each with an ETag that answers 304", async ({ request }) => {
  const [row] = await queryE2eDatabase<{ id: string; variants: number[]; avif: number[] }>(
    "select i.id, i.variants, i.avif from offer_images oi join images i on i.id = oi.image_id where cardinality(i.avif) > 0 order by oi.offer_id, oi.position limit 1",
  );
  expect(row, "the demo photos have AVIF variants").toBeDefined();
  const width = row!.avif.at(-1)!;
  const avif = await request.get(`/images/${row!.id}-${width}.avif`);
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const body = await avif.body();
  expect(avif.headers()["content-length"]).toBe(String(body.length));
  expect(body.subarray(4, 12).toString("latin1")).toBe("ftypavif");
  const webp = await request.get(`/images/${row!.id}-${width}.webp`);
  expect(body.length).toBeLessThan((await webp.body()).length);

  const etag = avif.headers()["etag"]!;
  expect(etag).toBe(`"${row!.id}-${width}.avif"`);
  const again = await request.get(`/images/${row!.id}-${width}.avif`, { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect((await again.body()).length).toBe(0);
  const head = await request.head(`/images/${row!.id}-${width}.avif`);
  expect(head.headers()["content-length"]).toBe(String(body.length));
  // A width without AVIF (the widest, for desktops) has none to serve.
  expect((await request.get(`/images/${row!.id}-${row!.variants.at(-1)}.avif`)).status()).toBe(row!.avif.includes(row!.variants.at(-1)!) ? 200 : 404);
});
