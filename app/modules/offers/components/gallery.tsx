import { lazy, Suspense, useState } from "react";
import { ExpandIcon } from "~/components/ui/icons.tsx";
import { PhotoArrows, usePhotoSteps } from "~/components/ui/photo-steps.tsx";
import { Picture } from "~/components/ui/picture.tsx";
import { imageSrcSet, imageUrl, LARGEST_VARIANT, type ImageRef } from "~/utils/image-ref.ts";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

/** Offer photos: a 550 px main image, thumbnails (5/7/9 columns), swipe, and a lightbox. */
export function Gallery({ images, title }: { images: ImageRef[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const count = images.length;
  const { next, previous, swipe } = usePhotoSteps(count, index, setIndex);
  const current = images[index];
  if (!current) return <div className="h-[320px] rounded-2xl bg-sand-200 sm:h-[550px]" />;

  return (
    <div>
      <div className="relative h-[320px] overflow-hidden rounded-2xl bg-sand-200 sm:h-[550px]" {...swipe}>
        <button type="button" onClick={() => setLightboxOpen(true)} className="block size-full cursor-zoom-in" aria-label="عرض الصورة بحجم كامل">
          <Picture
            key={current.id}
            image={current}
            alt={`${title} - صورة ${index + 1}`}
            sizes="(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw"
            priority={index === 0}
            className="size-full object-cover"
          />
        </button>
        <span className="pointer-events-none absolute end-3 bottom-3 flex items-center gap-1 rounded-full bg-black/60 px-3 py-1 text-sm text-white">
          <ExpandIcon className="size-4" />
          <span dir="ltr">{`${index + 1} / ${count}`}</span>
        </span>
        {count > 1 && (
          <PhotoArrows onPrevious={previous} onNext={next} start="start-3" end="end-3" className="rounded-full bg-white/85 p-2 shadow hover:bg-white" iconClassName="size-6" />
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
                <Picture image={image} alt={`صورة مصغرة ${i + 1}`} sizes="120px" className="size-full object-cover" />
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
              alt: `${title} - صورة ${i + 1}`,
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
