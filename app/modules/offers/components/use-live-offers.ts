import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { listenForChanges } from "~/utils/change-stream.ts";

/**
 * Keeps an offer list current in real time (decision 007): on a change heard on
 * /api/offers/events (listenForChanges) it refetches the page's data, a burst of changes being one
 * fetch. The back office's hook (utils/use-live-revalidate.ts) also waits for its own saves; this
 * one stays small for the public pages.
 */
export function useLiveOffers() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = listenForChanges("/api/offers/events", "offers", () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 300);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [revalidate]);
}
