// The line icons, one SVG file each in ./icons (the single source of their drawing). A page draws
// each once, as a <symbol> of the sprite that the root layout renders (IconSprite), and uses it by
// reference (<use href="#i-…">): a list of 24 cards repeats its icons on each, and a reference is a
// fifth of the bytes and one element instead of three to five for React to render and hydrate
// (issue 28, decision 028). Their stroke is app.css's `.icon`. No sprite file to build or fetch: the
// symbols are in the HTML (written by the server alone: icon-sprite.server.ts), so a page navigated
// to in the browser has them too. app.css also draws a few of the same files as CSS masks where a
// list repeats them (the cards' facts).
import { createContext, useContext } from "react";

type IconProps = { className?: string; title?: string };

/** Every icon's file name (without .svg); icons.test.ts checks it against ./icons. */
export const ICON_NAMES = [
  "area",
  "bath",
  "bed",
  "cards",
  "chart",
  "check",
  "chevron-end",
  "chevron-start",
  "close",
  "compare",
  "filters",
  "grid",
  "heart",
  "home",
  "house-search",
  "key",
  "link",
  "mail",
  "megaphone",
  "menu",
  "phone",
  "pin",
  "search",
] as const;
type IconName = (typeof ICON_NAMES)[number];

function Svg({ className = "size-5", title, symbol }: IconProps & { symbol: IconName }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title ? <title>{title}</title> : null}
      <use href={`#i-${symbol}`} />
    </svg>
  );
}

/** The sprite's symbols (icon-sprite.server.ts), given by entry.server.tsx: empty in the browser, where the sprite keeps the server's. */
export const IconSpriteContext = createContext("");

/** Every line icon's drawing, once, for the icons above to refer to; in the root layout. */
export function IconSprite() {
  return <svg aria-hidden="true" className="hidden" dangerouslySetInnerHTML={{ __html: useContext(IconSpriteContext) }} suppressHydrationWarning />;
}

export const SearchIcon = (p: IconProps) => <Svg {...p} symbol="search" />;
export const CloseIcon = (p: IconProps) => <Svg {...p} symbol="close" />;
/** Sliders: the «تصفية» disclosure of /offers. */
export const FiltersIcon = (p: IconProps) => <Svg {...p} symbol="filters" />;
export const MenuIcon = (p: IconProps) => <Svg {...p} symbol="menu" />;
/** Points toward the reading direction's start (right in RTL): "previous". */
export const ChevronStartIcon = (p: IconProps) => <Svg {...p} symbol="chevron-start" />;
/** Points toward the reading direction's end (left in RTL): "next", "more". */
export const ChevronEndIcon = (p: IconProps) => <Svg {...p} symbol="chevron-end" />;
export const PinIcon = (p: IconProps) => <Svg {...p} symbol="pin" />;
export const BedIcon = (p: IconProps) => <Svg {...p} symbol="bed" />;
export const BathIcon = (p: IconProps) => <Svg {...p} symbol="bath" />;
export const AreaIcon = (p: IconProps) => <Svg {...p} symbol="area" />;
export const HomeIcon = (p: IconProps) => <Svg {...p} symbol="home" />;
export const GridIcon = (p: IconProps) => <Svg {...p} symbol="grid" />;
export const CardsIcon = (p: IconProps) => <Svg {...p} symbol="cards" />;
export const LinkIcon = (p: IconProps) => <Svg {...p} symbol="link" />;
export const MailIcon = (p: IconProps) => <Svg {...p} symbol="mail" />;
export const CheckIcon = (p: IconProps) => <Svg {...p} symbol="check" />;
/** The same drawing as AreaIcon. */
export const ExpandIcon = (p: IconProps) => <Svg {...p} symbol="area" />;
export function WhatsappIcon({ className = "size-6", title }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 32 32" fill="currentColor" aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title ? <title>{title}</title> : null}
      <path d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6a10.6 10.6 0 0 1-5.4-1.5l-.4-.2-3.9 1 1-3.8-.2-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.6.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.6 3.6 0 0 0-1.1 2.7 6.3 6.3 0 0 0 1.3 3.4 14.4 14.4 0 0 0 5.5 4.9c2 .9 2.8 1 3.9.8a3.3 3.3 0 0 0 2.1-1.5 2.7 2.7 0 0 0 .2-1.5c-.1-.2-.3-.3-.7-.5z" />
    </svg>
  );
}
export function XLogoIcon({ className = "size-5" }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
    </svg>
  );
}
export const PhoneIcon = (p: IconProps) => <Svg {...p} symbol="phone" />;
export const MegaphoneIcon = (p: IconProps) => <Svg {...p} symbol="megaphone" />;
export const KeyIcon = (p: IconProps) => <Svg {...p} symbol="key" />;
export const ChartIcon = (p: IconProps) => <Svg {...p} symbol="chart" />;
export const HouseSearchIcon = (p: IconProps) => <Svg {...p} symbol="house-search" />;
/** The favourites' heart; filled by the button's pressed state (`group-aria-pressed:fill-current`). */
export const HeartIcon = (p: IconProps) => <Svg {...p} symbol="heart" />;
/** Two columns side by side: «قارن». */
export const CompareIcon = (p: IconProps) => <Svg {...p} symbol="compare" />;
