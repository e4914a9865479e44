/**
 * The offer ids of a visitor's list in an address (/favourites?ids=3,7,9, /compare?ids=…): how they
 * are written and read. Shared by the pages' loaders and the browser.
 */

/** At most this many offers can be compared side by side. */
export const MAX_COMPARED = 3;
/** A favourites list longer than this is cut where the address is read (one page, one query). */
export const MAX_FAVOURITES = 100;

/**
 * The ids of `?ids=`, in their order: positive whole numbers of up to nine digits (as offer ids
 * are), each once, at most `max`; anything else (words, signs, fractions, empties) is skipped.
 * Arabic-Indic digits count too, as a phone may write them.
 */
export function parseOfferIds(raw: string | null | undefined, max: number): number[] {
  const ids: number[] = [];
  for (const part of (raw ?? "").replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).split(/[,\s،]+/)) {
    if (ids.length >= max) break;
    if (!/^\d{1,9}$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** A list's address: `/favourites?ids=3,7,9` (commas as they are: short and readable when shared). */
export function listHref(path: "/favourites" | "/compare", ids: readonly number[]): string {
  return `${path}?ids=${ids.join(",")}`;
}

/** Whether two lists hold the same offers, whatever their order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
