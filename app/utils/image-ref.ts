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

/**
 * "webp" or "avif": that file (AVIF only where the width has one). "best": the variant's address
 * without a type, which the server answers in AVIF to a browser whose Accept names it and in WebP
 * to the others (decision 028), so markup needs no <picture> and no second srcset.
 */
export type ImageFormat = "webp" | "avif" | "best";

/**
 * Widths of the WebP variants written for each photo (never wider than the original). The largest
 * is 1500, not 1600: a 12 MP camera photo, upright or turned, is then at least twice as wide, so
 * its JPEG decodes at half scale (see docs/decisions/003-images.md). 680 is for a listing card on
 * a phone (a 380-px slot at 1.75× is 665 pixels: browsers take the smallest file at least that
 * wide, and 800 was the next one up: decision 019); photos stored before it have the other three,
 * and a new photo gets it a moment after its upload, with the AVIF ones (decision 042).
 */
export const VARIANT_WIDTHS = [400, 680, 800, 1500] as const;
export const LARGEST_VARIANT = 1500;
/** The widths every stored photo has (those before the 680-px variant too, and each one as soon as it is uploaded): for markup made from a URL alone. */
export const BASE_VARIANT_WIDTHS = [400, 800, 1500] as const;

/** What a photo picker offers: the formats phones and cameras write (HEIC where the browser converts it). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

/** A stored variant's file name, `{id}-{width}.webp` or `.avif`, or its address without a type (the best the browser reads). */
export const IMAGE_FILE_PATTERN = /^([a-f0-9]{32})-(\d{2,4})(?:\.(webp|avif))?$/;

/** Where an image's files are served: the public /images/, or /private-images/ for a receipt or a submission photo. */
const filesBase = (image: Pick<ImageRef, "private">) => (image.private ? "/private-images" : "/images");

function variantUrl(image: Pick<ImageRef, "id" | "avif" | "private">, width: number, format: ImageFormat): string {
  const hasAvif = image.avif?.includes(width) ?? false;
  // A width without AVIF keeps its .webp address: no Accept to read, no `Vary` for caches to keep apart.
  // Private files (staff only, never on a public page) keep their typed addresses.
  if (format === "best" && hasAvif && !image.private) return `/images/${image.id}-${width}`;
  return `${filesBase(image)}/${image.id}-${width}.${format === "avif" && hasAvif ? "avif" : "webp"}`;
}

/**
 * The URL of the smallest variant at least `wanted` pixels wide (else the largest), by default the
 * address the server answers in the best format the browser reads. "webp" where the reader may not
 * be a browser (og:image, structured data): a crawler's Accept is anyone's guess.
 */
export function imageUrl(image: Pick<ImageRef, "id" | "variants" | "avif" | "private">, wanted = 800, format: ImageFormat = "best"): string {
  const width = image.variants.find((w) => w >= wanted) ?? image.variants.at(-1) ?? wanted;
  return variantUrl(image, width, format);
}

/** The variants no wider than `widest` (the narrowest at least, whatever it is). */
const upTo = (variants: readonly number[], widest: number) => variants.filter((w, i) => i === 0 || w <= widest);

/** Every variant (up to `widest` pixels) with its width, for `<img srcset>`: in the best format the browser reads. */
export function imageSrcSet(image: Pick<ImageRef, "id" | "variants" | "avif" | "private">, widest = Infinity): string {
  return upTo(image.variants, widest)
    .map((w) => `${variantUrl(image, w, "best")} ${w}w`)
    .join(", ");
}
