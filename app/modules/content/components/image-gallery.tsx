import { lazy, Suspense, useState, type MouseEvent } from "react";
import type { LightboxImage } from "~/components/ui/lightbox.tsx";
import { responsiveFromUrl } from "~/components/ui/picture.tsx";
import { formatNumberArabic } from "~/utils/format.ts";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

/**
 * Photos given by URL in site content: our own images get a srcset, https links are shown as
 * they are. An odd count gives the first photo the whole width. Each opens in the lightbox.
 */
export function ImageGallery({ urls, label }: { urls: string[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const pictures: LightboxImage[] = urls.map((url, i) => ({ ...responsiveFromUrl(url), alt: `${label} - صورة ${formatNumberArabic(i + 1)}` }));
  const wideFirst = urls.length % 2 === 1;
  const show = (index: number) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(index);
  };

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4" aria-label={`صور: ${label}`}>
        {pictures.map((picture, i) => {
          const wide = wideFirst && i === 0;
          return (
            <li key={`${i}-${urls[i]}`} className={wide ? "col-span-2" : undefined}>
              <a
                href={urls[i]}
                onClick={show(i)}
                className={`block cursor-zoom-in overflow-hidden rounded-2xl bg-sand-200 shadow-sm ring-1 ring-stone-200 ${wide ? "aspect-[16/9]" : "aspect-[4/3]"}`}
              >
                <img
                  src={picture.src}
                  srcSet={picture.srcSet}
                  sizes={wide ? "(min-width: 1280px) 600px, (min-width: 1024px) 48vw, 100vw" : "(min-width: 1280px) 300px, (min-width: 1024px) 24vw, 50vw"}
                  alt={picture.alt}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition duration-500 hover:scale-105"
                />
              </a>
            </li>
          );
        })}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox images={pictures} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label={`صور: ${label}`} />
        </Suspense>
      )}
    </>
  );
}
