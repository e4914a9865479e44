import { BASE_VARIANT_WIDTHS, imageAvifSrcSet, imageSrcSet, imageUrl, type ImageRef } from "~/utils/image-ref.ts";

/**
 * A stored photo with srcset/sizes and its intrinsic size set (no layout shift); the average
 * colour shows while it loads. A photo with AVIF variants is a <picture> whose AVIF <source> comes
 * first (browsers that read AVIF take it, the others the WebP <img>). `sizes` must say how wide
 * the photo is shown at each breakpoint, so a phone picks the small file (decision 019).
 *
 * `priority` for the one photo a page's largest paint is (the offer's first photo, the first
 * card): loaded at once with a high priority and preloaded from the <head>, in the format the
 * browser will pick (React preloads a bare <img> by itself, but not one inside a <picture>).
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
  const avifSrcSet = imageAvifSrcSet(image, widest);
  const img = (
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
  if (!avifSrcSet) return img;
  return (
    <>
      {/* React puts a <link> in the <head>. Browsers without AVIF skip a preload of that type; they still find the <img> early. */}
      {priority && <link rel="preload" as="image" type="image/avif" imageSrcSet={avifSrcSet} imageSizes={sizes} fetchPriority="high" />}
      <picture className="contents">
        <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
        {img}
      </picture>
    </>
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
