import { createContext, useContext } from "react";

/** Carries the CSP nonce to <Scripts>; empty in the browser, where nonces are hidden anyway. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
