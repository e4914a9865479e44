import { createContext, lazy, Suspense, useContext, useSyncExternalStore, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { CompareIcon, HeartIcon } from "~/components/ui/icons.tsx";
import { imageUrl, type ImageRef } from "~/utils/image-ref.ts";
import { COMPARE_KEY, LISTS_EVENT } from "../list-keys.ts";

/*
 * What every public page shows of the visitor's lists (favourites, compare): the heart and «قارن»
 * of cards and the offer page, the header's «المفضلة», the compare tray's place, and the inline
 * script that marks them. In the first load of every public page (decision 004), so none of it
 * reads or keeps the lists: the script (lists-boot.ts) sets the buttons' state, a click loads what
 * it does (list-actions.ts), and the tray is a chunk of its own (compare-tray.tsx).
 *
 * The buttons are toggles whose name stays the same whichever the state, as the ARIA practices ask
 * of a toggle; `aria-pressed` is the script's (React never renders it, so it never resets it).
 * Their looks, pressed or not, are app.css's (.fav-toggle, .compare-toggle): rules in the
 * stylesheet cost the pages no JavaScript.
 */

// What a click does, loaded on the first one.
const actions = () => import("../list-actions.ts");

export function FavouriteButton({ id, className, children }: { id: number; className: string; children?: ReactNode }) {
  return (
    <button
      type="button"
      data-fav={id}
      aria-label="أضف إلى المفضلة"
      onClick={() => void actions().then((module) => module.toggleFavourite(id))}
      className={`fav-toggle ${className}`}
    >
      <HeartIcon className="size-6" />
      {children}
    </button>
  );
}

export function CompareButton({ offer, className }: { offer: { id: number; title: string; mainImage: ImageRef | null }; className: string }) {
  return (
    <button
      type="button"
      data-compare={offer.id}
      aria-label="أضف إلى المقارنة"
      onClick={() => void actions().then((module) => module.toggleCompare({ id: offer.id, title: offer.title, image: offer.mainImage ? imageUrl(offer.mainImage, 400) : "" }))}
      className={`compare-toggle ${className}`}
    >
      <CompareIcon className="size-5" />
      قارن
    </button>
  );
}

/** The header's «المفضلة» (app.css: .fav-link); the script writes the count into the badge's attribute, which CSS shows (React owns no text there to differ from). */
export function FavouritesLink({ inMenu }: { inMenu: boolean }) {
  return (
    <NavLink to="/favourites" className={inMenu ? "fav-link fav-link-menu" : "fav-link"}>
      <HeartIcon className="size-6" />
      <span className={inMenu ? "" : "sr-only md:not-sr-only"}>المفضلة</span>
      <span data-fav-count="" hidden className="fav-count" />
    </NavLink>
  );
}

// The tray's code (and its «أي عرض تستبدل؟» dialog).
const CompareTray = lazy(() => import("./compare-tray.tsx"));

const onListsChange = (listener: () => void) => {
  addEventListener(LISTS_EVENT, listener);
  addEventListener("storage", listener);
  return () => {
    removeEventListener(LISTS_EVENT, listener);
    removeEventListener("storage", listener);
  };
};
// Anything stored but "[]" (the tray itself reads what is in it).
const hasCompared = () => (localStorage.getItem(COMPARE_KEY) ?? "[]").length > 2;

/** In the public layout: the compare tray while the list is not empty (not on /compare itself, which shows the list). */
export function CompareTrayLayer() {
  const onComparePage = useLocation().pathname === "/compare";
  return useSyncExternalStore(onListsChange, hasCompared, () => false) && !onComparePage ? (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  ) : null;
}

/** The inline script's source and the request's CSP nonce: given by entry.server.tsx only, so the source is in the HTML but never in a JavaScript file. */
export const ListsBootContext = createContext({ source: "", nonce: "" });

/** The inline script (lists-boot.ts); kept as the server wrote it when the page hydrates. */
export function ListsBoot() {
  const { source, nonce } = useContext(ListsBootContext);
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} suppressHydrationWarning />;
}
