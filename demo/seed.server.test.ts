import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { siteContent } from "~/db/schema.ts";
import { imagesDir, testStorage } from "../tests/factories/storage.ts";
import { settleImageWork } from "~/modules/images/images.server.ts";
import { listLicences } from "~/modules/firm-licences/licences.server.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { DEMO_CONTENT_SCENES, DEMO_LICENCES } from "./content.ts";
import { seedDemoContentImages, seedDemoLicences } from "./seed.server.ts";

const db = useTestDatabase();
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "aqar-seed-"));
const storage = testStorage(dataDir);
// The AVIF variants are written after the seed returns (decision 021): wait for them before removing their folder.
afterAll(async () => {
  await settleImageWork();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

async function contentValue(key: string) {
  const [row] = await db().select().from(siteContent).where(eq(siteContent.key, key));
  return row?.value;
}

const fileOf = (url: string) => path.join(imagesDir(dataDir), url.replace("/images/", ""));

describe("demo about photos and licences", () => {
  it("keeps an about gallery someone saved, even an empty one, and fills the other", async () => {
    await db().insert(siteContent).values({ key: "about_section2_images", value: "" });
    await seedDemoContentImages(db(), storage);
    expect(await contentValue("about_section2_images")).toBe("");
    const urls = (await contentValue("about_section1_images"))!.split(",");
    expect(urls).toHaveLength(DEMO_CONTENT_SCENES.about_section1_images.length);
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/[a-f0-9]{32}-1500\.webp$/);
      expect(fs.existsSync(fileOf(url))).toBe(true);
    }
  });

  it("seeds the galleries once", async () => {
    await db().delete(siteContent).where(eq(siteContent.key, "about_section2_images"));
    const before = await contentValue("about_section1_images");
    await seedDemoContentImages(db(), storage);
    await seedDemoContentImages(db(), storage);
    expect(await contentValue("about_section1_images")).toBe(before);
    expect((await contentValue("about_section2_images"))!.split(",")).toHaveLength(DEMO_CONTENT_SCENES.about_section2_images.length);
  });

  it("seeds the licences once, as uploaded images with Arabic descriptions", async () => {
    await seedDemoLicences(db(), storage);
    await seedDemoLicences(db(), storage);
    await settleImageWork(); // the 680-px variants follow the upload (seedDemoData waits for them too)
    const listed = await listLicences(db());
    expect(listed.map((l) => l.alt)).toEqual(DEMO_LICENCES.map((l) => l.alt));
    for (const licence of listed) {
      expect(licence.url).toBeNull();
      expect(licence.image).toMatchObject({ width: 1200, height: 1600, variants: [400, 680, 800, 1200] });
      expect(fs.existsSync(path.join(imagesDir(dataDir), `${licence.image!.id}-800.webp`))).toBe(true);
    }
  });
});
