// `npx node scripts/render-service-artwork.ts`: draws the hero artwork of the four service pages
// with the demo scene renderer and writes WebP variants to public/artwork/services/{slug}-{w}.webp.
// The files are committed: the service pages must look right without demo data. Run again only
// when the artwork should change.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderSceneSvg } from "../demo/scenes.ts";
import type { SceneSpec } from "../demo/scene-spec.ts";
import { ARTWORK_RATIO, ARTWORK_WIDTHS, SERVICES, type ServiceSlug } from "../app/modules/services/services.ts";

const SCENES: Record<ServiceSlug, SceneSpec> = {
  "property-management": { kind: "apartment-building", time: "morning", seed: 11 },
  "marketing-brokerage": { kind: "living-room", time: "noon", seed: 5 },
  valuation: { kind: "villa", time: "noon", seed: 3 },
  development: { kind: "tower", time: "sunset", seed: 9 },
};
const MAX_BYTES = 120 * 1024;

const out = path.resolve("public/artwork/services");
fs.mkdirSync(out, { recursive: true });
const largest = Math.max(...ARTWORK_WIDTHS);
for (const service of SERVICES) {
  const height = Math.round(largest * ARTWORK_RATIO);
  const master = await sharp(Buffer.from(renderSceneSvg(SCENES[service.slug], largest, height)))
    .png()
    .toBuffer();
  for (const width of ARTWORK_WIDTHS) {
    const file = path.join(out, `${service.slug}-${width}.webp`);
    await sharp(master).resize({ width }).webp({ quality: 72, effort: 6 }).toFile(file);
    const { size } = fs.statSync(file);
    console.log(`${path.relative(process.cwd(), file)}  ${Math.round(size / 1024)} KB`);
    if (size > MAX_BYTES) throw new Error(`${file} is larger than ${MAX_BYTES / 1024} KB`);
  }
}
