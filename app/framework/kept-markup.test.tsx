import { Link, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { serverRender } from "../../tests/factories/server-render.tsx";
import { KeptMarkup } from "./kept-markup.tsx";

let contentRenders = 0;

/** Content as a page has it: links that read the router, the current page's marked, text beside text. */
function Content({ name }: { name: string }) {
  contentRenders++;
  return (
    <>
      <NavLink to="/offers" className={({ isActive }) => (isActive ? "on" : "off")}>
        العروض
      </NavLink>
      <Link to={`/offer/${name}`}>
        عرض {name} في {"الرياض"}
      </Link>
    </>
  );
}

describe("markup kept by the server (decision 028)", () => {
  it("is the markup the content renders in the page, links and the current page's mark included, so the browser hydrates it as its own", async () => {
    for (const path of ["/offers", "/about"]) {
      const page = (
        <KeptMarkup as="article" className="card" keptKey={`test ${path}`} data-x="1">
          <Content name="7" />
        </KeptMarkup>
      );
      const plain = await serverRender(path, page, { kept: false });
      expect(plain).toContain(path === "/offers" ? 'class="on"' : 'class="off"');
      expect(await serverRender(path, page, { kept: true })).toBe(plain);
    }
  });

  it("renders the content once per key; a null key renders it every time", async () => {
    const keyed = (
      <KeptMarkup as="div" keptKey="test once">
        <Content name="8" />
      </KeptMarkup>
    );
    contentRenders = 0;
    const first = await serverRender("/", keyed, { kept: true });
    expect(await serverRender("/", keyed, { kept: true })).toBe(first);
    expect(contentRenders).toBe(1);

    const unkept = (
      <KeptMarkup as="div" keptKey={null}>
        <Content name="9" />
      </KeptMarkup>
    );
    contentRenders = 0;
    await serverRender("/", unkept, { kept: true });
    await serverRender("/", unkept, { kept: true });
    expect(contentRenders).toBe(2);
  });
});
