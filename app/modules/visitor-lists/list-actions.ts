import { changeLists, readLists, type CompareItem } from "./list-store.ts";
import { MAX_COMPARED } from "./offer-ids.ts";

/**
 * What the heart and «قارن» do, and the tray's changes: loaded on the first click (the first load
 * of public pages only reads the lists, components/list-buttons.tsx). Each change is said to
 * screen readers, politely.
 */

let statusLine: HTMLElement | undefined;

/**
 * Says a change through a status line of its own at the end of the page, added on the first
 * change (outside React: the page's markup never changes for it); the text comes a moment later,
 * so the line is in the page before it changes and screen readers say it.
 */
export function say(text: string) {
  if (!statusLine) {
    statusLine = document.createElement("p");
    statusLine.setAttribute("role", "status");
    statusLine.className = "sr-only";
    statusLine.dataset.testid = "lists-status";
    document.body.append(statusLine);
  }
  const line = statusLine;
  line.textContent = "";
  setTimeout(() => (line.textContent = text), 150);
}

export function toggleFavourite(id: number) {
  const { favourites } = readLists();
  const saved = favourites.includes(id);
  changeLists({ favourites: saved ? favourites.filter((other) => other !== id) : [...favourites, id] });
  say(saved ? "أزيل العرض من المفضلة" : "أضيف العرض إلى المفضلة");
}

/** «قارن»: in or out of the list; a fourth offer waits (`asking`) for the visitor to pick the one it replaces (the tray's dialog). */
export function toggleCompare(item: CompareItem) {
  const { compare } = readLists();
  if (compare.some((other) => other.id === item.id)) removeCompared(item.id);
  else if (compare.length >= MAX_COMPARED) changeLists({ asking: item });
  else {
    changeLists({ compare: [...compare, item], asking: null });
    say(`أضيف «${item.title}» إلى المقارنة`);
  }
}

/** Takes an offer out of the compare list; with `replacement`, the waiting fourth offer takes its place. */
export function removeCompared(id: number, replacement?: CompareItem) {
  const { compare } = readLists();
  const gone = compare.find((item) => item.id === id);
  if (!gone) return changeLists({ asking: null });
  changeLists({ compare: compare.flatMap((item) => (item.id !== id ? [item] : replacement ? [replacement] : [])), asking: null });
  say(replacement ? `حل «${replacement.title}» محل «${gone.title}» في المقارنة` : `أزيل «${gone.title}» من المقارنة`);
}
