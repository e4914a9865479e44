import { ICON_NAMES } from "./icons.tsx";

/** Each icon file's text, read by Vite at build time (./icons). */
const FILES = import.meta.glob<string>("./icons/*.svg", { query: "?raw", import: "default", eager: true });

/** What a file draws inside its <svg> (its stroke is the sprite's `.icon`, not the file's). */
const drawing = (name: string) => (FILES[`./icons/${name}.svg`] ?? "").replace(/^<svg[^>]*>|<\/svg>\s*$/g, "");

/**
 * The sprite's symbols, one per icon, as markup: given to the page by entry.server.tsx only, so the
 * drawings are in the HTML but in no JavaScript file (IconSprite keeps them as the server wrote them).
 */
export const ICON_SPRITE_HTML = ICON_NAMES.map((name) => `<symbol id="i-${name}" viewBox="0 0 24 24">${drawing(name)}</symbol>`).join("");
