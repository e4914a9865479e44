import { useEffect, useState } from "react";
import { CloseIcon } from "~/components/ui/icons.tsx";
import { PhotoArrows, usePhotoSteps } from "~/components/ui/photo-steps.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { useOverlay } from "~/utils/use-overlay.ts";

/** One picture the lightbox shows: a stored photo's variants, or a plain URL. */
export interface LightboxImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
  alt: string;
  /** Shown under the picture. */
  caption?: string;
}

/**
 * Full-screen photo viewer: arrows, keyboard, swipe; closes on Escape, backdrop or button.
 * Load it lazily (`lazy(() => import(...))`): it is needed only once someone opens a photo.
 */
export default function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  label = "معرض الصور",
}: {
  images: LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  label?: string;
}) {
  const count = images.length;
  const { next, previous, swipe } = usePhotoSteps(count, index, onIndexChange);
  // Focus moves into the dialog (the close button) and back to what opened it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => opener?.focus(), [opener]);

  useOverlay((event) => {
    if (event.key === "Escape") onClose();
    // Right to left: the left arrow moves forward.
    if (event.key === "ArrowLeft") next();
    if (event.key === "ArrowRight") previous();
  });

  const image = images[index];
  if (!image) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/90" role="dialog" aria-modal="true" aria-label={label}>
      <div className="absolute inset-0" onClick={onClose} aria-hidden />
      <div className="relative flex max-h-full w-full items-center justify-center p-4" {...swipe}>
        <img
          key={image.src}
          src={image.src}
          srcSet={image.srcSet}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt={image.alt}
          className="max-h-[85vh] w-auto max-w-full rounded-lg object-contain"
        />
      </div>
      <button type="button" onClick={onClose} autoFocus className="absolute end-4 top-4 rounded-full bg-white/15 p-2 text-white hover:bg-white/25">
        <CloseIcon className="size-7" />
        <span className="sr-only">إغلاق</span>
      </button>
      {count > 1 && (
        <PhotoArrows onPrevious={previous} onNext={next} start="start-4" end="end-4" className="rounded-full bg-white/15 p-3 text-white hover:bg-white/25" iconClassName="size-7" />
      )}
      <div className="pointer-events-none absolute inset-x-4 bottom-4 flex flex-col items-center gap-2 text-white">
        {image.caption && <p className="rounded-full bg-black/60 px-4 py-1 text-center font-bold">{image.caption}</p>}
        <p dir="ltr" className="rounded-full bg-white/15 px-4 py-1">{`${formatNumberArabic(index + 1)} / ${formatNumberArabic(count)}`}</p>
      </div>
    </div>
  );
}
