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
