import { lazy, Suspense, useState } from "react";
import { ChevronEndIcon, ChevronStartIcon, ExpandIcon } from "~/components/ui/icons.tsx";
import { Picture } from "~/components/ui/picture.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { imageSrcSet, imageUrl, LARGEST_VARIANT, type ImageRef } from "~/utils/image-ref.ts";
import { useSwipe } from "~/utils/use-swipe.ts";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

/**
 * How wide the main photo is shown: the offer page's first column (2/3 of max-w-7xl less its
 * padding and 2 rem gap) from 1024 px, the width less 1 rem each side below (decision 019).
 */
const GALLERY_SIZES = "(min-width: 1280px) 811px, (min-width: 1024px) calc((100vw - 64px) * 2 / 3), calc(100vw - 32px)";

/** Offer photos: a 550 px main image, thumbnails (5/7/9 columns), swipe, and a lightbox. */
export function Gallery({ images, title }: { images: ImageRef[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const count = images.length;
  // Not photo-steps.tsx (the lightbox's): sharing it with the lazy lightbox would make it a file
  // of its own on the offer page's first load, which has no bytes to spare.
  const next = () => setIndex((i) => (i + 1) % count);
  const previous = () => setIndex((i) => (i - 1 + count) % count);
  const swipe = useSwipe(next, previous);
  const current = images[index];
  if (!current) return <div className="h-[320px] rounded-2xl bg-sand-200 sm:h-[550px]" />;

  return (
    <div>
      <div className="relative h-[320px] overflow-hidden rounded-2xl bg-sand-200 sm:h-[550px]" {...swipe}>
        <button type="button" onClick={() => setLightboxOpen(true)} className="block size-full cursor-zoom-in" aria-label="عرض الصورة بحجم كامل">
          <Picture
            key={current.id}
            image={current}
            alt={`${title} - صورة ${formatNumberArabic(index + 1)}`}
            sizes={GALLERY_SIZES}
            priority={index === 0}
            className="size-full object-cover"
          />
        </button>
        <span className="pointer-events-none absolute end-3 bottom-3 flex items-center gap-1 rounded-full bg-black/60 px-3 py-1 text-sm text-white">
          <ExpandIcon className="size-4" />
          <span dir="ltr">{`${formatNumberArabic(index + 1)} / ${formatNumberArabic(count)}`}</span>
        </span>
        {count > 1 && (
          <>
            <button type="button" onClick={previous} className="absolute start-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 shadow hover:bg-white">
              <ChevronStartIcon className="size-6" />
              <span className="sr-only">الصورة السابقة</span>
            </button>
            <button type="button" onClick={next} className="absolute end-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 shadow hover:bg-white">
              <ChevronEndIcon className="size-6" />
              <span className="sr-only">الصورة التالية</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="mt-3 grid grid-cols-5 gap-2 md:grid-cols-7 lg:grid-cols-9" aria-label="الصور المصغرة">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-current={i === index ? "true" : undefined}
                className={`block aspect-square w-full overflow-hidden rounded-lg ring-2 transition ${i === index ? "ring-gold-500" : "ring-transparent opacity-80 hover:opacity-100"}`}
              >
                <Picture image={image} alt={`صورة مصغرة ${formatNumberArabic(i + 1)}`} sizes="120px" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {lightboxOpen && (
        <Suspense fallback={null}>
          <Lightbox
            images={images.map((image, i) => ({
              src: imageUrl(image, LARGEST_VARIANT),
              srcSet: imageSrcSet(image),
              width: image.width,
              height: image.height,
              alt: `${title} - صورة ${formatNumberArabic(i + 1)}`,
            }))}
            index={index}
            onIndexChange={setIndex}
            onClose={() => setLightboxOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
