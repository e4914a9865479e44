import { describe, expect, it } from "vitest";
import { parseImageList } from "./image-list.ts";

describe("parseImageList", () => {
  it("splits on commas, trims and drops empty entries", () => {
    expect(parseImageList(" /images/aa-1600.webp ,, https://cdn.example.sa/a.jpg ,")).toEqual(["/images/aa-1600.webp", "https://cdn.example.sa/a.jpg"]);
    expect(parseImageList("")).toEqual([]);
    expect(parseImageList(" , ")).toEqual([]);
  });

  it("keeps our own paths and https links only", () => {
    expect(parseImageList("javascript:alert(1),data:image/png;base64,AAA,http://example.sa/a.jpg,//evil.example/a.jpg,https://,/artwork/a.webp")).toEqual(["/artwork/a.webp"]);
  });
});
