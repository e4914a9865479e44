import { useSyncExternalStore } from "react";
import { COMPARE_KEY, FAVOURITES_KEY, LISTS_EVENT } from "./list-keys.ts";
import { MAX_COMPARED } from "./offer-ids.ts";

/**
 * The visitor's favourites and compare list, kept on their device (localStorage: a visitor's
 * preference, not the firm's data; nothing is sent until a list's page asks the server for its
 * offers by id), as React reads and changes them: the tray, /favourites and /compare, and the
 * buttons' actions (list-actions.ts). Never in a page's first load: there, lists-boot.ts only
 * marks the buttons. Each change is announced to both by the "visitor-lists" event; other tabs'
 * by the storage event.
 */

/** An offer in the compare list: what the tray shows of it without asking the server. */
export interface CompareItem {
  id: number;
  title: string;
  /** A small photo's address; "" for an offer without photos. */
  image: string;
}

export interface VisitorLists {
  /** False on the server and while hydrating: the lists are not read yet. */
  ready: boolean;
  favourites: number[];
  compare: CompareItem[];
  /** A fourth offer to compare, waiting for the visitor to say which one it replaces (this page only). */
  asking: CompareItem | null;
}

const SERVER: VisitorLists = { ready: false, favourites: [], compare: [], asking: null };

const isId = (id: unknown): id is number => Number.isSafeInteger(id) && (id as number) > 0;
const isItem = (item: unknown): item is CompareItem => isId((item as CompareItem)?.id) && typeof (item as CompareItem).title === "string";

function stored(key: string): string {
  try {
    return localStorage.getItem(key) ?? "[]";
  } catch {
    return "[]";
  }
}

/** A stored list; anything unreadable counts as empty (SPEC: corrupt local storage falls back to defaults). */
function parse<T>(raw: string, valid: (value: unknown) => value is T): T[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(valid) : [];
  } catch {
    return [];
  }
}

let asking: CompareItem | null = null;
let last: { key: string; lists: VisitorLists } | undefined;

/** The lists now; the same object while nothing changed (useSyncExternalStore's snapshot). */
export function readLists(): VisitorLists {
  const favourites = stored(FAVOURITES_KEY);
  const compare = stored(COMPARE_KEY);
  const key = `${favourites}\n${compare}\n${asking?.id}`;
  if (last?.key !== key) {
    last = { key, lists: { ready: true, favourites: parse(favourites, isId), compare: parse(compare, isItem).slice(0, MAX_COMPARED), asking } };
  }
  return last.lists;
}

/** Changes the lists (stored at once) and tells every reader in this tab. */
export function changeLists(next: Partial<Omit<VisitorLists, "ready">>) {
  if (next.asking !== undefined) asking = next.asking;
  try {
    if (next.favourites) localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next.favourites));
    if (next.compare) localStorage.setItem(COMPARE_KEY, JSON.stringify(next.compare));
  } catch {
    // Storage full or refused: nothing to keep the change in.
  }
  dispatchEvent(new Event(LISTS_EVENT));
}

function subscribe(listener: () => void) {
  addEventListener(LISTS_EVENT, listener);
  addEventListener("storage", listener);
  return () => {
    removeEventListener(LISTS_EVENT, listener);
    removeEventListener("storage", listener);
  };
}

export const useVisitorLists = () => useSyncExternalStore(subscribe, readLists, () => SERVER);
