import type { serviceArtwork } from "../services.ts";

export type ServiceArtworkData = ReturnType<typeof serviceArtwork>;

/** A service's hero artwork (the page's background, a card's picture): every width, its size set so nothing shifts. */
export function ServiceArtwork({
  artwork,
  alt,
  sizes,
  loading,
  fetchPriority,
  className,
}: {
  artwork: ServiceArtworkData;
  alt: string;
  /** The picture's width on the page, for the srcset. */
  sizes: string;
  loading: "eager" | "lazy";
  fetchPriority?: "high";
  className: string;
}) {
  return (
    <img
      src={artwork.src}
      srcSet={artwork.srcSet}
      sizes={sizes}
      width={artwork.width}
      height={artwork.height}
      alt={alt}
      fetchPriority={fetchPriority}
      loading={loading}
      decoding="async"
      className={className}
    />
  );
}
