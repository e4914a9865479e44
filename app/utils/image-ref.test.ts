import { describe, expect, it } from "vitest";
import { IMAGE_FILE_PATTERN, imageAvifSrcSet, imageSrcSet, imageUrl, type ImageRef } from "./image-ref.ts";

const ID = "0123456789abcdef0123456789abcdef";
const photo: ImageRef = { id: ID, width: 2000, height: 1500, variants: [400, 800, 1500], avif: [400, 800], colour: "#aabbcc" };
/** A photo stored before AVIF: its row has no AVIF widths (and JSON written then has no `avif` at all). */
const older: ImageRef = { id: ID, width: 2000, height: 1500, variants: [400, 800, 1500], colour: "#aabbcc" };

describe("image URLs", () => {
  it("picks the smallest variant at least as wide as wanted, WebP unless AVIF is asked for and exists", () => {
    expect(imageUrl(photo, 400)).toBe(`/images/${ID}-400.webp`);
    expect(imageUrl(photo, 500, "avif")).toBe(`/images/${ID}-800.avif`);
    expect(imageUrl(photo, 1200, "avif")).toBe(`/images/${ID}-1500.webp`);
    expect(imageUrl(photo, 3000)).toBe(`/images/${ID}-1500.webp`);
    expect(imageUrl(older, 400, "avif")).toBe(`/images/${ID}-400.webp`);
  });

  it("gives the WebP srcset for <img>, and for <source type=image/avif> every width, as AVIF where there is one", () => {
    expect(imageSrcSet(photo)).toBe(`/images/${ID}-400.webp 400w, /images/${ID}-800.webp 800w, /images/${ID}-1500.webp 1500w`);
    expect(imageAvifSrcSet(photo)).toBe(`/images/${ID}-400.avif 400w, /images/${ID}-800.avif 800w, /images/${ID}-1500.webp 1500w`);
    expect(imageAvifSrcSet(older)).toBeUndefined();
    expect(imageAvifSrcSet({ ...older, avif: [] })).toBeUndefined();
  });

  it("offers files up to the widest asked for, and always the narrowest", () => {
    expect(imageSrcSet(photo, 800)).toBe(`/images/${ID}-400.webp 400w, /images/${ID}-800.webp 800w`);
    expect(imageAvifSrcSet(photo, 800)).toBe(`/images/${ID}-400.avif 400w, /images/${ID}-800.avif 800w`);
    expect(imageSrcSet(photo, 300)).toBe(`/images/${ID}-400.webp 400w`);
  });

  it("knows a variant's file name in either format, and nothing else", () => {
    expect(IMAGE_FILE_PATTERN.test(`${ID}-800.webp`)).toBe(true);
    expect(IMAGE_FILE_PATTERN.test(`${ID}-800.avif`)).toBe(true);
    for (const name of [`${ID}-800.png`, `${ID}-800.avif.partial`, `../${ID}-800.webp`, `${ID.toUpperCase()}-800.webp`]) expect(IMAGE_FILE_PATTERN.test(name)).toBe(false);
  });
});
