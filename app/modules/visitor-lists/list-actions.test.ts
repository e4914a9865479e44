import { beforeEach, describe, expect, it, vi } from "vitest";

/** What is said to screen readers: the status line list-actions adds to the page. */
const statusLine = { textContent: "", dataset: {} as Record<string, string>, className: "", setAttribute: vi.fn() };
const said = () => {
  vi.runAllTimers();
  return statusLine.textContent;
};

/** A device's storage and a page: a fresh store module per test. */
async function freshStore(stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const changes = vi.fn();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
  vi.stubGlobal("document", { createElement: () => statusLine, body: { append: vi.fn() } });
  vi.stubGlobal("dispatchEvent", (event: Event) => {
    changes(event.type);
    return true;
  });
  vi.useFakeTimers();
  vi.resetModules();
  const store = await import("./list-store.ts");
  const actions = await import("./list-actions.ts");
  return { ...store, ...actions, items, changes };
}

const item = (id: number) => ({ id, title: `عرض ${id}`, image: "" });

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the visitor's lists on their device", () => {
  it("toggles a favourite, stores the list, tells the page and says it", async () => {
    const lists = await freshStore({ favourites: "[3]" });
    expect(lists.readLists().favourites).toEqual([3]);
    lists.toggleFavourite(7);
    expect(lists.readLists().favourites).toEqual([3, 7]);
    expect(lists.changes).toHaveBeenCalledWith("visitor-lists");
    expect(said()).toBe("أضيف العرض إلى المفضلة");
    lists.toggleFavourite(3);
    expect(JSON.parse(lists.items.get("favourites")!)).toEqual([7]);
    expect(said()).toBe("أزيل العرض من المفضلة");
  });

  it("adds up to three offers to compare; a fourth waits for the one it replaces and changes nothing yet", async () => {
    const lists = await freshStore();
    for (const id of [1, 2, 3]) lists.toggleCompare(item(id));
    expect(lists.readLists().compare.map((offer) => offer.id)).toEqual([1, 2, 3]);
    lists.toggleCompare(item(4));
    expect(lists.readLists().asking).toEqual(item(4));
    expect((JSON.parse(lists.items.get("compareOffers")!) as Array<{ id: number }>).map((offer) => offer.id)).toEqual([1, 2, 3]);
    lists.toggleCompare(item(2)); // pressed again: out of the list
    expect(lists.readLists().compare.map((offer) => offer.id)).toEqual([1, 3]);
    expect(said()).toBe("أزيل «عرض 2» من المقارنة");
    lists.toggleCompare(item(2));
    lists.toggleCompare(item(5));
    expect(lists.readLists().asking).toEqual(item(5));
    lists.removeCompared(3, item(5)); // the dialog's choice: the fourth takes the place of «عرض 3»
    expect(lists.readLists()).toMatchObject({ compare: [item(1), item(5), item(2)], asking: null });
    expect(said()).toBe("حل «عرض 5» محل «عرض 3» في المقارنة");
  });

  it("gives the same snapshot while nothing changed", async () => {
    const lists = await freshStore({ favourites: "[1]" });
    expect(lists.readLists()).toBe(lists.readLists());
    lists.toggleFavourite(2);
    expect(lists.readLists()).not.toBe(lists.readLists);
  });

  it("falls back to empty lists when what is stored is not readable, and keeps only well-formed entries", async () => {
    const lists = await freshStore({ favourites: "{not json", compareOffers: JSON.stringify([item(1), { id: "x" }, null, item(2), item(3), item(4)]) });
    expect(lists.readLists().favourites).toEqual([]);
    expect(lists.readLists().compare.map((offer) => offer.id)).toEqual([1, 2, 3]);
    const other = await freshStore({ favourites: JSON.stringify([1, -2, "3", 4.5, 5]) });
    expect(other.readLists().favourites).toEqual([1, 5]);
  });
});
