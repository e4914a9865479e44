import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_SPRITE_HTML } from "./icon-sprite.server.ts";
import { ICON_NAMES } from "./icons.tsx";

describe("line icons", () => {
  it("names exactly the files of ./icons, so no icon refers to a symbol the sprite lacks", () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, "icons"))
      .filter((file) => file.endsWith(".svg"))
      .map((file) => file.slice(0, -".svg".length))
      .sort();
    expect([...ICON_NAMES].sort()).toEqual(files);
  });

  it("draws every icon in the sprite the server writes, without the file's own <svg>", () => {
    for (const name of ICON_NAMES) expect(ICON_SPRITE_HTML).toMatch(new RegExp(`<symbol id="i-${name}" viewBox="0 0 24 24"><(path|circle|rect)[^<]*/>`));
    expect(ICON_SPRITE_HTML).not.toContain("<svg");
  });
});
