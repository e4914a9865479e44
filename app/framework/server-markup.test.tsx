import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { documentMarkup, documentMarkupOf, markupAttributes, ServerMarkupContext, useServerMarkup } from "./server-markup.tsx";

const MARKUP = { headHtml: '<h1 class="x">عرض</h1>', licenceHtml: "" };

function Part({ html }: { html: string | null }) {
  const shown = useServerMarkup("page.headHtml", html);
  return shown ? <header {...markupAttributes("page.headHtml", shown)} /> : <p>لا شيء</p>;
}

describe("markup a document shows once (decision 028)", () => {
  it("a page reached in the browser (.data) gets the markup in its data", () => {
    const context = new RouterContextProvider();
    expect(documentMarkup(new Request("http://x/offer/4.data"), context, "page", MARKUP)).toEqual(MARKUP);
    expect(documentMarkupOf(context).size).toBe(0);
  });

  it("a document's data says null for each markup it shows, and keeps it for the render; empty stays empty", () => {
    const context = new RouterContextProvider();
    expect(documentMarkup(new Request("http://x/offer/4"), context, "page", MARKUP)).toEqual({ headHtml: null, licenceHtml: "" });
    expect([...documentMarkupOf(context)]).toEqual([["page.headHtml", MARKUP.headHtml]]);
  });

  it("the server's render shows the kept markup where the data says null, marked for the browser to find", () => {
    const context = new RouterContextProvider();
    const data = documentMarkup(new Request("http://x/offer/4"), context, "page", MARKUP);
    const html = renderToStaticMarkup(
      <ServerMarkupContext.Provider value={documentMarkupOf(context)}>
        <Part html={data.headHtml} />
      </ServerMarkupContext.Provider>,
    );
    expect(html).toBe(`<header data-markup="page.headHtml">${MARKUP.headHtml}</header>`);
    // The data's own markup wins (a .data answer).
    expect(renderToStaticMarkup(<Part html="<b>ب</b>" />)).toBe('<header data-markup="page.headHtml"><b>ب</b></header>');
  });
});
