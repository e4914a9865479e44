import { useEffect, useState } from "react";
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from "~/components/ui/icons.tsx";
import { useSwipe } from "~/utils/use-swipe.ts";

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
  const next = () => onIndexChange((index + 1) % count);
  const previous = () => onIndexChange((index - 1 + count) % count);
  const swipe = useSwipe(next, previous);
  // Focus moves into the dialog (the close button) and back to what opened it.
  const [opener] = useState(() => (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => opener?.focus(), [opener]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      // Right to left: the left arrow moves forward.
      if (event.key === "ArrowLeft") next();
      if (event.key === "ArrowRight") previous();
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
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
        <>
          <button type="button" onClick={previous} className="absolute start-4 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-3 text-white hover:bg-white/25">
            <ChevronStartIcon className="size-7" />
            <span className="sr-only">الصورة السابقة</span>
          </button>
          <button type="button" onClick={next} className="absolute end-4 top-1/2 -translate-y-1/2 rounded-full bg-white/15 p-3 text-white hover:bg-white/25">
            <ChevronEndIcon className="size-7" />
            <span className="sr-only">الصورة التالية</span>
          </button>
        </>
      )}
      <div className="pointer-events-none absolute inset-x-4 bottom-4 flex flex-col items-center gap-2 text-white">
        {image.caption && <p className="rounded-full bg-black/60 px-4 py-1 text-center font-bold">{image.caption}</p>}
        <p dir="ltr" className="rounded-full bg-white/15 px-4 py-1">{`${index + 1} / ${count}`}</p>
      </div>
    </div>
  );
}
