import { describe, expect, it } from "vitest";
import { serverRender } from "../../../tests/factories/server-render.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

describe("the header's and footer's links the server keeps (decision 028)", () => {
  it("are the markup they render, the current page's link marked on each page", async () => {
    for (const path of ["/", "/offers", "/contact", "/list-your-property"]) {
      const page = (
        <>
          <SiteHeader companyName="المنشأة" />
          <SiteFooter companyName="المنشأة" aboutTitle="عن المنشأة" aboutText="نص" contactsHtml="" />
        </>
      );
      const plain = await serverRender(path, page, { kept: false });
      expect(plain).toContain(`aria-current="page"`);
      expect(await serverRender(path, page, { kept: true })).toBe(plain);
      expect(await serverRender(path, page, { kept: true })).toBe(plain);
    }
  });
});
