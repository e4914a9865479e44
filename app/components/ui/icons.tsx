// The line icons: each is drawn once per page, as a <symbol> of the sprite that the root layout
// renders (IconSprite), and used by reference (<use href="#i-…">): a list of 24 cards repeats six
// icons on each, and a reference is a fifth of the bytes and one element instead of three to five
// for React to render and hydrate (issue 28). Their stroke is app.css's `.icon`. No sprite file to
// build or fetch: the symbols are in the HTML, so a page navigated to in the browser has them too.
type IconProps = { className?: string; title?: string };

const PATHS = {
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
  close: (
    <>
      <path d="M6 6l12 12M18 6 6 18" />
    </>
  ),
  filters: (
    <>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </>
  ),
  menu: (
    <>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </>
  ),
  "chevron-start": (
    <>
      <path d="m9 6 6 6-6 6" />
    </>
  ),
  "chevron-end": (
    <>
      <path d="m15 6-6 6 6 6" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  bed: (
    <>
      <path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5" />
      <circle cx="7" cy="11" r="1.6" />
    </>
  ),
  bath: (
    <>
      <path d="M4 12h16v2a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5v-2zM6 12V6a2 2 0 0 1 3.5-1.3M7 19l-1 2M17 19l1 2" />
    </>
  ),
  area: (
    <>
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </>
  ),
  home: (
    <>
      <path d="M3 11 12 4l9 7M5 10v10h14V10" />
    </>
  ),
  grid: (
    <>
      <rect x="4" y="4" width="7" height="7" rx="1" />
      <rect x="13" y="4" width="7" height="7" rx="1" />
      <rect x="4" y="13" width="7" height="7" rx="1" />
      <rect x="13" y="13" width="7" height="7" rx="1" />
    </>
  ),
  cards: (
    <>
      <rect x="6" y="4" width="12" height="16" rx="2" />
      <path d="M3 7v10M21 7v10" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  check: (
    <>
      <path d="m5 12 5 5 9-10" />
    </>
  ),
  phone: (
    <>
      <path d="M5 4h3.5l1.7 4.3-2.2 1.5a11 11 0 0 0 6.2 6.2l1.5-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />
    </>
  ),
  megaphone: (
    <>
      <path d="M4 10v4a1 1 0 0 0 1 1h2l5 4V5L7 9H5a1 1 0 0 0-1 1zM16 8.5a4 4 0 0 1 0 7M18.5 6a7.5 7.5 0 0 1 0 12" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
    </>
  ),
  chart: (
    <>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </>
  ),
  "house-search": (
    <>
      <path d="M3 11 11 4l8 7M5 10v9h6" />
      <circle cx="16.5" cy="16.5" r="3" />
      <path d="m21 21-2.3-2.3" />
    </>
  ),
  heart: (
    <>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.1a4.3 4.3 0 0 1 7.5 2.7C19.5 15.4 12 20 12 20z" />
    </>
  ),
  compare: (
    <>
      <rect x="3.5" y="4.5" width="7" height="15" rx="1.5" />
      <rect x="13.5" y="4.5" width="7" height="15" rx="1.5" />
    </>
  ),
} as const;
type IconName = keyof typeof PATHS;

function Svg({ className = "size-5", title, symbol }: IconProps & { symbol: IconName }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden={title ? undefined : true} role={title ? "img" : undefined}>
      {title ? <title>{title}</title> : null}
      <use href={`#i-${symbol}`} />
    </svg>
  );
}

/** Every line icon's drawing, once, for the icons above to refer to; in the root layout. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {Object.entries(PATHS).map(([name, drawing]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          {drawing}
        </symbol>
      ))}
    </svg>
  );
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
