import { useEffect } from "react";

/** Conform's name of the hidden submit button its checks (`form.validate`, a field left) use: such a submit sends nothing. */
export const CONFORM_INTENT = "__intent__";

let intentGuardInstalled = false;

/**
 * Makes sure a Conform intent (a field's check, a reset) is never sent as a page post once the page
 * runs. Conform sends each intent as a submit of a hidden button, and its React handler stops it;
 * but an intent submitted while React is committing reaches no React handler. That happened after
 * every save that clears its form with the focus in a field (sent with Enter): the field is
 * replaced, the browser blurs it during the commit, Conform's «field left» check submits, and the
 * browser posted the whole form again as a page (asking «leave this page?» first). Listening on the
 * window, after React's own listener on the document, this stops only what nothing else has stopped.
 */
export function useConformIntentGuard() {
  useEffect(() => {
    if (intentGuardInstalled) return;
    intentGuardInstalled = true;
    window.addEventListener("submit", (event) => {
      if ((event.submitter as HTMLButtonElement | null)?.name === CONFORM_INTENT && !event.defaultPrevented) event.preventDefault();
    });
  }, []);
}
