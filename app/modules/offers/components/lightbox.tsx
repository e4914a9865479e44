import { useEffect } from "react";
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from "~/components/ui/icons.tsx";
import { imageSrcSet, imageUrl, type ImageRef } from "~/modules/images/image-ref.ts";
import { useSwipe } from "~/utils/use-swipe.ts";

/** Full-screen photo viewer: arrows, keyboard, swipe; closes on Escape, backdrop or button. */
export default function Lightbox({
  images,
  index,
  onIndexChange,
  onClose,
  title,
}: {
  images: ImageRef[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  title: string;
}) {
  const count = images.length;
  const next = () => onIndexChange((index + 1) % count);
  const previous = () => onIndexChange((index - 1 + count) % count);
  const swipe = useSwipe(next, previous);

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
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/90" role="dialog" aria-modal="true" aria-label="معرض الصور">
      <div className="absolute inset-0" onClick={onClose} aria-hidden />
      <div className="relative flex max-h-full w-full items-center justify-center p-4" {...swipe}>
        <img
          src={imageUrl(image, 1600)}
          srcSet={imageSrcSet(image)}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt={`${title} - صورة ${index + 1}`}
          className="max-h-[85vh] w-auto max-w-full rounded-lg object-contain"
        />
      </div>
      <button type="button" onClick={onClose} className="absolute end-4 top-4 rounded-full bg-white/15 p-2 text-white hover:bg-white/25">
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
      <p dir="ltr" className="absolute bottom-4 rounded-full bg-white/15 px-4 py-1 text-white">{`${index + 1} / ${count}`}</p>
    </div>
  );
}
