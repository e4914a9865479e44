import { createContext, useContext } from "react";

/** Carries the CSP nonce to <Scripts>; empty in the browser, where nonces are hidden anyway. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);

/**
 * The site stylesheet, provided by entry.server.tsx only, so the CSS text is in the HTML but
 * never in the browser's JavaScript.
 */
export const InlineStylesContext = createContext("");
export const useInlineStyles = () => useContext(InlineStylesContext);
