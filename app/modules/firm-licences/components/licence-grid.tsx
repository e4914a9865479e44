import { lazy, Suspense, useState, type MouseEvent } from "react";
import type { LightboxImage } from "~/components/ui/lightbox.tsx";
import { Picture } from "~/components/ui/picture.tsx";
import { imageSrcSet, imageUrl, LARGEST_VARIANT } from "~/utils/image-ref.ts";
import type { LicenceView } from "../licence-view.ts";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

function fullSize(licence: LicenceView): LightboxImage {
  const { image, alt } = licence;
  if (image) return { src: imageUrl(image, LARGEST_VARIANT), srcSet: imageSrcSet(image), width: image.width, height: image.height, alt, caption: alt };
  return { src: licence.url ?? "", alt, caption: alt };
}

/**
 * The licence images of the public page. Each opens large in the lightbox; before the page's
 * JavaScript has loaded, the link opens the image itself.
 */
export function LicenceGrid({ licences }: { licences: LicenceView[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const pictures = licences.map(fullSize);
  const show = (index: number) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(index);
  };

  return (
    <>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6 lg:grid-cols-4" data-testid="licences">
        {licences.map((licence, i) => (
          <li key={licence.id}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-2 shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-1 hover:shadow-md sm:p-3">
              <a
                href={pictures[i]!.src}
                onClick={show(i)}
                aria-label={`عرض «${licence.alt}» بحجم كامل`}
                className="block aspect-[3/4] cursor-zoom-in overflow-hidden rounded-xl bg-sand-100"
              >
                {licence.image ? (
                  <Picture
                    image={licence.image}
                    alt={licence.alt}
                    sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                    className="size-full object-contain"
                  />
                ) : (
                  <img src={licence.url ?? ""} alt={licence.alt} loading="lazy" decoding="async" className="size-full object-contain" />
                )}
              </a>
              <figcaption className="flex flex-1 items-center justify-center px-1 pt-3 pb-1 text-center text-sm leading-6 font-bold text-brand-900 sm:text-base">
                {licence.alt}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox images={pictures} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label="عرض الترخيص" />
        </Suspense>
      )}
    </>
  );
}
