import { BASE_VARIANT_WIDTHS, imageSrcSet, imageUrl, type ImageRef } from "~/utils/image-ref.ts";

/**
 * A stored photo with srcset/sizes and its intrinsic size set (no layout shift); the average
 * colour shows while it loads. One <img>: its addresses are answered in AVIF to a browser that
 * reads it and in WebP to the others (decision 028). `sizes` must say how wide the photo is shown
 * at each breakpoint, so a phone picks the small file (decision 019).
 *
 * `priority` for the one photo a page's largest paint is (the offer's first photo, the first
 * card): loaded at once with a high priority (React preloads it from the <head> by itself).
 *
 * `widest`: the widest file worth offering, where the slot is never wide (a card: at most 400 CSS
 * pixels, so 800 pixels serve twice the density; a list of 24 cards sends each file name once less).
 */
export function Picture({
  image,
  alt,
  sizes,
  className = "",
  priority = false,
  widest = Infinity,
}: {
  image: ImageRef;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
  widest?: number;
}) {
  return (
    <img
      src={imageUrl(image, 800)}
      srcSet={imageSrcSet(image, widest)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={className || undefined}
      style={{ backgroundColor: image.colour }}
    />
  );
}

/** For images referenced by URL in site content: our own variants get a srcset, others are used as they are. */
export function responsiveFromUrl(url: string): { src: string; srcSet?: string } {
  const match = /^\/images\/([a-f0-9]{32})-(\d+)\.webp$/.exec(url);
  if (!match) return { src: url };
  const [, id, largest] = match;
  const widths = BASE_VARIANT_WIDTHS.filter((w) => w <= Number(largest));
  return { src: `/images/${id}-${Math.min(Number(largest), 800)}.webp`, srcSet: widths.map((w) => `/images/${id}-${w}.webp ${w}w`).join(", ") };
}
