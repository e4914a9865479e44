import { lazy, Suspense, useState } from "react";
import { imageSrcSet, imageUrl, LARGEST_VARIANT, type ImageRef } from "~/utils/image-ref.ts";
import { ThumbnailButton } from "./thumbnail.tsx";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

/**
 * A finance request's or transaction's receipt: a small square thumbnail (`size` pixels) that
 * opens the photo large in the lightbox, loaded only then.
 */
export function ReceiptPhoto({ image, title, size = 96 }: { image: ImageRef; title: string; size?: 48 | 96 }) {
  const [open, setOpen] = useState(false);
  const alt = `صورة إيصال «${title}»`;
  return (
    <>
      <ThumbnailButton image={image} alt={alt} size={size} onOpen={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <Lightbox
            images={[{ src: imageUrl(image, LARGEST_VARIANT), srcSet: imageSrcSet(image), width: image.width, height: image.height, alt }]}
            index={0}
            onIndexChange={() => {}}
            onClose={() => setOpen(false)}
            label="صورة الإيصال"
          />
        </Suspense>
      ) : null}
    </>
  );
}
