import { describe, expect, it } from "vitest";
import { cleanPersonName, stripBidiControls } from "./bidi.ts";
import { parsePhone } from "./phone.ts";

describe("bidi controls in what people type", () => {
  it("names lose embeddings, overrides, isolates and marks; spaces collapse", () => {
    const controls = "\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
    expect(cleanPersonName(`${controls}محمد\u200E  \u200F\u061Cالعتيبي ${controls}`)).toBe("محمد العتيبي");
    expect(cleanPersonName("\u202E\u200F ")).toBe("");
    // Joiners are letters' business (Persian, emoji), not direction: kept.
    expect(cleanPersonName("می\u200Cخواهم")).toBe("می\u200Cخواهم");
  });

  it("longer texts lose the controls but keep the marks", () => {
    expect(stripBidiControls("رقمي\u202E 0551234567\u202C\u200F")).toBe("رقمي 0551234567\u200F");
  });

  it("a phone pasted with direction marks is read", () => {
    expect(parsePhone("\u202A+966 55 123 4567\u202C")).toBe("+966551234567");
    expect(parsePhone("\u200E0551234567")).toBe("+966551234567");
  });
});
