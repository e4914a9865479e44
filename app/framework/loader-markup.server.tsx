import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * A static part of a page rendered to an HTML string in its loader (README.md in this folder): the
 * route inserts it with `dangerouslySetInnerHTML`, so the browser gets it once, as HTML, and never
 * hydrates it or receives it again as data for React (decision 028: the offer page's summary,
 * contact box and licence block; the firm's contact lists in the footer and on /contact). Only for
 * markup without handlers or state: nothing in it runs in the browser.
 */
export function loaderMarkup(element: ReactElement): string {
  return renderToStaticMarkup(element);
}
