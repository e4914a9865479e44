import { describe, expect, it } from "vitest";
import { IMAGE_FILE_PATTERN, imageSrcSet, imageUrl, type ImageRef } from "./image-ref.ts";

const ID = "0123456789abcdef0123456789abcdef";
const photo: ImageRef = { id: ID, width: 2000, height: 1500, variants: [400, 800, 1500], avif: [400, 800], colour: "#aabbcc" };
/** A photo stored before AVIF: its row has no AVIF widths (and JSON written then has no `avif` at all). */
const older: ImageRef = { id: ID, width: 2000, height: 1500, variants: [400, 800, 1500], colour: "#aabbcc" };

describe("image URLs", () => {
  it("picks the smallest variant at least as wide as wanted: the address without a type where the width has AVIF, else its WebP", () => {
    expect(imageUrl(photo, 400)).toBe(`/images/${ID}-400`);
    expect(imageUrl(photo, 400, "webp")).toBe(`/images/${ID}-400.webp`);
    expect(imageUrl(photo, 1200)).toBe(`/images/${ID}-1500.webp`);
    expect(imageUrl(older, 400)).toBe(`/images/${ID}-400.webp`);
    expect(imageUrl(photo, 500, "avif")).toBe(`/images/${ID}-800.avif`);
    expect(imageUrl(photo, 1200, "avif")).toBe(`/images/${ID}-1500.webp`);
    expect(imageUrl(photo, 3000)).toBe(`/images/${ID}-1500.webp`);
    expect(imageUrl(older, 400, "avif")).toBe(`/images/${ID}-400.webp`);
  });

  it("gives one srcset for <img>: each width answered in AVIF to the browsers that read it where it has one", () => {
    expect(imageSrcSet(photo)).toBe(`/images/${ID}-400 400w, /images/${ID}-800 800w, /images/${ID}-1500.webp 1500w`);
    expect(imageSrcSet(older)).toBe(`/images/${ID}-400.webp 400w, /images/${ID}-800.webp 800w, /images/${ID}-1500.webp 1500w`);
    expect(imageSrcSet({ ...older, avif: [] })).toBe(imageSrcSet(older));
  });

  it("offers files up to the widest asked for, and always the narrowest", () => {
    expect(imageSrcSet(photo, 800)).toBe(`/images/${ID}-400 400w, /images/${ID}-800 800w`);
    expect(imageSrcSet(older, 300)).toBe(`/images/${ID}-400.webp 400w`);
  });

  it("knows a variant's file name in either format, its address without a type, and nothing else", () => {
    expect(IMAGE_FILE_PATTERN.test(`${ID}-800`)).toBe(true);
    expect(IMAGE_FILE_PATTERN.test(`${ID}-800.webp`)).toBe(true);
    expect(IMAGE_FILE_PATTERN.test(`${ID}-800.avif`)).toBe(true);
    for (const name of [`${ID}-800.png`, `${ID}-800.avif.partial`, `../${ID}-800.webp`, `${ID.toUpperCase()}-800.webp`]) expect(IMAGE_FILE_PATTERN.test(name)).toBe(false);
  });
});
