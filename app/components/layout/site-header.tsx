import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon, SearchIcon } from "~/components/ui/icons.tsx";
import { KeptMarkup } from "~/framework/kept-markup.tsx";
import { HEADER_LINKS, OWNER_LINK } from "./nav-links.ts";

// The overlay's code loads only when someone opens it.
const SearchOverlay = lazy(() => import("./search-overlay.tsx"));

const navClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 font-bold transition ${isActive ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-brand-50 hover:text-brand-800"}`;

/** The owners' call: one button that stands apart from the plain links, the current page's filled. */
const ownerClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-center font-bold whitespace-nowrap ring-2 ring-gold-500 transition ring-inset ${isActive ? "bg-brand-700 text-white" : "text-brand-900 hover:bg-gold-300/30"}`;

/** The header's links, the current page's marked (in the bar on large screens, in the menu on small ones), the owners' call last. */
function NavLinks({ className }: { className: string }) {
  // The same for every visitor of a page: its server markup is made once per page (kept-markup.tsx).
  const { pathname } = useLocation();
  return (
    <KeptMarkup as="ul" className={className} keptKey={`header ${className} ${pathname}`}>
      {HEADER_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} className={navClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to={OWNER_LINK.to} className={ownerClass} data-testid="owner-link">
          {OWNER_LINK.label}
        </NavLink>
      </li>
    </KeptMarkup>
  );
}

/**
 * `favourites`: the header's «المفضلة» link, given by the public layout (the visitor's lists are a
 * module's): in the bar from the sm breakpoint, in the menu on phones (the bar has no room there).
 */
export function SiteHeader({ companyName, favourites }: { companyName: string; favourites?: (inMenu: boolean) => ReactNode }) {
  const location = useLocation();
  // The menu closes when the page changes, however it changed (a link, the back button): adjusted
  // while rendering, so the new page never paints with the menu open.
  const page = location.pathname + location.search;
  const [menu, setMenu] = useState({ open: false, page });
  if (menu.page !== page) setMenu({ open: false, page });
  const menuOpen = menu.open && menu.page === page;
  const [searchOpen, setSearchOpen] = useState(false);
  const searchButton = useRef<HTMLButtonElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800 sm:text-xl">
          <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
          <span>{companyName}</span>
        </Link>
        <nav aria-label="القائمة الرئيسية" className="ms-auto hidden lg:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <button
          ref={searchButton}
          type="button"
          onClick={() => setSearchOpen(true)}
          className="ms-auto flex items-center gap-2 rounded-full border border-stone-300 px-4 py-2 font-bold text-stone-700 hover:border-brand-600 hover:text-brand-700 lg:ms-2"
        >
          <SearchIcon className="size-5" />
          بحث
        </button>
        <div className="hidden sm:block">{favourites?.(false)}</div>
        <button
          type="button"
          onClick={() => setMenu({ open: !menuOpen, page })}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          className="rounded-lg p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
        >
          {menuOpen ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{menuOpen ? "إغلاق القائمة" : "فتح القائمة"}</span>
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="القائمة" className="border-t border-stone-200 bg-white px-4 py-3 lg:hidden">
          <NavLinks className="grid gap-1" />
          <div className="mt-1 sm:hidden">{favourites?.(true)}</div>
        </nav>
      )}
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchOverlay
            onClose={() => {
              setSearchOpen(false);
              searchButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
