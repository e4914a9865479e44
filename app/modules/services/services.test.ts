import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SERVICE_LINKS } from "~/components/layout/nav-links.ts";
import { ARTWORK_WIDTHS, findService, SERVICES, serviceArtwork } from "./services.ts";

describe("services data", () => {
  it("has the four service pages of the navigation, in order and with the same names", () => {
    expect(SERVICES.map((s) => `/services/${s.slug}`)).toEqual(SERVICE_LINKS.map((link) => link.to));
    expect(SERVICES.map((s) => s.title)).toEqual(SERVICE_LINKS.map((link) => link.label));
  });

  it("leads marketing and brokerage to /list-your-property and the others to /contact", () => {
    const ctas = Object.fromEntries(SERVICES.map((s) => [s.slug, s.cta.to]));
    expect(ctas).toEqual({
      "property-management": "/contact",
      "marketing-brokerage": "/list-your-property",
      valuation: "/contact",
      development: "/contact",
    });
  });

  it("gives every page an intro, services and steps, all in Arabic", () => {
    for (const service of SERVICES) {
      expect(service.items.length).toBeGreaterThanOrEqual(4);
      expect(service.steps.length).toBeGreaterThanOrEqual(3);
      const texts = [
        service.title,
        service.summary,
        service.intro,
        service.itemsTitle,
        service.stepsTitle,
        service.artworkAlt,
        service.cta.title,
        service.cta.text,
        service.cta.label,
        ...[...service.items, ...service.steps].flatMap((i) => [i.title, i.text]),
      ];
      for (const text of texts) {
        expect(text.trim().length, `${service.slug}: empty text`).toBeGreaterThan(0);
        expect(text, `${service.slug}: Latin letters in "${text}"`).not.toMatch(/[A-Za-z]/);
      }
      // Meta descriptions come from the summary: keep it to what search results show.
      expect(service.summary.length).toBeLessThanOrEqual(180);
    }
  });

  it("finds a service by slug and nothing for an unknown one", () => {
    expect(findService("valuation")?.title).toBe("التقييم العقاري");
    expect(findService("cleaning")).toBeUndefined();
    expect(findService(undefined)).toBeUndefined();
    expect(findService("toString")).toBeUndefined();
  });

  it("has committed hero artwork for every service: 3:2 WebP, each variant small", async () => {
    for (const service of SERVICES) {
      const artwork = serviceArtwork(service.slug);
      expect(artwork.srcSet.split(", ")).toHaveLength(ARTWORK_WIDTHS.length);
      for (const width of ARTWORK_WIDTHS) {
        const file = path.resolve("public", `artwork/services/${service.slug}-${width}.webp`);
        expect(artwork.srcSet).toContain(`/artwork/services/${service.slug}-${width}.webp ${width}w`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * artwork.height) / artwork.width));
        expect(fs.statSync(file).size).toBeLessThan(120 * 1024);
      }
    }
  });
});
