import { useEffect, useRef } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { listenForChanges } from "./change-stream.ts";

/**
 * Keeps a page's data current in real time (decision 007): listens to the server-sent events at
 * `url` and, on an event named `eventName`, refetches the page's own loader data, so filters,
 * paging and permissions apply as on a normal load; a burst of changes (300 ms) is one fetch.
 * If the stream is refused for good (a limit, an ended session) the page fetches once, the
 * fallback; after the browser reconnected by itself (a server restart) it fetches once the stream
 * is back, so nothing missed stays missing.
 *
 * The back office's pages:
 *   useLiveRevalidate("/admin/tasks/events", "tasks");     // the tasks pages
 *   useLiveRevalidate("/admin/finance/events", "finance"); // the finance pages
 * The events carry only `{topic, id}` or `{kind: "resync"}`; nothing of them is read here.
 *
 * It waits while a navigation or a fetcher is under way (a form sent, its redirect's page loading):
 * that page's data comes fresh anyway, and a refetch then would interrupt the router's own, whose
 * answer carried, and whose request spent, the one-time message the redirect left (the toast
 * cookie). A fetcher counts too: its form's redirect starts the navigation, which React shows a
 * moment after the router starts it. A load of the page's data that starts after the event (the
 * reload after a save, a navigation) already reads its change, so the waiting refetch is dropped.
 *
 * The stream itself (refused, reconnecting) is listenForChanges (change-stream.ts), shared with the
 * public offer lists' useLiveOffers, which does without the waiting to keep the public pages small.
 */
export function useLiveRevalidate(url: string, eventName: string) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const latest = useRef({ navigation, fetchers });
  /** The refetch waiting to run (an event heard, not yet covered by a load of the page's data). */
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The loads under way when last rendered: a navigation's, and each save's reload of the page's data. */
  const loads = useRef(new Set<string>());
  useEffect(() => {
    latest.current = { navigation, fetchers };
    // A load of the page's data that starts now reads every change already announced: a refetch
    // still waiting for it is dropped. So the page's own save (its event comes while the save is
    // under way, and the save's answer reloads the page) costs no second load (decision 030).
    const now = new Set<string>();
    if (navigation.state === "loading") now.add(`navigation:${navigation.location.key}`);
    for (const fetcher of fetchers) if (fetcher.state === "loading" && fetcher.formMethod && fetcher.formMethod.toUpperCase() !== "GET") now.add(`fetcher:${fetcher.key}`);
    const started = [...now].some((load) => !loads.current.has(load));
    loads.current = now;
    if (started && waiting.current !== undefined) {
      clearTimeout(waiting.current);
      waiting.current = undefined;
    }
  });
  useEffect(() => {
    const busy = () => latest.current.navigation.state !== "idle" || latest.current.fetchers.some((fetcher) => fetcher.state !== "idle");
    const refresh = () => {
      clearTimeout(waiting.current);
      waiting.current = setTimeout(() => {
        if (busy()) return refresh();
        waiting.current = undefined;
        void revalidate();
      }, 300);
    };
    const stop = listenForChanges(url, eventName, refresh);
    return () => {
      clearTimeout(waiting.current);
      waiting.current = undefined;
      stop();
    };
  }, [revalidate, url, eventName]);
}
