import { useLayoutEffect, useRef, useState } from "react";
import { imageSrcSet, imageUrl, type ImageRef } from "~/utils/image-ref.ts";
import { responsiveFromUrl } from "./picture.tsx";

const useIsomorphicLayoutEffect = typeof window === "undefined" ? () => undefined : useLayoutEffect;

/**
 * A full-bleed background photo that fades in once loaded. Rendered visible on the server (so
 * it paints as early as possible without JavaScript); once hydrated, a photo still loading is
 * hidden and fades in on its load event.
 *
 * `image`, when the URL is a stored photo of ours: its own variants, each answered in AVIF to a
 * browser that reads it (decision 028); React preloads the high-priority <img> from the <head>.
 */
export function HeroImage({ url, image, className = "" }: { url: string; image?: ImageRef; className?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<"shown" | "waiting" | "loaded">("shown");
  useIsomorphicLayoutEffect(() => {
    if (ref.current && !ref.current.complete) setState("waiting");
  }, []);
  if (!url) return null;
  const { src, srcSet } = image ? { src: imageUrl(image, 800), srcSet: imageSrcSet(image) } : responsiveFromUrl(url);
  return (
    <img
      ref={ref}
      src={src}
      srcSet={srcSet}
      sizes="100vw"
      alt=""
      fetchPriority="high"
      decoding="async"
      onLoad={() => setState("loaded")}
      className={`absolute inset-0 size-full object-cover transition-opacity duration-1000 ${state === "waiting" ? "opacity-0" : "opacity-100"} ${className}`}
    />
  );
}
