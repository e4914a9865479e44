import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/db/client.server.ts";
import { offerImages, offers, settings, siteContent } from "~/db/schema.ts";
import { storeImage } from "~/modules/images/images.server.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { DEMO_SETTINGS } from "~/modules/settings/settings.server.ts";
import type { Env } from "~/utils/env.server.ts";
import { log } from "~/utils/log.server.ts";
import { DEMO_OFFERS, type DemoOffer } from "./demo-offers.ts";
import { renderSceneSvg } from "./scenes.ts";
import type { SceneSpec } from "./scene-spec.ts";

/** What every database needs, demo or not: lookup lists and the settings row. */
export async function seedDefaults(db: Db) {
  await seedLookupDefaults(db);
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
}

async function renderPhoto(db: Db, dataDir: string, scene: SceneSpec, width: number) {
  const height = Math.round((width * 2) / 3);
  const jpeg = await sharp(Buffer.from(renderSceneSvg(scene, width, height))).jpeg({ quality: 90 }).toBuffer();
  return storeImage(db, dataDir, jpeg);
}

async function insertDemoOffer(db: Db, dataDir: string, demo: DemoOffer, now: number) {
  const photos = await Promise.all(demo.scenes.map((scene) => renderPhoto(db, dataDir, scene, 1600)));
  const createdAt = new Date(now - demo.ageDays * 86_400_000 - 3_600_000);
  const { scenes: _scenes, ageDays: _ageDays, coordinates, ...fields } = demo;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({
        ...fields,
        lat: coordinates?.lat ?? null,
        lng: coordinates?.lng ?? null,
        units: demo.units.map((unit, i) => ({ ...unit, id: `u${i + 1}` })),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: offers.id });
    await tx.insert(offerImages).values(photos.map((photo, position) => ({ offerId: row!.id, imageId: photo.id, position })));
  });
}

/**
 * Demo data (demo mode only, DESIGN.md contract): fills an empty database with the demo offers,
 * their generated photos, the firm's demo numbers and the hero photo.
 */
export async function seedDemoData(db: Db, env: Env) {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(offers);
  if (count > 0) return;
  const started = Date.now();
  log.info("seeding demo data", { offers: DEMO_OFFERS.length });
  const now = Date.now();
  // A few at a time: sharp already uses every core for each photo.
  for (let i = 0; i < DEMO_OFFERS.length; i += 3) {
    await Promise.all(DEMO_OFFERS.slice(i, i + 3).map((demo) => insertDemoOffer(db, env.DATA_DIR, demo, now)));
  }
  const hero = await renderPhoto(db, env.DATA_DIR, { kind: "villa", time: "sunset", seed: 7 }, 1600);
  await db
    .insert(siteContent)
    .values({ key: "home_hero_image", value: `/images/${hero.id}-${hero.variants.at(-1)}.webp` })
    .onConflictDoNothing();
  await db.update(settings).set(DEMO_SETTINGS).where(sql`${settings.id} = 1`);
  log.info("demo data ready", { ms: Date.now() - started });
}
