import { describe, expect, it } from "vitest";
import { shortDescription } from "./meta.ts";

describe("shortDescription", () => {
  it("keeps a short text, with its spaces tidied", () => {
    expect(shortDescription("  نص   قصير\nجداً ")).toBe("نص قصير جداً");
  });

  it("cuts a long text at a word, without trailing punctuation, and marks the cut", () => {
    const text = "نقدّم منظومة متكاملة من الخدمات العقارية، تشمل التسويق والوساطة وإدارة الأملاك";
    const short = shortDescription(text, 40);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(short.endsWith("…")).toBe(true);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
    expect(text.charAt(short.length - 1)).toMatch(/[\s،]/);
    expect(short).not.toMatch(/[،\s]…$/);
  });
});
