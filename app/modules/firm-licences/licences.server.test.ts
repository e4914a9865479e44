import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { licences } from "~/db/schema.ts";
import { getImage, settleImageWork, storeImage } from "~/modules/images/images.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { addLicence, countLicences, listLicences } from "./licences.server.ts";
import { testStorage } from "../../../tests/factories/storage.ts";

const db = useTestDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "aqar-licences-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

async function uploaded() {
  const png = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#f4efe6" } })
    .png()
    .toBuffer();
  return storeImage(db(), storage, png);
}

describe("licences", () => {
  it("is empty at first", async () => {
    expect(await listLicences(db())).toEqual([]);
    expect(await countLicences(db())).toBe(0);
  });

  it("lists uploaded licences with their image variants and link licences with their URL", async () => {
    const image = await uploaded();
    const uploadedId = await addLicence(db(), { alt: "السجل التجاري", imageId: image.id });
    const linkId = await addLicence(db(), { alt: "رخصة فال", externalUrl: "https://example.sa/fal.jpg" });
    await settleImageWork();
    const { avif } = (await getImage(db(), image.id))!;
    expect(await listLicences(db())).toEqual([
      { id: uploadedId, alt: "السجل التجاري", image: { id: image.id, width: 900, height: 1200, variants: [400, 680, 800, 900], avif, colour: image.colour }, url: null },
      { id: linkId, alt: "رخصة فال", image: null, url: "https://example.sa/fal.jpg" },
    ]);
    expect(await countLicences(db())).toBe(2);
  });

  it("orders by position, then id; new licences go last", async () => {
    await db().delete(licences);
    const a = await addLicence(db(), { alt: "أ", externalUrl: "https://example.sa/a.png" });
    const b = await addLicence(db(), { alt: "ب", externalUrl: "https://example.sa/b.png" });
    const c = await addLicence(db(), { alt: "ج", externalUrl: "https://example.sa/c.png" });
    expect((await listLicences(db())).map((l) => l.id)).toEqual([a, b, c]);

    // Rows written by the editor later may share a position: the id breaks the tie.
    await db().delete(licences);
    const rows = await db()
      .insert(licences)
      .values([
        { alt: "ثالث", externalUrl: "https://example.sa/3.png", position: 2 },
        { alt: "أول", externalUrl: "https://example.sa/1.png", position: 0 },
        { alt: "ثانٍ (أقدم)", externalUrl: "https://example.sa/2a.png", position: 1 },
        { alt: "ثانٍ (أحدث)", externalUrl: "https://example.sa/2b.png", position: 1 },
      ])
      .returning({ id: licences.id });
    expect(rows[2]!.id).toBeLessThan(rows[3]!.id);
    expect((await listLicences(db())).map((l) => l.alt)).toEqual(["أول", "ثانٍ (أقدم)", "ثانٍ (أحدث)", "ثالث"]);
    const last = await addLicence(db(), { alt: "أخير", externalUrl: "https://example.sa/4.png" });
    expect((await listLicences(db())).at(-1)?.id).toBe(last);
  });

  it("skips a row that has neither an image nor a link", async () => {
    await db().delete(licences);
    await db().insert(licences).values({ alt: "فارغ" });
    await addLicence(db(), { alt: "رابط", externalUrl: "https://example.sa/x.png" });
    expect((await listLicences(db())).map((l) => l.alt)).toEqual(["رابط"]);
  });
});
