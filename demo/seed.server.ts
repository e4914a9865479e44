/**
 * Demo data (demo mode only): staff, offers with generated photos, site-content photos, licences
 * and the firm's numbers. Not part of the production server bundle: server/app.ts imports this
 * file dynamically, only when DEMO_MODE is on, so the build puts it in a chunk of its own.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/db/client.server.ts";
import { offerImages, offers, settings, siteContent } from "~/db/schema.ts";
import { settleImageWork, storeImage } from "~/modules/images/images.server.ts";
import type { PhotoStorage } from "~/modules/images/storage.server.ts";
import { addLicence, countLicences } from "~/modules/firm-licences/licences.server.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { log } from "~/utils/log.server.ts";
import { renderCertificateSvg } from "./certificates.ts";
import { DEMO_CONTENT_SCENES, DEMO_FIRM_DETAILS, DEMO_HERO_SCENE, DEMO_LICENCES, DEMO_SETTINGS } from "./content.ts";
import { DEMO_OFFERS, licenceColumns, type DemoOffer } from "./offers.ts";
import { renderSceneSvg } from "./scenes.ts";
import type { SceneSpec } from "./scene-spec.ts";
import { seedDemoOffice } from "./office.server.ts";
import { seedDemoViewings } from "./viewings.server.ts";
import { seedDemoPropertyManagement } from "./property-management.server.ts";
import { seedDemoPropertyOperations } from "./property-management-operations.server.ts";
import { seedDemoStaff } from "./staff.server.ts";
import { seedDemoOwnerPortal } from "./owner-portal.server.ts";

async function renderPhoto(db: Db, storage: PhotoStorage, scene: SceneSpec, width: number) {
  const height = Math.round((width * 2) / 3);
  const jpeg = await sharp(Buffer.from(renderSceneSvg(scene, width, height)))
    .jpeg({ quality: 90 })
    .toBuffer();
  return storeImage(db, storage, jpeg);
}

/** The URL site content stores for an image: its largest variant. */
function contentImageUrl(image: ImageRef): string {
  return `/images/${image.id}-${image.variants.at(-1)}.webp`;
}

async function insertDemoOffer(db: Db, storage: PhotoStorage, demo: DemoOffer, now: number) {
  const photos = await Promise.all(demo.scenes.map((scene) => renderPhoto(db, storage, scene, 1600)));
  const createdAt = new Date(now - demo.ageDays * 86_400_000 - 3_600_000);
  const { scenes: _scenes, ageDays: _ageDays, adLicence, coordinates, ...fields } = demo;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({
        ...fields,
        ...licenceColumns(adLicence, now),
        lat: coordinates?.lat ?? null,
        lng: coordinates?.lng ?? null,
        units: demo.units.map((unit, i) => ({ ...unit, id: `u${i + 1}` })),
        createdAt,
        updatedAt: createdAt,
        // Confirmed available at the seed (decision 046): the demo offers stay on the site for N + 7 days.
        availableConfirmedAt: new Date(now),
      })
      .returning({ id: offers.id });
    await tx.insert(offerImages).values(photos.map((photo, position) => ({ offerId: row!.id, imageId: photo.id, position })));
  });
}

/**
 * Seeds the demo data, after seedDefaults (server/seed-defaults.ts). Each part checks on
 * its own whether it is there already, so a database seeded by an earlier version gets what was
 * added since.
 */
export async function seedDemoData(db: Db, storage: PhotoStorage) {
  await seedDemoStaff(db);
  await seedDemoOffers(db, storage);
  await seedDemoContentImages(db, storage);
  await seedDemoLicences(db, storage);
  // The photos' AVIF variants (written between uploads) are all there before the first visitor.
  await settleImageWork();
  await seedDemoOffice(db);
  // The diary's viewings this week (issue 32).
  await seedDemoViewings(db);
  await seedDemoFirmDetails(db);
  await seedDemoPropertyManagement(db);
  await seedDemoPropertyOperations(db);
  // The first demo owner's portal account, 0500000005 (decision 056).
  await seedDemoOwnerPortal(db);
}

/** The firm's public details, while none has been given (a database seeded before they existed gets them too). */
export async function seedDemoFirmDetails(db: Db) {
  await db
    .update(settings)
    .set(DEMO_FIRM_DETAILS)
    .where(
      sql`${settings.id} = 1 and ${settings.companyPhone} = '' and ${settings.companyEmail} = '' and ${settings.companyAddress} = '' and ${settings.commercialRegistration} = '' and ${settings.falLicence} = '' and ${settings.mapLat} is null`,
    );
}

/** Fills an empty database with the demo offers, their photos, the firm's demo numbers and the hero photo. */
async function seedDemoOffers(db: Db, storage: PhotoStorage) {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(offers);
  if (count > 0) return;
  const started = Date.now();
  log.info("seeding demo data", { offers: DEMO_OFFERS.length });
  const now = Date.now();
  // A few at a time: sharp already uses every core for each photo.
  for (let i = 0; i < DEMO_OFFERS.length; i += 3) {
    await Promise.all(DEMO_OFFERS.slice(i, i + 3).map((demo) => insertDemoOffer(db, storage, demo, now)));
    // The AVIF queue works while no photo is being stored: let it catch up (its memory stays small).
    await settleImageWork();
  }
  const hero = await renderPhoto(db, storage, DEMO_HERO_SCENE, 1600);
  await db
    .insert(siteContent)
    .values({ key: "home_hero_image", value: contentImageUrl(hero) })
    .onConflictDoNothing();
  await db
    .update(settings)
    .set(DEMO_SETTINGS)
    .where(sql`${settings.id} = 1`);
  log.info("demo data ready", { ms: Date.now() - started });
}

/** Photos for the about galleries and the contact page, unless the key has a value already (even an empty one someone saved). */
export async function seedDemoContentImages(db: Db, storage: PhotoStorage) {
  for (const [key, scenes] of Object.entries(DEMO_CONTENT_SCENES)) {
    const [existing] = await db.select({ key: siteContent.key }).from(siteContent).where(eq(siteContent.key, key));
    if (existing) continue;
    const photos = await Promise.all(scenes.map((scene) => renderPhoto(db, storage, scene, 1600)));
    await db
      .insert(siteContent)
      .values({ key, value: photos.map(contentImageUrl).join(",") })
      .onConflictDoNothing();
  }
}

/** A few certificate-like licence images, when there are no licences yet. */
export async function seedDemoLicences(db: Db, storage: PhotoStorage) {
  if ((await countLicences(db)) > 0) return;
  const stored = await Promise.all(
    DEMO_LICENCES.map(async (demo) => {
      const png = await sharp(Buffer.from(renderCertificateSvg(demo.variant, 1200, 1600)))
        .png()
        .toBuffer();
      return storeImage(db, storage, png);
    }),
  );
  // One after the other: each goes after the last.
  for (const [i, demo] of DEMO_LICENCES.entries()) await addLicence(db, { alt: demo.alt, imageId: stored[i]!.id });
}
