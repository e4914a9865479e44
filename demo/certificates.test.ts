import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CERTIFICATE_VARIANTS, renderCertificateSvg } from "./certificates.ts";

describe("renderCertificateSvg", () => {
  it("draws every variant without any text, link or external reference, through sharp at 3:4", async () => {
    const drawn = new Set<string>();
    for (let variant = 0; variant < CERTIFICATE_VARIANTS; variant++) {
      const svg = renderCertificateSvg(variant, 300, 400);
      // No text: librsvg on the CI machine has no Arabic fonts.
      expect(svg).not.toMatch(/<text|<tspan|<image|href=|@import|url\((?!#)/);
      expect(svg).toBe(renderCertificateSvg(variant, 300, 400));
      drawn.add(svg);
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([300, 400]);
    }
    expect(drawn.size).toBe(CERTIFICATE_VARIANTS);
  });
});
