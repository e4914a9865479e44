import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps an offer list current in real time (decision 007): listens to
 * /api/offers/events and refetches the page's data on a change, a burst of changes being one
 * fetch. If the stream is refused for good the page fetches once (the fallback). While the
 * browser is reconnecting (a server restart) it does not fetch, since that fetch would fail and
 * show the error page; it fetches once the stream is back, so nothing missed stays missing.
 * The back office's twin is useLiveRevalidate (utils/use-live-revalidate.ts), kept apart so the
 * public pages' JavaScript does not grow (decision 007): change both alike.
 */
export function useLiveOffers() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lost = false;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 300);
    };
    const source = new EventSource("/api/offers/events");
    source.addEventListener("offers", refresh);
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED)
        refresh(); // refused: the one-time fetch
      else lost = true; // reconnecting by itself
    };
    source.onopen = () => {
      if (!lost) return;
      lost = false;
      refresh();
    };
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [revalidate]);
}
