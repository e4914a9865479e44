import vm from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bootVisitorLists } from "./lists-boot.ts";

/** A button or badge: only the attributes the script sets. */
function element(dataset: Record<string, string>) {
  const attributes: Record<string, string> = {};
  return { dataset, hidden: true, attributes, setAttribute: (name: string, value: string) => (attributes[name] = value) };
}

afterEach(() => vi.unstubAllGlobals());

describe("the inline script that marks the lists' buttons", () => {
  it("runs from its own source alone, marks the stored offers' buttons pressed and the others not, and counts the favourites", () => {
    const items = new Map([
      ["favourites", "[3,12]"],
      ["compareOffers", JSON.stringify([{ id: 12, title: "x", image: "" }])],
    ]);
    const buttons = { fav: [element({ fav: "3" }), element({ fav: "4" })], compare: [element({ compare: "12" }), element({ compare: "3" })] };
    const badge = element({ favCount: "" });
    const listeners: Record<string, () => void> = {};
    let observed: (() => void) | undefined;
    const page = {
      localStorage: { getItem: (key: string) => items.get(key) ?? null },
      document: {
        body: {},
        querySelectorAll: (selector: string) => (selector === "[data-fav]" ? buttons.fav : selector === "[data-compare]" ? buttons.compare : [badge]),
      },
      MutationObserver: class {
        constructor(callback: () => void) {
          observed = callback;
        }
        observe() {}
      },
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
      queueMicrotask: (task: () => void) => task(),
    };
    // As the page runs it: the function's source alone, in a context holding only the page.
    vm.runInNewContext(`(${bootVisitorLists.toString()})();`, { ...page, JSON, Array, Number, String });

    expect(buttons.fav.map((b) => b.attributes["aria-pressed"])).toEqual(["true", "false"]);
    expect(buttons.compare.map((b) => b.attributes["aria-pressed"])).toEqual(["true", "false"]);
    expect(badge).toMatchObject({ hidden: false, dataset: { favCount: "٢" } });

    // A change in another tab, then new content on the page: marked again.
    items.set("favourites", "[4]");
    listeners.storage!();
    expect(buttons.fav.map((b) => b.attributes["aria-pressed"])).toEqual(["false", "true"]);
    items.set("favourites", "not json");
    observed!();
    expect(buttons.fav.map((b) => b.attributes["aria-pressed"])).toEqual(["false", "false"]);
    expect(badge.hidden).toBe(true);
    expect(Object.keys(listeners).sort()).toEqual(["storage", "visitor-lists"]);
  });
});
