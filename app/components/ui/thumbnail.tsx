import { imageUrl, type ImageRef } from "~/utils/image-ref.ts";

/** A small fixed-size photo (lists, search results): the 400-px variant, the average colour while it loads. */
export function Thumbnail({ image, width, height, className, lazy = false }: { image: ImageRef; width: number; height: number; className: string; lazy?: boolean }) {
  return (
    <img
      src={imageUrl(image, 400)}
      alt=""
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      className={`shrink-0 rounded-lg object-cover ${className}`}
      style={{ backgroundColor: image.colour }}
    />
  );
}

/** A square photo (`size` pixels) as a button that opens it large (a receipt, an owner's photos). */
export function ThumbnailButton({ image, alt, size = 96, onOpen }: { image: ImageRef; alt: string; size?: 48 | 96; onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen} className="block shrink-0 overflow-hidden rounded-lg ring-1 ring-stone-200 focus-visible:ring-2 focus-visible:ring-brand-600">
      <img
        src={imageUrl(image, 400)}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        className={`${size === 48 ? "size-12" : "size-24"} object-cover`}
        style={{ backgroundColor: image.colour }}
      />
    </button>
  );
}
