import { describe, it, expect } from "vitest";
import sharp from "sharp";
import { renderSceneSvg } from "./scenes.ts";
import type { SceneKind, TimeOfDay } from "./scene-spec.ts";

const KINDS: SceneKind[] = ["villa", "tower", "apartment-building", "land", "commercial-building", "shop", "warehouse", "living-room", "kitchen", "bedroom", "majlis", "pool"];
const TIMES: TimeOfDay[] = ["morning", "noon", "sunset", "night"];

describe("renderSceneSvg", () => {
  for (const kind of KINDS) {
    it(`renders ${kind} at every time of day through sharp`, async () => {
      for (const time of TIMES) {
        const svg = renderSceneSvg({ kind, time, seed: 7 }, 400, 267);
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).not.toMatch(/<image|<text|href=|@import|url\((?!#)/);
        expect(svg.length).toBeLessThan(100_000);
        const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
        const meta = await sharp(jpeg).metadata();
        expect(meta.width).toBe(400);
        expect(meta.height).toBe(267);
      }
    });
  }

  it("defaults to 1600x1067", async () => {
    const svg = renderSceneSvg({ kind: "villa", time: "noon", seed: 1 });
    const meta = await sharp(await sharp(Buffer.from(svg)).png().toBuffer()).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1067);
  });

  it("is deterministic", () => {
    for (const kind of KINDS) {
      expect(renderSceneSvg({ kind, time: "sunset", seed: 42 })).toBe(renderSceneSvg({ kind, time: "sunset", seed: 42 }));
    }
  });

  it("varies with the seed and the time of day", () => {
    for (const kind of KINDS) {
      const a = renderSceneSvg({ kind, time: "noon", seed: 1 });
      expect(renderSceneSvg({ kind, time: "noon", seed: 2 })).not.toBe(a);
      expect(renderSceneSvg({ kind, time: "night", seed: 1 })).not.toBe(a);
    }
  });

  it("keeps the images visibly different for different seeds", async () => {
    const raw = async (seed: number): Promise<Buffer> =>
      sharp(Buffer.from(renderSceneSvg({ kind: "villa", time: "noon", seed }, 160, 107)))
        .raw()
        .toBuffer();
    const [a, b] = await Promise.all([raw(1), raw(2)]);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    expect(diff / a.length).toBeGreaterThan(3);
  });
});
