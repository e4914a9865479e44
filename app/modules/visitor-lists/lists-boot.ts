/**
 * The first-load part of the visitor's lists (favourites, compare), sent as an inline script at the
 * end of the public layout (components/list-buttons.tsx, ListsBoot), so it costs the pages no
 * JavaScript file (decision 004) and runs before their JavaScript: the hearts and «قارن» buttons
 * (`data-fav`, `data-compare`) get their `aria-pressed` from the device's lists, and the header's
 * count (`data-fav-count`) its number, before the first paint, with no layout shift. It marks them
 * again whenever the page's content changes (a new page, a live update), the lists change in this
 * tab (the "visitor-lists" event of list-store.ts) or in another (the storage event).
 *
 * Only attributes are touched, never the content of an element React renders: React leaves the
 * attributes it does not own as they are, before and after hydration.
 *
 * Self-contained: its source is what is sent (Function.prototype.toString, entry.server.tsx), so it
 * refers to nothing outside itself.
 */
export function bootVisitorLists() {
  const read = (key: string): unknown[] => {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
      return Array.isArray(value) ? value : [];
    } catch {
      return [];
    }
  };
  const mark = () => {
    const favourites = read("favourites");
    const compared = read("compareOffers").map((item) => (item as { id?: unknown } | null)?.id);
    for (const button of document.querySelectorAll<HTMLElement>("[data-fav]")) button.setAttribute("aria-pressed", String(favourites.includes(Number(button.dataset.fav))));
    for (const button of document.querySelectorAll<HTMLElement>("[data-compare]")) button.setAttribute("aria-pressed", String(compared.includes(Number(button.dataset.compare))));
    for (const badge of document.querySelectorAll<HTMLElement>("[data-fav-count]")) {
      // Arabic-Indic digits by hand: the first Intl formatter of a page costs its locale's data (23 ms
      // on a slow phone, before the first paint), for a count of a few.
      badge.dataset.favCount = String(favourites.length).replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]!);
      badge.hidden = favourites.length === 0;
    }
  };
  mark();
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      mark();
    });
  }).observe(document.body, { childList: true, subtree: true });
  addEventListener("visitor-lists", mark);
  addEventListener("storage", mark);
}
