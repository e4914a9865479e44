import { imageSrcSet, imageUrl, VARIANT_WIDTHS, type ImageRef } from "~/utils/image-ref.ts";

/**
 * A stored photo with srcset/sizes and its intrinsic size set (no layout shift); the average
 * colour shows while it loads. `priority` for the one above-the-fold image of a page.
 */
export function Picture({ image, alt, sizes, className = "", priority = false }: { image: ImageRef; alt: string; sizes: string; className?: string; priority?: boolean }) {
  return (
    <img
      src={imageUrl(image, 800)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={className}
      style={{ backgroundColor: image.colour }}
    />
  );
}

/** For images referenced by URL in site content: our own variants get a srcset, others are used as they are. */
export function responsiveFromUrl(url: string): { src: string; srcSet?: string } {
  const match = /^\/images\/([a-f0-9]{32})-(\d+)\.webp$/.exec(url);
  if (!match) return { src: url };
  const [, id, largest] = match;
  const widths = VARIANT_WIDTHS.filter((w) => w <= Number(largest));
  return { src: `/images/${id}-${Math.min(Number(largest), 800)}.webp`, srcSet: widths.map((w) => `/images/${id}-${w}.webp ${w}w`).join(", ") };
}
