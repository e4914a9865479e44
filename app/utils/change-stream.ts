/**
 * Listens to the server-sent events at `url` (decision 007) and calls `changed` when the page's
 * data should be fetched again: on an event named `eventName`; once if the stream is refused for
 * good (a limit, an ended session: the fallback); and once the stream is back after the browser
 * reconnected by itself (a server restart), not while it is away, since that fetch would fail and
 * show the error page. Returns what stops listening. The one stream logic of the public offer
 * lists' hook (useLiveOffers) and the back office's (useLiveRevalidate); it imports nothing, so
 * the public pages' JavaScript stays small.
 */
export function listenForChanges(url: string, eventName: string, changed: () => void): () => void {
  if (typeof EventSource === "undefined") return () => undefined;
  let lost = false;
  const source = new EventSource(url);
  source.addEventListener(eventName, changed);
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED)
      changed(); // refused: the one-time fetch
    else lost = true; // reconnecting by itself
  };
  source.onopen = () => {
    if (!lost) return;
    lost = false;
    changed();
  };
  return () => source.close();
}
