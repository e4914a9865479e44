import { useEffect, useEffectEvent } from "react";

/**
 * While a full-screen layer is open (the lightbox, the search): `onKey` hears every key pressed
 * on the page, and the page behind does not scroll.
 */
export function useOverlay(onKey: (event: KeyboardEvent) => void) {
  const keyDown = useEffectEvent(onKey);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyDown(event);
    document.addEventListener("keydown", listener);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", listener);
      document.body.style.overflow = overflow;
    };
  }, []);
}
