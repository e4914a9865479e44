/** What a page needs to show a stored photo. Safe for the browser bundle. */
export interface ImageRef {
  id: string;
  width: number;
  height: number;
  variants: number[];
  colour: string;
}

/**
 * Widths of the WebP variants written for each photo (never wider than the original). The largest
 * is 1500, not 1600: a 12 MP camera photo, upright or turned, is then at least twice as wide, so
 * its JPEG decodes at half scale (see docs/decisions/003-images.md).
 */
export const VARIANT_WIDTHS = [400, 800, 1500] as const;
export const LARGEST_VARIANT = VARIANT_WIDTHS[2];

/** What a photo picker offers: the formats phones and cameras write (HEIC where the browser converts it). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif";

export const IMAGE_FILE_PATTERN = /^([a-f0-9]{32})-(\d{2,4})\.webp$/;

export function imageUrl(image: Pick<ImageRef, "id" | "variants">, wanted = 800): string {
  const width = image.variants.find((w) => w >= wanted) ?? image.variants.at(-1) ?? wanted;
  return `/images/${image.id}-${width}.webp`;
}

export function imageSrcSet(image: Pick<ImageRef, "id" | "variants">): string {
  return image.variants.map((w) => `/images/${image.id}-${w}.webp ${w}w`).join(", ");
}
