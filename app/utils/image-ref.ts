/** What a page needs to show a stored photo. Safe for the browser bundle. */
export interface ImageRef {
  id: string;
  width: number;
  height: number;
  /** Widths of the WebP variants, ascending: `/images/{id}-{width}.webp`. */
  variants: number[];
  /**
   * The widths (some of `variants`) that also have an AVIF file, smaller than their WebP:
   * `/images/{id}-{width}.avif`. Absent or empty: WebP only (photos stored before AVIF, a photo
   * whose AVIF came out larger, or one whose AVIF is still being encoded).
   */
  avif?: number[];
  colour: string;
  /** A receipt or an owner's submission photo: its files are served by /private-images/… to staff who may see it, never by /images/…. */
  private?: boolean;
}

export type ImageFormat = "webp" | "avif";

/**
 * Widths of the WebP variants written for each photo (never wider than the original). The largest
 * is 1500, not 1600: a 12 MP camera photo, upright or turned, is then at least twice as wide, so
 * its JPEG decodes at half scale (see docs/decisions/003-images.md). 680 is for a listing card on
 * a phone (a 380-px slot at 1.75× is 665 pixels: browsers take the smallest file at least that
 * wide, and 800 was the next one up: decision 019); photos stored before it have the other three.
 */
export const VARIANT_WIDTHS = [400, 680, 800, 1500] as const;
export const LARGEST_VARIANT = 1500;
/** The widths every stored photo has (those before the 680-px variant too): for markup made from a URL alone. */
export const BASE_VARIANT_WIDTHS = [400, 800, 1500] as const;

/** What a photo picker offers: the formats phones and cameras write (HEIC where the browser converts it). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

/** A stored variant's file name: `{id}-{width}.webp` or `.avif`. */
export const IMAGE_FILE_PATTERN = /^([a-f0-9]{32})-(\d{2,4})\.(webp|avif)$/;

/** Where an image's files are served: the public /images/, or /private-images/ for a receipt or a submission photo. */
const filesBase = (image: Pick<ImageRef, "private">) => (image.private ? "/private-images" : "/images");

function variantUrl(image: Pick<ImageRef, "id" | "avif" | "private">, width: number, format: ImageFormat): string {
  return `${filesBase(image)}/${image.id}-${width}.${format === "avif" && image.avif?.includes(width) ? "avif" : "webp"}`;
}

/**
 * The URL of the smallest variant at least `wanted` pixels wide (else the largest). With "avif",
 * that width's AVIF when it has one, else its WebP: only for markup that says the type
 * (`<source type="image/avif">`); an `<img src>` stays WebP.
 */
export function imageUrl(image: Pick<ImageRef, "id" | "variants" | "avif" | "private">, wanted = 800, format: ImageFormat = "webp"): string {
  const width = image.variants.find((w) => w >= wanted) ?? image.variants.at(-1) ?? wanted;
  return variantUrl(image, width, format);
}

/** The variants no wider than `widest` (the narrowest at least, whatever it is). */
const upTo = (variants: readonly number[], widest: number) => variants.filter((w, i) => i === 0 || w <= widest);

/** Every WebP variant (up to `widest` pixels) with its width, for `<img srcset>`. */
export function imageSrcSet(image: Pick<ImageRef, "id" | "variants" | "private">, widest = Infinity): string {
  return upTo(image.variants, widest)
    .map((w) => `${filesBase(image)}/${image.id}-${w}.webp ${w}w`)
    .join(", ");
}

/**
 * For `<source type="image/avif" srcset>` before the `<img>`: every width, as AVIF where the photo
 * has one and as WebP where it has not (every browser that reads AVIF reads WebP), so a wide slot
 * still gets a wide file. Undefined when the photo has no AVIF at all: leave the `<source>` out.
 */
export function imageAvifSrcSet(image: Pick<ImageRef, "id" | "variants" | "avif" | "private">, widest = Infinity): string | undefined {
  if (!image.avif?.length) return undefined;
  return upTo(image.variants, widest)
    .map((w) => `${variantUrl(image, w, "avif")} ${w}w`)
    .join(", ");
}
