import { describe, expect, it } from "vitest";
import { unitTitle } from "./pm-view.ts";

describe("unitTitle", () => {
  it("names a bare number or code as «الوحدة …», in the product's digits", () => {
    expect(unitTitle("3")).toBe("الوحدة ٣");
    expect(unitTitle(" ١٢٠٤ ")).toBe("الوحدة ١٢٠٤");
    expect(unitTitle("B")).toBe("الوحدة B");
  });

  it("keeps a label that names its kind already, without a second «الوحدة»", () => {
    expect(unitTitle("شقة 4")).toBe("شقة ٤");
    expect(unitTitle("محل ٢")).toBe("محل ٢");
  });
});
