/**
 * Generated demo "photos": stylised flat/gradient architectural illustrations as SVG.
 * There are no stock photos offline, so the demo data renders these through sharp.
 * Pure and deterministic: the same spec always yields the same string.
 */
import type { SceneKind, SceneSpec, TimeOfDay } from "./scene-spec.ts";
import { mulberry32, type Rng } from "./random.ts";

const W = 1600;
const H = 1067;

// ---------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------

/** Rounds a coordinate to one decimal to keep the markup compact. */
function f(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const n = parseInt(h.length === 3 ? h.replace(/(.)/g, "$1$1") : h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number): string => clamp(Math.round(v), 0, 255).toString(16).padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two hex colours, t=0 → a, t=1 → b. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex(ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t);
}

function darken(c: string, t: number): string {
  return mix(c, "#000000", t);
}

function lighten(c: string, t: number): string {
  return mix(c, "#ffffff", t);
}

type Pt = readonly [number, number];

function pts(p: readonly Pt[]): string {
  return p.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");
}

/** Point a fraction t of the way from p towards q. */
function toward(p: Pt, q: Pt, t: number): Pt {
  return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t];
}

// ---------------------------------------------------------------------------
// Lighting per time of day
// ---------------------------------------------------------------------------

interface Light {
  night: boolean;
  sky: readonly (readonly [number, string])[];
  /** Colour every lit surface is nudged towards, and by how much. */
  tint: string;
  tintAmt: number;
  /** Darkening towards a night blue. */
  dark: number;
  /** Extra darkening of faces turned away from the sun. */
  side: number;
  sun: { x: number; y: number; r: number; core: string; glow: string } | null;
  haze: string;
  cloud: string | null;
  shadowOpacity: number;
  /** Reflection colours for glass: top, bottom. */
  glass: readonly [string, string];
}

const NIGHT_BLUE = "#0e1634";

function lightFor(time: TimeOfDay): Light {
  switch (time) {
    case "morning":
      return {
        night: false,
        sky: [
          [0, "#7fb4e0"],
          [0.45, "#b9d6ec"],
          [0.8, "#f3dcc8"],
          [1, "#fbd2ad"],
        ],
        tint: "#ffd9b5",
        tintAmt: 0.1,
        dark: 0,
        side: 0.2,
        sun: { x: 260, y: 300, r: 46, core: "#fff6e0", glow: "#ffd6a0" },
        haze: "#b6c3d3",
        cloud: "#ffffff",
        shadowOpacity: 0.22,
        glass: ["#cfe3f2", "#5f88a8"],
      };
    case "noon":
      return {
        night: false,
        sky: [
          [0, "#2d78c8"],
          [0.5, "#6aaee6"],
          [1, "#cfe7f7"],
        ],
        tint: "#fff8ea",
        tintAmt: 0.04,
        dark: 0,
        side: 0.16,
        sun: { x: 1320, y: 110, r: 40, core: "#ffffff", glow: "#fff6cc" },
        haze: "#a9c1d8",
        cloud: "#ffffff",
        shadowOpacity: 0.28,
        glass: ["#bfe0f8", "#3d6f9c"],
      };
    case "sunset":
      return {
        night: false,
        sky: [
          [0, "#2e2a66"],
          [0.35, "#8a4c8c"],
          [0.62, "#e06a6a"],
          [0.82, "#f79b57"],
          [1, "#ffd27d"],
        ],
        tint: "#ff9d5c",
        tintAmt: 0.2,
        dark: 0.12,
        side: 0.3,
        sun: { x: 1260, y: 610, r: 58, core: "#fff1c4", glow: "#ffb067" },
        haze: "#9b6c8a",
        cloud: "#f7a7a0",
        shadowOpacity: 0.3,
        glass: ["#f6b489", "#6b4a78"],
      };
    case "night":
      return {
        night: true,
        sky: [
          [0, "#070b22"],
          [0.55, "#15214c"],
          [1, "#33406f"],
        ],
        tint: "#2a3f8f",
        tintAmt: 0.22,
        dark: 0.5,
        side: 0.25,
        sun: { x: 1280, y: 170, r: 34, core: "#f4f1dc", glow: "#8fa3d8" },
        haze: "#26305a",
        cloud: null,
        shadowOpacity: 0.35,
        glass: ["#2c3a6c", "#0e1430"],
      };
  }
}

// ---------------------------------------------------------------------------
// Drawing context
// ---------------------------------------------------------------------------

interface Ctx {
  rnd: Rng;
  time: TimeOfDay;
  light: Light;
  defs: string[];
  out: string[];
  ids: number;
  shared: Map<string, string>;
}

type Stop = readonly [number, string, number?];

function nid(ctx: Ctx, p: string): string {
  ctx.ids += 1;
  return `${p}${ctx.ids}`;
}

function stops(s: readonly Stop[]): string {
  return s.map(([o, c, op]) => `<stop offset="${f(o)}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${f(op)}"`}/>`).join("");
}

/** Linear gradient in objectBoundingBox units; returns a `url(#id)`. */
function lin(ctx: Ctx, s: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const id = nid(ctx, "g");
  ctx.defs.push(`<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(s)}</linearGradient>`);
  return `url(#${id})`;
}

/** Linear gradient in user space. */
function linU(ctx: Ctx, s: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
  const id = nid(ctx, "g");
  ctx.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops(s)}</linearGradient>`);
  return `url(#${id})`;
}

function rad(ctx: Ctx, s: readonly Stop[]): string {
  const id = nid(ctx, "r");
  ctx.defs.push(`<radialGradient id="${id}">${stops(s)}</radialGradient>`);
  return `url(#${id})`;
}

/** A gradient or pattern defined once per scene. */
function shared(ctx: Ctx, key: string, make: () => string): string {
  const got = ctx.shared.get(key);
  if (got !== undefined) return got;
  const v = make();
  ctx.shared.set(key, v);
  return v;
}

function add(ctx: Ctx, s: string): void {
  ctx.out.push(s);
}

/** Draws `fn` scaled by `k` about (cx, cy), then shifted by (dx, dy). */
function scaled(ctx: Ctx, cx: number, cy: number, k: number, dx: number, dy: number, fn: () => void): void {
  const start = ctx.out.length;
  fn();
  const inner = ctx.out.splice(start).join("");
  add(ctx, `<g transform="translate(${f(cx + dx)} ${f(cy + dy)}) scale(${f(k)}) translate(${f(-cx)} ${f(-cy)})">${inner}</g>`);
}

function rect(ctx: Ctx, x: number, y: number, w: number, h: number, fill: string, extra = ""): void {
  add(ctx, `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`);
}

function poly(ctx: Ctx, p: readonly Pt[], fill: string, extra = ""): void {
  add(ctx, `<polygon points="${pts(p)}" fill="${fill}"${extra}/>`);
}

function path(ctx: Ctx, d: string, fill: string, extra = ""): void {
  add(ctx, `<path d="${d}" fill="${fill}"${extra}/>`);
}

function ellipse(ctx: Ctx, cx: number, cy: number, rx: number, ry: number, fill: string, extra = ""): void {
  add(ctx, `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`);
}

function circle(ctx: Ctx, cx: number, cy: number, r: number, fill: string, extra = ""): void {
  add(ctx, `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`);
}

function line(ctx: Ctx, x1: number, y1: number, x2: number, y2: number, stroke: string, w: number, extra = ""): void {
  add(ctx, `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(w)}"${extra}/>`);
}

const rr = (ctx: Ctx, lo: number, hi: number): number => lo + (hi - lo) * ctx.rnd();
const ri = (ctx: Ctx, lo: number, hi: number): number => Math.floor(rr(ctx, lo, hi + 1));
function pick<T>(ctx: Ctx, arr: readonly T[]): T {
  return arr[Math.floor(ctx.rnd() * arr.length)] as T;
}
const chance = (ctx: Ctx, p: number): boolean => ctx.rnd() < p;

/** A surface colour as lit by the current time of day. */
function lc(ctx: Ctx, c: string): string {
  const L = ctx.light;
  return mix(mix(c, L.tint, L.tintAmt), NIGHT_BLUE, L.dark);
}

/** A face turned away from the sun. */
function sc(ctx: Ctx, c: string): string {
  return darken(lc(ctx, c), ctx.light.side);
}

// ---------------------------------------------------------------------------
// Shared scenery
// ---------------------------------------------------------------------------

function sky(ctx: Ctx, horizon: number): void {
  const L = ctx.light;
  const g = linU(
    ctx,
    L.sky.map(([o, c]) => [o, c] as const),
    0,
    0,
    0,
    horizon,
  );
  rect(ctx, 0, 0, W, horizon + 40, g);
  if (L.night) {
    const n = 90;
    let s = "";
    for (let i = 0; i < n; i++) {
      const x = rr(ctx, 0, W);
      const y = rr(ctx, 0, horizon * 0.75);
      const r = rr(ctx, 0.8, 2.2);
      s += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" opacity="${f(rr(ctx, 0.4, 1))}"/>`;
    }
    add(ctx, `<g fill="#fffbe8">${s}</g>`);
  }
  if (L.sun) {
    const { x, y, r, core, glow } = L.sun;
    const gg = rad(ctx, [
      [0, glow, 0.75],
      [0.35, glow, 0.25],
      [1, glow, 0],
    ]);
    circle(ctx, x, y, r * 6, gg);
    if (!L.night) circle(ctx, x, y, r, core);
    else {
      circle(ctx, x, y, r, "#fffbe8", ' opacity="0.08"');
      path(
        ctx,
        `M${f(x + r * 0.3)},${f(y - r * 0.95)} A${f(r)},${f(r)} 0 1 0 ${f(x + r * 0.3)},${f(y + r * 0.95)} A${f(r * 0.78)},${f(r * 0.95)} 0 1 1 ${f(x + r * 0.3)},${f(y - r * 0.95)}Z`,
        core,
      );
    }
  }
  if (L.cloud) {
    const n = ri(ctx, 2, 4);
    for (let i = 0; i < n; i++) {
      cloud(ctx, rr(ctx, 80, W - 80), rr(ctx, 70, horizon * 0.45), rr(ctx, 0.7, 1.4), L.cloud);
    }
  }
}

function cloud(ctx: Ctx, x: number, y: number, s: number, c: string): void {
  const g = lin(ctx, [
    [0, c, 0.95],
    [1, c, 0.55],
  ]);
  const parts: string[] = [];
  const k = ri(ctx, 3, 5);
  for (let i = 0; i < k; i++) {
    const cx = x + (i - k / 2) * 42 * s + rr(ctx, -8, 8);
    const r = (28 + rr(ctx, 0, 26)) * s * (i === 0 || i === k - 1 ? 0.7 : 1);
    parts.push(`<circle cx="${f(cx)}" cy="${f(y - r * 0.35)}" r="${f(r)}"/>`);
  }
  parts.push(`<rect x="${f(x - (k / 2) * 42 * s - 20 * s)}" y="${f(y - 6 * s)}" width="${f(k * 42 * s + 26 * s)}" height="${f(22 * s)}" rx="${f(11 * s)}"/>`);
  add(ctx, `<g fill="${g}" opacity="0.85">${parts.join("")}</g>`);
}

/** Distant city silhouette sitting on `base`. */
function skyline(ctx: Ctx, base: number, maxH: number, color: string, opacity: number, lit: boolean): void {
  let x = rr(ctx, -60, 0);
  let s = "";
  let win = "";
  while (x < W) {
    const w = rr(ctx, 40, 110);
    const h = rr(ctx, maxH * 0.25, maxH) * (chance(ctx, 0.15) ? 1.3 : 1);
    s += `<rect x="${f(x)}" y="${f(base - h)}" width="${f(w)}" height="${f(h + 2)}"/>`;
    if (chance(ctx, 0.25)) {
      // spire or stepped top
      s += `<rect x="${f(x + w * 0.3)}" y="${f(base - h - h * 0.12)}" width="${f(w * 0.4)}" height="${f(h * 0.12 + 1)}"/>`;
    }
    if (lit) {
      for (let yy = base - h + 8; yy < base - 6; yy += 12) {
        for (let xx = x + 6; xx < x + w - 6; xx += 11) {
          if (ctx.rnd() < 0.18) win += `<rect x="${f(xx)}" y="${f(yy)}" width="4" height="5"/>`;
        }
      }
    }
    x += w + rr(ctx, -10, 16);
  }
  add(ctx, `<g fill="${color}" opacity="${f(opacity)}">${s}</g>`);
  if (win) add(ctx, `<g fill="#ffd98a" opacity="0.8">${win}</g>`);
}

function ground(ctx: Ctx, top: number, color: string): void {
  const g = linU(
    ctx,
    [
      [0, lighten(lc(ctx, color), 0.08)],
      [1, darken(lc(ctx, color), 0.12)],
    ],
    0,
    top,
    0,
    H,
  );
  rect(ctx, 0, top, W, H - top, g);
}

/** Sidewalk + asphalt road across the bottom. */
function street(ctx: Ctx, y: number): void {
  const curb = y + 46;
  rect(ctx, 0, y, W, curb - y, lc(ctx, "#d9d0c2"));
  // paving joints
  let j = "";
  for (let x = -20; x < W; x += 90) j += `<line x1="${x}" y1="${f(y)}" x2="${x - 16}" y2="${f(curb)}"/>`;
  add(ctx, `<g stroke="${darken(lc(ctx, "#d9d0c2"), 0.12)}" stroke-width="2">${j}</g>`);
  rect(ctx, 0, curb, W, 10, lc(ctx, "#f2ece2"));
  rect(ctx, 0, curb + 10, W, 6, lc(ctx, "#9a958d"));
  const road = linU(
    ctx,
    [
      [0, lc(ctx, "#5d6068")],
      [1, lc(ctx, "#3e4047")],
    ],
    0,
    curb,
    0,
    H,
  );
  rect(ctx, 0, curb + 16, W, H - curb - 16, road);
  const mid = (curb + 16 + H) / 2 + 20;
  let d = "";
  for (let x = 30; x < W; x += 200) d += `<rect x="${x}" y="${f(mid)}" width="110" height="8"/>`;
  add(ctx, `<g fill="${lc(ctx, "#f1eee6")}" opacity="0.85">${d}</g>`);
}

/** Soft contact shadow. */
function shadow(ctx: Ctx, p: readonly Pt[]): void {
  poly(ctx, p, "#1a1410", ` opacity="${f(ctx.light.shadowOpacity)}"`);
}

function glassFill(ctx: Ctx): string {
  return shared(ctx, "glass", () => {
    const [a, b] = ctx.light.glass;
    return lin(ctx, [
      [0, a],
      [0.55, mix(a, b, 0.55)],
      [1, b],
    ]);
  });
}

function litFill(ctx: Ctx): string {
  return shared(ctx, "lit", () =>
    lin(ctx, [
      [0, "#ffe9b0"],
      [1, "#f4b55a"],
    ]),
  );
}

/**
 * A window. At night it glows warm with probability `p`, otherwise it shows a
 * sky reflection with a diagonal highlight.
 */
function windowPane(ctx: Ctx, x: number, y: number, w: number, h: number, frame: string, p = 0.6): void {
  const lit = ctx.light.night && ctx.rnd() < p;
  rect(ctx, x, y, w, h, lit ? litFill(ctx) : glassFill(ctx));
  if (!lit) {
    const k = Math.min(w, h) * 0.5;
    poly(
      ctx,
      [
        [x + w * 0.15, y + h],
        [x + w * 0.15 + k, y],
        [x + w * 0.15 + k * 1.5, y],
        [x + w * 0.15 + k * 0.5, y + h],
      ],
      "#ffffff",
      ` opacity="${ctx.light.night ? 0.05 : 0.16}"`,
    );
  }
  add(ctx, `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="${frame}" stroke-width="${f(Math.max(2, Math.min(w, h) * 0.05))}"/>`);
}

/** A date palm: curved trunk and drooping fronds. */
function palm(ctx: Ctx, x: number, base: number, h: number): void {
  const lean = rr(ctx, -0.18, 0.18) * h;
  const top: Pt = [x + lean, base - h];
  const c: Pt = [x + lean * 0.1, base - h * 0.5];
  const n = 14;
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const px = (1 - t) * (1 - t) * x + 2 * (1 - t) * t * c[0] + t * t * top[0];
    const py = (1 - t) * (1 - t) * base + 2 * (1 - t) * t * c[1] + t * t * top[1];
    const w = h * (0.045 - 0.018 * t);
    left.push([px - w, py]);
    right.push([px + w, py]);
  }
  const trunk = lc(ctx, "#8a6a4a");
  const g = lin(
    ctx,
    [
      [0, lighten(trunk, 0.12)],
      [0.6, trunk],
      [1, darken(trunk, 0.3)],
    ],
    0,
    0,
    1,
    0,
  );
  poly(ctx, [...left, ...right.reverse()], g);
  // trunk rings
  let rings = "";
  for (let i = 1; i < n; i++) {
    const a = left[i];
    const b = right[n - i];
    if (a && b) rings += `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1] - 4)}"/>`;
  }
  add(ctx, `<g stroke="${darken(trunk, 0.35)}" stroke-width="2" opacity="0.5">${rings}</g>`);
  // fronds
  const green = lc(ctx, pick(ctx, ["#4f8a3c", "#5c9440", "#467f3a", "#6a9a45"]));
  const dark = darken(green, 0.3);
  const k = ri(ctx, 9, 12);
  const len = h * rr(ctx, 0.42, 0.52);
  const fr: string[] = [];
  for (let i = 0; i < k; i++) {
    const a = -Math.PI / 2 + (i / (k - 1) - 0.5) * Math.PI * 1.9 + rr(ctx, -0.12, 0.12);
    const ex = top[0] + Math.cos(a) * len;
    const ey = top[1] + Math.sin(a) * len * 0.55 + len * 0.45 * Math.abs(Math.cos(a));
    const mx = top[0] + Math.cos(a) * len * 0.55;
    const my = top[1] + Math.sin(a) * len * 0.6 - len * 0.12;
    const nx = -Math.sin(a) * len * 0.09;
    const ny = Math.cos(a) * len * 0.09;
    const col = i % 2 === 0 ? green : dark;
    fr.push(`<path d="M${f(top[0])},${f(top[1])} Q${f(mx + nx)},${f(my + ny)} ${f(ex)},${f(ey)} Q${f(mx - nx)},${f(my - ny)} ${f(top[0])},${f(top[1])}Z" fill="${col}"/>`);
    // midrib
    fr.push(`<path d="M${f(top[0])},${f(top[1])} Q${f(mx)},${f(my)} ${f(ex)},${f(ey)}" fill="none" stroke="${darken(col, 0.25)}" stroke-width="2"/>`);
  }
  add(ctx, `<g>${fr.join("")}</g>`);
  circle(ctx, top[0], top[1] + 4, h * 0.03, lc(ctx, "#a5662e"));
}

/** Round shade tree (e.g. ficus, neem). */
function roundTree(ctx: Ctx, x: number, base: number, h: number): void {
  const trunk = lc(ctx, "#6b5037");
  rect(ctx, x - h * 0.03, base - h * 0.45, h * 0.06, h * 0.45, trunk);
  const green = lc(ctx, pick(ctx, ["#5b8f3e", "#4d8540", "#6b9b47"]));
  const g = lin(
    ctx,
    [
      [0, lighten(green, 0.18)],
      [1, darken(green, 0.25)],
    ],
    0.2,
    0,
    0.8,
    1,
  );
  const r = h * 0.3;
  let s = "";
  const n = 6;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    s += `<circle cx="${f(x + Math.cos(a) * r * 0.55)}" cy="${f(base - h * 0.62 + Math.sin(a) * r * 0.45)}" r="${f(r * rr(ctx, 0.55, 0.72))}"/>`;
  }
  s += `<circle cx="${f(x)}" cy="${f(base - h * 0.66)}" r="${f(r * 0.75)}"/>`;
  add(ctx, `<g fill="${g}">${s}</g>`);
}

function shrub(ctx: Ctx, x: number, base: number, w: number, color?: string): void {
  const green = lc(ctx, color ?? pick(ctx, ["#5f9442", "#4f8a3c", "#72a04c"]));
  const g = lin(ctx, [
    [0, lighten(green, 0.15)],
    [1, darken(green, 0.25)],
  ]);
  let s = "";
  const n = Math.max(2, Math.round(w / 26));
  for (let i = 0; i < n; i++) {
    const cx = x + (i + 0.5) * (w / n);
    s += `<circle cx="${f(cx)}" cy="${f(base - (w / n) * 0.45)}" r="${f((w / n) * rr(ctx, 0.6, 0.8))}"/>`;
  }
  add(ctx, `<g fill="${g}">${s}</g>`);
}

function lampGlow(ctx: Ctx, x: number, y: number, r: number, color = "#ffcf73"): void {
  if (!ctx.light.night && ctx.time !== "sunset") return;
  const g = shared(ctx, `glow${color}`, () =>
    rad(ctx, [
      [0, color, 0.8],
      [0.3, color, 0.3],
      [1, color, 0],
    ]),
  );
  circle(ctx, x, y, r, g);
}

/** A box with a front face and a receding side face towards vanishing point `vp`. */
function box(ctx: Ctx, x0: number, y0: number, x1: number, y1: number, vp: Pt, depth: number, color: string, sideOnRight: boolean): { front: string; side: string } {
  const front = lc(ctx, color);
  const side = sc(ctx, color);
  const ex = sideOnRight ? x1 : x0;
  const a: Pt = [ex, y0];
  const b: Pt = [ex, y1];
  poly(ctx, [a, toward(a, vp, depth), toward(b, vp, depth), b], side);
  rect(ctx, x0, y0, x1 - x0, y1 - y0, front);
  return { front, side };
}

// ---------------------------------------------------------------------------
// Exteriors
// ---------------------------------------------------------------------------

const SAND_STONE = ["#e8d8bf", "#eadcc6", "#decbaa", "#efe4d2", "#e3d2b5"] as const;
const ACCENT = ["#8a6a4f", "#6f5a48", "#9a7b5c", "#5d5450", "#7d6a5a"] as const;

function villa(ctx: Ctx): void {
  const horizon = 660;
  sky(ctx, horizon);
  skyline(ctx, horizon + 10, 110, ctx.light.haze, 0.55, ctx.light.night);
  ground(ctx, horizon, "#d8c4a0");
  const base = 812;
  const stone = pick(ctx, SAND_STONE);
  const accent = pick(ctx, ACCENT);
  const trim = lighten(stone, 0.35);
  const vp: Pt = [W * 1.9, horizon];

  // palms behind the house
  const backPalms = ri(ctx, 1, 2);
  for (let i = 0; i < backPalms; i++) palm(ctx, rr(ctx, 120, 300) + i * 1150, base - 20, rr(ctx, 380, 460));

  const gx0 = rr(ctx, 230, 330);
  const gw = rr(ctx, 880, 1020);
  const gx1 = gx0 + gw;
  const gh = rr(ctx, 230, 260);
  const gy0 = base - gh;
  shadow(ctx, [
    [gx0 - 20, base],
    [gx1 + 160, base],
    [gx1 + 240, base + 30],
    [gx0 + 40, base + 30],
  ]);
  // ground floor
  box(ctx, gx0, gy0, gx1, base, vp, 0.08, stone, true);
  // upper floor (shifted)
  const uw = gw * rr(ctx, 0.58, 0.72);
  const ux0 = chance(ctx, 0.5) ? gx0 + rr(ctx, 0, 60) : gx1 - uw - rr(ctx, 0, 60);
  const ux1 = ux0 + uw;
  const uh = rr(ctx, 215, 240);
  const uy0 = gy0 - uh;
  box(ctx, ux0, uy0, ux1, gy0, vp, 0.06, stone, true);
  // roof annex (stair/penthouse)
  const ax0 = ux0 + uw * rr(ctx, 0.05, 0.5);
  const aw = uw * 0.3;
  box(ctx, ax0, uy0 - 80, ax0 + aw, uy0, vp, 0.05, lighten(stone, 0.05), true);

  // parapets
  const capC = lc(ctx, trim);
  rect(ctx, ux0 - 10, uy0 - 14, uw + 20, 16, capC);
  rect(ctx, gx0 - 10, gy0 - 14, gw + 20, 16, capC);
  rect(ctx, ax0 - 8, uy0 - 92, aw + 16, 14, capC);
  // stone coursing
  const course = shared(ctx, "course", () => {
    const id = nid(ctx, "p");
    ctx.defs.push(
      `<pattern id="${id}" width="120" height="34" patternUnits="userSpaceOnUse"><rect width="120" height="34" fill="none"/><path d="M0,33.5H120M60,0V17M0,17H120M20,17V34" stroke="#000" stroke-width="1.2" opacity="0.09" fill="none"/></pattern>`,
    );
    return `url(#${id})`;
  });
  rect(ctx, gx0, gy0, gw, gh, course);
  rect(ctx, ux0, uy0, uw, uh, course);

  const frame = lc(ctx, "#3b3631");
  // accent cladding panel on upper floor with vertical screen (mashrabiya-like fins)
  const px0 = ux0 + uw * rr(ctx, 0.45, 0.58);
  const pw = uw * rr(ctx, 0.28, 0.36);
  rect(ctx, px0, uy0 + 20, pw, uh - 20, lc(ctx, accent));
  windowPane(ctx, px0 + 14, uy0 + 40, pw - 28, uh - 64, frame, 0.85);
  const fins = Math.floor((pw - 28) / 16);
  let fs = "";
  for (let i = 0; i <= fins; i++) fs += `<rect x="${f(px0 + 14 + i * ((pw - 28) / fins) - 3)}" y="${f(uy0 + 34)}" width="6" height="${f(uh - 52)}"/>`;
  add(ctx, `<g fill="${lc(ctx, lighten(accent, 0.15))}">${fs}</g>`);
  // other upper windows
  const uwn = ri(ctx, 1, 2);
  for (let i = 0; i < uwn; i++) {
    const wx = ux0 + 40 + i * 150;
    if (wx + 110 < px0 - 20) windowPane(ctx, wx, uy0 + 50, 110, uh - 90, frame);
  }
  // ground floor: large glazing + entrance
  const ex = gx0 + gw * rr(ctx, 0.58, 0.72);
  const doorW = 110;
  // entrance canopy
  rect(ctx, ex - 40, gy0 + 40, doorW + 80, 14, capC);
  rect(ctx, ex, gy0 + 54, doorW, gh - 54, lc(ctx, darken(accent, 0.2)));
  rect(ctx, ex + doorW / 2 - 2, gy0 + 60, 4, gh - 60, lc(ctx, "#c9a56a"));
  lampGlow(ctx, ex + doorW / 2, gy0 + 70, 90);
  const gwin = ri(ctx, 2, 3);
  for (let i = 0; i < gwin; i++) {
    const wx = gx0 + 40 + i * 190;
    if (wx + 150 < ex - 30) {
      windowPane(ctx, wx, gy0 + 40, 150, gh - 40, frame, 0.8);
      line(ctx, wx + 75, gy0 + 40, wx + 75, base, frame, 3);
    }
  }
  // right-side small windows
  for (let wx = ex + doorW + 50; wx + 70 < gx1 - 20; wx += 120) windowPane(ctx, wx, gy0 + 50, 70, 90, frame);

  // facade uplights at night
  for (const ux of [gx0 + 18, ux0 + 18, ux1 - 18, gx1 - 18]) uplight(ctx, ux, ux === ux0 + 18 || ux === ux1 - 18 ? gy0 : base, 200);

  // boundary wall & gate
  const wallTop = base - rr(ctx, 60, 85);
  const wallBase = base + 50;
  const wallC = lighten(stone, 0.08);
  const gateX = rr(ctx, 180, 420);
  const gateW = 230;
  rect(ctx, 0, wallTop, gateX, wallBase - wallTop, lc(ctx, wallC));
  rect(ctx, gateX + gateW, wallTop, W - gateX - gateW, wallBase - wallTop, lc(ctx, wallC));
  rect(ctx, 0, wallTop - 10, W, 12, capC, "");
  // wall reveal lines
  rect(ctx, 0, wallTop + 22, W, 4, lc(ctx, darken(wallC, 0.1)));
  // shrubs peeking above the wall
  for (let x = 20; x < W; x += rr(ctx, 160, 260)) {
    if (x > gateX - 60 && x < gateX + gateW + 20) continue;
    shrub(ctx, x, wallTop - 6, rr(ctx, 70, 130), chance(ctx, 0.3) ? "#b84a7a" : undefined);
  }
  // gate
  const gateC = lc(ctx, pick(ctx, ["#3c3935", "#4b3f35", "#2f3438"]));
  rect(ctx, gateX, wallTop + 6, gateW, wallBase - wallTop - 6, gateC);
  let slats = "";
  for (let x = gateX + 10; x < gateX + gateW - 6; x += 12) slats += `<rect x="${f(x)}" y="${f(wallTop + 14)}" width="6" height="${f(wallBase - wallTop - 20)}"/>`;
  add(ctx, `<g fill="${lighten(gateC, 0.12)}">${slats}</g>`);
  // pillars
  for (const px of [gateX - 26, gateX + gateW]) {
    rect(ctx, px, wallTop - 34, 26, wallBase - wallTop + 34, lc(ctx, trim));
    rect(ctx, px - 4, wallTop - 42, 34, 10, lc(ctx, darken(trim, 0.08)));
    rect(ctx, px + 7, wallTop - 24, 12, 16, ctx.light.night ? "#ffe2a0" : lc(ctx, "#6d6a66"));
    lampGlow(ctx, px + 13, wallTop - 16, 60);
  }
  // front palms
  const fp = ri(ctx, 1, 2);
  for (let i = 0; i < fp; i++) {
    const x = i === 0 ? rr(ctx, 1200, 1500) : rr(ctx, 40, 140);
    palm(ctx, x, wallBase + 30, rr(ctx, 480, 560));
  }
  street(ctx, wallBase);
  if (chance(ctx, 0.5)) car(ctx, rr(ctx, 500, 1100), H - 40);
}

function tower(ctx: Ctx): void {
  const horizon = 760;
  sky(ctx, horizon);
  skyline(ctx, horizon + 20, 300, ctx.light.haze, 0.6, ctx.light.night);
  skyline(ctx, horizon + 40, 200, darken(ctx.light.haze, 0.2), 0.8, ctx.light.night);
  ground(ctx, horizon + 40, "#b8ad9c");
  const base = 880;
  const tw = rr(ctx, 300, 400);
  const tx0 = rr(ctx, 560, 760);
  const tx1 = tx0 + tw;
  const top = rr(ctx, 60, 150);
  const right = chance(ctx, 0.5);
  const vp: Pt = right ? [W * 2.4, horizon] : [-W * 1.4, horizon];
  const depth = 0.06;
  // neighbouring mid towers
  const nb: Array<[number, number, number]> = [
    [rr(ctx, 80, 220), rr(ctx, 200, 260), rr(ctx, 330, 470)],
    [rr(ctx, 1200, 1330), rr(ctx, 180, 240), rr(ctx, 360, 500)],
  ];
  const glassSide = lin(ctx, [
    [0, darken(ctx.light.glass[0], 0.3)],
    [0.5, mix(darken(ctx.light.glass[0], 0.2), ctx.light.glass[1], 0.5)],
    [1, darken(ctx.light.glass[1], 0.3)],
  ]);
  for (const [x, w, y] of nb) {
    const c = lc(ctx, pick(ctx, ["#c9c3b8", "#b9bfc6", "#d6cdbd"]));
    rect(ctx, x, y, w, base - y, c);
    const cols = Math.floor(w / 34);
    let s = "";
    let lit = "";
    for (let yy = y + 18; yy < base - 60; yy += 30) {
      s += `<rect x="${f(x + 10)}" y="${f(yy)}" width="${f(w - 20)}" height="18"/>`;
      if (ctx.light.night) {
        for (let i = 0; i < cols; i++) if (ctx.rnd() < 0.35) lit += `<rect x="${f(x + 10 + i * ((w - 20) / cols))}" y="${f(yy)}" width="${f((w - 20) / cols - 3)}" height="18"/>`;
      }
    }
    add(ctx, `<g fill="${glassFill(ctx)}">${s}</g>`);
    if (lit) add(ctx, `<g fill="${litFill(ctx)}">${lit}</g>`);
  }
  // main tower
  const ex = right ? tx1 : tx0;
  const a: Pt = [ex, top];
  const b: Pt = [ex, base];
  const sidePoly: Pt[] = [a, toward(a, vp, depth), toward(b, vp, depth), b];
  poly(ctx, sidePoly, glassSide);
  {
    // floor lines on the receding face
    let sg = "";
    for (let k = 0.05; k < 1; k += 0.05) {
      const p1 = toward(a, b, k);
      const p2 = toward(toward(a, vp, depth), toward(b, vp, depth), k);
      sg += `M${f(p1[0])},${f(p1[1])}L${f(p2[0])},${f(p2[1])}`;
    }
    for (const k of [0.33, 0.66]) {
      const p1 = toward(a, vp, depth * k);
      const p2 = toward(b, vp, depth * k);
      sg += `M${f(p1[0])},${f(p1[1])}L${f(p2[0])},${f(p2[1])}`;
    }
    add(ctx, `<path d="${sg}" stroke="${lc(ctx, "#2b3a4c")}" stroke-width="1.5" opacity="0.35" fill="none"/>`);
  }
  const gl = linU(
    ctx,
    [
      [0, lighten(ctx.light.glass[0], 0.1)],
      [0.5, mix(ctx.light.glass[0], ctx.light.glass[1], 0.5)],
      [1, ctx.light.glass[1]],
    ],
    0,
    top,
    0,
    base,
  );
  rect(ctx, tx0, top, tw, base - top, gl);
  // sky reflection streaks
  poly(
    ctx,
    [
      [tx0, top + (base - top) * 0.35],
      [tx1, top + (base - top) * 0.12],
      [tx1, top + (base - top) * 0.24],
      [tx0, top + (base - top) * 0.5],
    ],
    "#ffffff",
    ` opacity="${ctx.light.night ? 0.04 : 0.14}"`,
  );
  poly(
    ctx,
    [
      [tx0, top + (base - top) * 0.62],
      [tx1, top + (base - top) * 0.42],
      [tx1, top + (base - top) * 0.46],
      [tx0, top + (base - top) * 0.67],
    ],
    "#ffffff",
    ` opacity="${ctx.light.night ? 0.03 : 0.1}"`,
  );
  if (ctx.light.sun && !ctx.light.night) {
    // sun glint
    const g = rad(ctx, [
      [0, "#ffffff", 0.7],
      [1, "#ffffff", 0],
    ]);
    ellipse(ctx, tx0 + tw * 0.7, top + (base - top) * 0.2, tw * 0.4, 120, g, ` opacity="${ctx.time === "noon" ? 0.8 : 0.45}"`);
  }
  // grid
  const fh = rr(ctx, 20, 26);
  const cols = ri(ctx, 8, 12);
  const cw = tw / cols;
  let grid = "";
  for (let y = top + fh; y < base; y += fh) grid += `M${f(tx0)},${f(y)}H${f(tx1)}`;
  for (let i = 1; i < cols; i++) grid += `M${f(tx0 + i * cw)},${f(top)}V${f(base)}`;
  add(ctx, `<path d="${grid}" stroke="${lc(ctx, "#2b3a4c")}" stroke-width="1.6" opacity="0.5" fill="none"/>`);
  if (ctx.light.night) {
    let lit = "";
    for (let y = top + fh; y < base - 80; y += fh) {
      for (let i = 0; i < cols; i++) if (ctx.rnd() < 0.3) lit += `<rect x="${f(tx0 + i * cw + 2)}" y="${f(y + 2)}" width="${f(cw - 4)}" height="${f(fh - 4)}"/>`;
    }
    add(ctx, `<g fill="${litFill(ctx)}" opacity="0.9">${lit}</g>`);
  }
  // crown
  const crown = pick(ctx, ["slope", "fin", "step"]);
  const frameC = lc(ctx, "#dfe3e8");
  if (crown === "slope") {
    poly(
      ctx,
      [
        [tx0, top],
        [tx1, top],
        [tx1, top - 90],
      ],
      gl,
    );
    line(ctx, tx0, top, tx1, top - 90, frameC, 6);
  } else if (crown === "fin") {
    rect(ctx, tx0 + tw * 0.42, top - 160, tw * 0.16, 160, frameC);
    rect(ctx, tx0 + tw * 0.49, top - 240, 6, 80, frameC);
    if (ctx.light.night) circle(ctx, tx0 + tw * 0.49 + 3, top - 242, 5, "#ff5050");
  } else {
    rect(ctx, tx0 + tw * 0.1, top - 40, tw * 0.8, 40, gl);
    rect(ctx, tx0 + tw * 0.25, top - 80, tw * 0.5, 40, gl);
    rect(ctx, tx0 + tw * 0.1, top - 44, tw * 0.8, 6, frameC);
    rect(ctx, tx0 + tw * 0.25, top - 84, tw * 0.5, 6, frameC);
  }
  // vertical fins on edges
  rect(ctx, tx0 - 4, top, 8, base - top, frameC);
  rect(ctx, tx1 - 4, top, 8, base - top, frameC);
  // podium
  const px0 = tx0 - 140;
  const px1 = tx1 + 140;
  const ph = 90;
  box(ctx, px0, base - ph, px1, base, vp, 0.04, "#d9d2c6", right);
  windowPane(ctx, px0 + 30, base - ph + 22, px1 - px0 - 60, ph - 22, lc(ctx, "#3a3f46"), 1);
  rect(ctx, px0 - 10, base - ph - 8, px1 - px0 + 20, 14, lc(ctx, "#efe9df"));
  rect(ctx, (px0 + px1) / 2 - 110, base - ph + 10, 220, 12, lc(ctx, "#3a3f46"));
  lampGlow(ctx, (px0 + px1) / 2, base - ph + 30, 160);
  street(ctx, base);
  for (let x = 60; x < W; x += rr(ctx, 260, 340)) palm(ctx, x, base + 36, rr(ctx, 260, 320));
}

function apartment(ctx: Ctx): void {
  const horizon = 720;
  sky(ctx, horizon);
  skyline(ctx, horizon + 20, 160, ctx.light.haze, 0.5, ctx.light.night);
  ground(ctx, horizon, "#cdbb9c");
  const base = 860;
  const floors = ri(ctx, 4, 8);
  const fh = Math.min(100, 640 / (floors + 0.6));
  const bays = ri(ctx, 4, 6);
  const bw = rr(ctx, 150, 180);
  const bx0 = (W - bays * bw) / 2 + rr(ctx, -120, 60);
  const bx1 = bx0 + bays * bw;
  const top = base - floors * fh - fh * 0.3;
  const wall = pick(ctx, ["#efe6d8", "#e6d7bf", "#f2ece3", "#dcc9ad", "#e9dccc"]);
  const accent = pick(ctx, ["#b5764e", "#8d6e58", "#6c7a80", "#a0826a", "#c08a5d"]);
  const vp: Pt = [W * 2.2, horizon];
  shadow(ctx, [
    [bx0, base],
    [bx1 + 180, base],
    [bx1 + 260, base + 24],
    [bx0 + 30, base + 24],
  ]);
  box(ctx, bx0, top, bx1, base, vp, 0.12, wall, true);
  // side face windows
  for (let i = 0; i < floors; i++) {
    const y = base - (i + 1) * fh + fh * 0.28;
    const p1 = toward([bx1, y], vp, 0.03);
    const p2 = toward([bx1, y], vp, 0.07);
    const q1 = toward([bx1, y + fh * 0.45], vp, 0.03);
    const q2 = toward([bx1, y + fh * 0.45], vp, 0.07);
    poly(ctx, [p1, p2, q2, q1], ctx.light.night && chance(ctx, 0.5) ? "#f5c46a" : lc(ctx, darken(ctx.light.glass[1], 0.2)));
  }
  // parapet
  rooftop(ctx, bx0 + 40, bx1 - 40, top - 10);
  rect(ctx, bx0 - 8, top - 14, bx1 - bx0 + 16, 16, lc(ctx, lighten(wall, 0.4)));
  // accent vertical bands between bay pairs
  const frame = lc(ctx, "#3d3a37");
  const railC = lc(ctx, "#9fc3d8");
  const slab = lc(ctx, lighten(wall, 0.3));
  const balconyBays = new Set<number>();
  for (let b = 0; b < bays; b++) if (b % 2 === (chance(ctx, 0.5) ? 0 : 1) || chance(ctx, 0.3)) balconyBays.add(b);
  for (let b = 0; b < bays; b++) {
    const x = bx0 + b * bw;
    if (b % 3 === 1) rect(ctx, x + 6, top, bw - 12, base - top - fh, lc(ctx, accent), ' opacity="0.9"');
  }
  for (let i = 1; i < floors; i++) {
    const y = base - (i + 1) * fh;
    for (let b = 0; b < bays; b++) {
      const x = bx0 + b * bw;
      const balcony = balconyBays.has(b);
      windowPane(ctx, x + bw * 0.18, y + fh * 0.18, bw * 0.64, fh * 0.7, frame, 0.55);
      if (balcony) {
        rect(ctx, x + bw * 0.08, y + fh * 0.88, bw * 0.84, fh * 0.12, slab);
        rect(ctx, x + bw * 0.08, y + fh * 0.56, bw * 0.84, fh * 0.32, railC, ' opacity="0.6"');
        rect(ctx, x + bw * 0.08, y + fh * 0.54, bw * 0.84, 4, frame);
        rect(ctx, x + bw * 0.08, y + fh * 1.0, bw * 0.84, 5, darken(slab, 0.3), ' opacity="0.5"');
      }
    }
  }
  // ground floor lobby
  const gy = base - fh;
  rect(ctx, bx0, gy, bx1 - bx0, fh, lc(ctx, darken(wall, 0.08)));
  const lx = bx0 + bw * Math.floor(bays / 2);
  windowPane(ctx, lx + 10, gy + 14, bw - 20, fh - 14, frame, 1);
  rect(ctx, lx - 10, gy + 4, bw + 20, 10, slab);
  lampGlow(ctx, lx + bw / 2, gy + 20, 120);
  for (let b = 0; b < bays; b++) {
    if (bx0 + b * bw === lx) continue;
    windowPane(ctx, bx0 + b * bw + bw * 0.2, gy + fh * 0.25, bw * 0.6, fh * 0.45, frame, 0.4);
  }
  street(ctx, base);
  // trees in front
  const nt = ri(ctx, 2, 4);
  for (let i = 0; i < nt; i++) {
    const x = 120 + (i + rr(ctx, 0, 0.6)) * ((W - 240) / nt);
    if (chance(ctx, 0.5)) palm(ctx, x, base + 40, rr(ctx, 300, 380));
    else roundTree(ctx, x, base + 40, rr(ctx, 250, 320));
  }
  car(ctx, rr(ctx, 300, 1100), H - 60);
}

/** Saudi rooftop clutter: water tanks and AC units sitting on a roof line. */
function rooftop(ctx: Ctx, x0: number, x1: number, y: number): void {
  const n = ri(ctx, 1, 3);
  for (let i = 0; i < n; i++) {
    const x = rr(ctx, x0 + 20, x1 - 100);
    const w = rr(ctx, 50, 70);
    const h = rr(ctx, 34, 44);
    const c = lc(ctx, pick(ctx, ["#f1f1ee", "#dfe6ea", "#7fa7c4"]));
    const g = lin(
      ctx,
      [
        [0, darken(c, 0.2)],
        [0.35, lighten(c, 0.2)],
        [1, darken(c, 0.25)],
      ],
      0,
      0,
      1,
      0,
    );
    rect(ctx, x, y - h, w, h, g, ` rx="${f(w * 0.12)}"`);
    ellipse(ctx, x + w / 2, y - h, w / 2, 6, lighten(c, 0.1));
  }
  const ac = ri(ctx, 1, 3);
  for (let i = 0; i < ac; i++) {
    const x = rr(ctx, x0 + 10, x1 - 60);
    rect(ctx, x, y - 26, 46, 26, lc(ctx, "#c9ccd0"));
    circle(ctx, x + 16, y - 13, 9, lc(ctx, "#8e949a"));
  }
}

function uplight(ctx: Ctx, x: number, base: number, h: number): void {
  if (!ctx.light.night) return;
  const g = shared(ctx, "uplight", () =>
    lin(ctx, [
      [0, "#ffd98a", 0],
      [1, "#ffd98a", 0.45],
    ]),
  );
  poly(
    ctx,
    [
      [x - 6, base],
      [x + 6, base],
      [x + 40, base - h],
      [x - 40, base - h],
    ],
    g,
  );
}

function car(ctx: Ctx, x: number, y: number): void {
  const c = lc(ctx, pick(ctx, ["#f2f2f2", "#2d2f33", "#a8aeb6", "#8c2f2f", "#e3dccf"]));
  const body = lin(ctx, [
    [0, lighten(c, 0.15)],
    [1, darken(c, 0.25)],
  ]);
  ellipse(ctx, x + 130, y + 4, 150, 12, "#000", ' opacity="0.3"');
  path(ctx, `M${f(x)},${f(y - 10)} q0,-30 30,-34 l40,-4 q30,-40 80,-42 l60,0 q40,0 70,36 l40,6 q20,4 20,30 v14 h-340z`, body);
  path(ctx, `M${f(x + 82)},${f(y - 50)} q26,-32 66,-34 l40,0 q30,0 52,34z`, lc(ctx, "#2e3a48"));
  circle(ctx, x + 70, y - 4, 24, "#1c1c1f");
  circle(ctx, x + 70, y - 4, 11, lc(ctx, "#9ba1a8"));
  circle(ctx, x + 250, y - 4, 24, "#1c1c1f");
  circle(ctx, x + 250, y - 4, 11, lc(ctx, "#9ba1a8"));
  if (ctx.light.night) {
    ellipse(ctx, x + 334, y - 30, 8, 6, "#fff4cc");
  }
}

function land(ctx: Ctx): void {
  const horizon = 600;
  sky(ctx, horizon);
  skyline(ctx, horizon + 4, 70, ctx.light.haze, 0.5, ctx.light.night);
  const sand = pick(ctx, ["#e2c69a", "#dcbc8c", "#e8cfa4", "#d9b98a"]);
  ground(ctx, horizon, sand);
  // dunes
  for (let i = 0; i < 3; i++) {
    const y = horizon + 10 + i * 30;
    const c = lc(ctx, mix(sand, i % 2 ? "#c99d68" : "#f0d9b0", 0.4));
    let d = `M0,${f(y + 40)}`;
    let x = 0;
    while (x < W) {
      const w = rr(ctx, 220, 420);
      const h = rr(ctx, 20, 60);
      d += ` Q${f(x + w * 0.6)},${f(y - h)} ${f(x + w)},${f(y + 30)}`;
      x += w;
    }
    d += ` L${W},${H} L0,${H}Z`;
    path(
      ctx,
      d,
      lin(ctx, [
        [0, lighten(c, 0.1)],
        [0.4, c],
        [1, darken(c, 0.1)],
      ]),
    );
  }
  // plot
  const back = 730 + rr(ctx, -20, 20);
  const front = 990;
  const bl = rr(ctx, 420, 520);
  const br = rr(ctx, 1080, 1180);
  const fl = rr(ctx, 60, 200);
  const fr = rr(ctx, 1400, 1540);
  const plot: Pt[] = [
    [bl, back],
    [br, back],
    [fr, front],
    [fl, front],
  ];
  poly(
    ctx,
    plot,
    lin(ctx, [
      [0, lc(ctx, mix(sand, "#f3e2c2", 0.35))],
      [1, lc(ctx, mix(sand, "#c8a474", 0.25))],
    ]),
  );
  // tyre tracks / grading lines
  let tr = "";
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    const a = toward([bl, back], [br, back], t);
    const b = toward([fl, front], [fr, front], t);
    tr += `M${f(a[0])},${f(a[1])}L${f(b[0])},${f(b[1])}`;
  }
  add(ctx, `<path d="${tr}" stroke="${lc(ctx, darken(sand, 0.15))}" stroke-width="2" opacity="0.35" fill="none"/>`);
  // fence posts along edges
  const postC = lc(ctx, "#6b5a48");
  const wireC = lc(ctx, "#5a5148");
  const edge = (p: Pt, q: Pt, n: number): void => {
    let posts = "";
    const topPts: Pt[] = [];
    for (let i = 0; i <= n; i++) {
      const [x, y] = toward(p, q, i / n);
      const s = 0.4 + ((y - back) / (front - back)) * 0.9;
      const h = 60 * s;
      posts += `<rect x="${f(x - 3 * s)}" y="${f(y - h)}" width="${f(6 * s)}" height="${f(h)}"/>`;
      topPts.push([x, y - h]);
    }
    add(ctx, `<g fill="${postC}">${posts}</g>`);
    for (const k of [0.15, 0.5, 0.85]) {
      const d = topPts
        .map(([x, y], i) => {
          const [, by] = toward(p, q, i / n);
          return `${i === 0 ? "M" : "L"}${f(x)},${f(y + (by - y) * k)}`;
        })
        .join("");
      add(ctx, `<path d="${d}" stroke="${wireC}" stroke-width="1.5" fill="none" opacity="0.8"/>`);
    }
  };
  edge([bl, back], [br, back], 10);
  edge([bl, back], [fl, front], 8);
  edge([br, back], [fr, front], 8);
  // corner markers (red/white concrete beacons)
  for (const [x, y] of plot) {
    const s = 0.5 + ((y - back) / (front - back)) * 0.8;
    rect(ctx, x - 9 * s, y - 70 * s, 18 * s, 70 * s, lc(ctx, "#f3f0ea"));
    rect(ctx, x - 9 * s, y - 70 * s, 18 * s, 20 * s, lc(ctx, "#c8362f"));
    rect(ctx, x - 9 * s, y - 36 * s, 18 * s, 12 * s, lc(ctx, "#c8362f"));
  }
  // blank sale sign board
  const sx = (bl + br) / 2 + rr(ctx, -200, 200);
  const sy = back + 40;
  rect(ctx, sx - 70, sy - 150, 8, 150, lc(ctx, "#555"));
  rect(ctx, sx + 62, sy - 150, 8, 150, lc(ctx, "#555"));
  const brand = pick(ctx, ["#1f6f5c", "#23507a", "#a0522d", "#6a3d7a"]);
  rect(ctx, sx - 90, sy - 210, 180, 100, lc(ctx, brand));
  rect(ctx, sx - 76, sy - 196, 60, 60, lc(ctx, "#ffffff"), ' opacity="0.9"');
  rect(ctx, sx - 4, sy - 190, 80, 10, lc(ctx, "#ffffff"), ' opacity="0.85"');
  rect(ctx, sx - 4, sy - 170, 60, 8, lc(ctx, "#ffffff"), ' opacity="0.6"');
  rect(ctx, sx - 4, sy - 152, 70, 8, lc(ctx, "#ffffff"), ' opacity="0.6"');
  // desert shrubs and stones
  for (let i = 0; i < 14; i++) {
    const x = rr(ctx, 0, W);
    const y = rr(ctx, horizon + 40, H);
    const inside = y > back && x > fl && x < fr;
    if (inside) continue;
    const s = 0.4 + (y - horizon) / (H - horizon);
    shrub(ctx, x, y, 50 * s, pick(ctx, ["#8a9a5b", "#7c8b4f", "#9aa56a"]));
  }
  if (chance(ctx, 0.6)) palm(ctx, rr(ctx, 1350, 1550), horizon + 80, rr(ctx, 200, 260));
  // new asphalt access road along the front of the plot
  const ry = front + 18;
  rect(ctx, 0, ry, W, 8, lc(ctx, "#e9e3d6"));
  rect(ctx, 0, ry + 8, W, H - ry - 8, lc(ctx, "#4a4c52"));
  let dash = "";
  for (let x = 20; x < W; x += 160) dash += `<rect x="${x}" y="${f(ry + 26)}" width="90" height="6"/>`;
  add(ctx, `<g fill="${lc(ctx, "#f1eee6")}" opacity="0.8">${dash}</g>`);
  // street lights
  for (const px of [rr(ctx, 40, 120), rr(ctx, 1480, 1560)]) {
    rect(ctx, px, ry - 330, 8, 336, lc(ctx, "#6b6f75"));
    rect(ctx, px - 60, ry - 334, 68, 8, lc(ctx, "#6b6f75"));
    rect(ctx, px - 64, ry - 328, 24, 8, ctx.light.night ? "#fff1c4" : lc(ctx, "#d9dde1"));
    lampGlow(ctx, px - 52, ry - 320, 140, "#fff1c4");
  }
}

function commercial(ctx: Ctx): void {
  const horizon = 720;
  sky(ctx, horizon);
  skyline(ctx, horizon + 20, 190, ctx.light.haze, 0.55, ctx.light.night);
  ground(ctx, horizon, "#c7b89d");
  const base = 870;
  const floors = ri(ctx, 3, 5);
  const gfh = 205;
  const fh = rr(ctx, 92, 110);
  const bx0 = rr(ctx, 120, 220);
  const bx1 = W - rr(ctx, 200, 320);
  const top = base - gfh - floors * fh;
  const clad = pick(ctx, ["#e4ddd2", "#d8d2c8", "#efe7da", "#cfc7bb"]);
  const panel = pick(ctx, ["#2f4a5c", "#4a4f57", "#6b5648", "#35524a"]);
  const vp: Pt = [W * 2.3, horizon];
  shadow(ctx, [
    [bx0, base],
    [bx1 + 160, base],
    [bx1 + 220, base + 24],
    [bx0 + 30, base + 24],
  ]);
  box(ctx, bx0, top, bx1, base, vp, 0.1, clad, true);
  rect(ctx, bx0 - 8, top - 16, bx1 - bx0 + 16, 18, lc(ctx, lighten(clad, 0.4)));
  // ribbon windows with spandrel panels
  const frame = lc(ctx, "#2b2f35");
  for (let i = 0; i < floors; i++) {
    const y = top + i * fh;
    rect(ctx, bx0 + 30, y + fh * 0.12, bx1 - bx0 - 60, fh * 0.7, lc(ctx, panel));
    const n = Math.floor((bx1 - bx0 - 60) / 110);
    const ww = (bx1 - bx0 - 60) / n;
    for (let k = 0; k < n; k++) windowPane(ctx, bx0 + 30 + k * ww + 4, y + fh * 0.18, ww - 8, fh * 0.58, frame, 0.5);
  }
  // vertical fins
  const fins = ri(ctx, 0, 1) === 1;
  if (fins) {
    let fs = "";
    for (let x = bx0 + 30; x <= bx1 - 30; x += 55) fs += `<rect x="${f(x - 3)}" y="${f(top)}" width="6" height="${f(floors * fh)}"/>`;
    add(ctx, `<g fill="${lc(ctx, lighten(clad, 0.2))}">${fs}</g>`);
  }
  // sign band
  const gy = base - gfh;
  rect(ctx, bx0, gy, bx1 - bx0, 30, lc(ctx, darken(clad, 0.15)));
  // shops
  const shops = ri(ctx, 3, 5);
  const sw = (bx1 - bx0) / shops;
  const awnings = ["#c0392b", "#1f6f5c", "#e0a526", "#2c5f8a", "#8e44ad", "#d35400"];
  for (let i = 0; i < shops; i++) {
    const x = bx0 + i * sw;
    const c = pick(ctx, awnings);
    // sign plate (blank, brand colour + logo dot)
    rect(ctx, x + 16, gy + 40, sw - 32, 26, lc(ctx, c));
    circle(ctx, x + 34, gy + 53, 8, "#ffffff", ' opacity="0.85"');
    rect(ctx, x + 50, gy + 49, (sw - 32) * 0.35, 8, "#ffffff", ' opacity="0.7"');
    if (ctx.light.night) lampGlow(ctx, x + sw / 2, gy + 53, sw * 0.5, "#ffe9b0");
    // glass front
    const gx = x + 14;
    const gw = sw - 28;
    rect(ctx, gx, gy + 76, gw, gfh - 76, ctx.light.night ? litFill(ctx) : glassFill(ctx));
    // merchandise silhouettes
    let m = "";
    for (let k = 0; k < 4; k++) m += `<rect x="${f(gx + 10 + k * (gw / 4))}" y="${f(base - 40 - rr(ctx, 0, 20))}" width="${f(gw / 4 - 18)}" height="40"/>`;
    add(ctx, `<g fill="${lc(ctx, "#4a4036")}" opacity="0.35">${m}</g>`);
    line(ctx, gx + gw * 0.62, gy + 76, gx + gw * 0.62, base, frame, 4);
    add(ctx, `<rect x="${f(gx)}" y="${f(gy + 76)}" width="${f(gw)}" height="${f(gfh - 76)}" fill="none" stroke="${frame}" stroke-width="5"/>`);
    awning(ctx, x + 8, gy + 70, sw - 16, 58, c);
  }
  street(ctx, base);
  const nt = ri(ctx, 2, 3);
  for (let i = 0; i < nt; i++) palm(ctx, 100 + i * ((W - 200) / nt) + rr(ctx, 0, 200), base + 36, rr(ctx, 300, 360));
  if (chance(ctx, 0.7)) car(ctx, rr(ctx, 200, 1100), H - 50);
}

/** Striped awning seen slightly from below, with a scalloped edge. */
function awning(ctx: Ctx, x: number, y: number, w: number, h: number, color: string): void {
  const c = lc(ctx, color);
  const stripes = Math.max(4, Math.round(w / 36));
  const sw = w / stripes;
  let s = "";
  for (let i = 0; i < stripes; i += 2) {
    s += `<polygon points="${pts([
      [x + i * sw, y],
      [x + (i + 1) * sw, y],
      [x + (i + 1) * sw - 6 + (i + 1) * sw * 0.04, y + h],
      [x + i * sw - 6 + i * sw * 0.04, y + h],
    ])}"/>`;
  }
  poly(
    ctx,
    [
      [x, y],
      [x + w, y],
      [x + w + w * 0.04, y + h],
      [x - 6, y + h],
    ],
    lc(ctx, "#f4efe6"),
  );
  add(ctx, `<g fill="${c}">${s}</g>`);
  // valance with scalloped lower edge
  const vx0 = x - 6;
  const vw = w + w * 0.04 + 6;
  const vh = h * 0.28;
  let d = `M${f(vx0)},${f(y + h)} h${f(vw)} v${f(vh)}`;
  const k = stripes * 2;
  for (let i = 0; i < k; i++) d += ` a${f(vw / k / 2)},${f(vh * 0.6)} 0 0 1 ${f(-vw / k)},0`;
  d += "Z";
  path(ctx, d, darken(c, 0.08));
  rect(ctx, vx0, y + h, vw, 3, lighten(c, 0.3), ' opacity="0.6"');
  // shadow cast on the wall below
  rect(ctx, vx0 + 8, y + h + vh, vw - 16, h * 0.5, "#000", ' opacity="0.12"');
}

function shop(ctx: Ctx): void {
  const horizon = 760;
  sky(ctx, horizon);
  const base = 900;
  const facade = pick(ctx, ["#efe6d6", "#2f3b45", "#e8dccb", "#3d4a3f", "#f4f0ea", "#6e4b3a"]);
  const brand = pick(ctx, ["#c0392b", "#1f6f5c", "#e0a526", "#2c5f8a", "#8e44ad", "#d35400", "#2b2b2b"]);
  const x0 = 120;
  const x1 = W - 120;
  const top = 140;
  rect(ctx, 0, top, W, base - top, lc(ctx, darken(facade, 0.1)));
  rect(ctx, x0, top - 30, x1 - x0, base - top + 30, lc(ctx, facade));
  rect(ctx, x0 - 10, top - 44, x1 - x0 + 20, 18, lc(ctx, lighten(facade, 0.25)));
  // upper windows
  const frame = lc(ctx, "#26292d");
  const un = ri(ctx, 3, 5);
  const uw = (x1 - x0 - 80) / un;
  for (let i = 0; i < un; i++) windowPane(ctx, x0 + 40 + i * uw + 16, top + 20, uw - 32, 150, frame, 0.5);
  // sign band
  const sy = top + 210;
  if (ctx.light.night) {
    const g = rad(ctx, [
      [0, lighten(brand, 0.3), 0.5],
      [1, brand, 0],
    ]);
    ellipse(ctx, W / 2, sy + 45, (x1 - x0) / 2 + 40, 110, g);
  }
  rect(ctx, x0 + 30, sy, x1 - x0 - 60, 90, ctx.light.night ? lighten(brand, 0.1) : lc(ctx, brand));
  const lx = W / 2;
  circle(ctx, lx - 170, sy + 45, 30, "#ffffff", ' opacity="0.92"');
  circle(ctx, lx - 170, sy + 45, 14, lc(ctx, brand));
  rect(ctx, lx - 120, sy + 28, 280, 16, "#ffffff", ' opacity="0.9"');
  rect(ctx, lx - 120, sy + 54, 180, 10, "#ffffff", ' opacity="0.6"');
  // storefront glass
  const gy0 = sy + 150;
  const gx0 = x0 + 40;
  const gx1 = x1 - 40;
  const inside =
    ctx.light.night || ctx.time === "sunset"
      ? litFill(ctx)
      : lin(ctx, [
          [0, lc(ctx, "#f6efe2")],
          [1, lc(ctx, "#d9c9b0")],
        ]);
  rect(ctx, gx0, gy0, gx1 - gx0, base - gy0, inside);
  // interior shelves and displays
  let shelves = "";
  for (let k = 0; k < 3; k++) shelves += `<rect x="${f(gx0 + 20)}" y="${f(gy0 + 70 + k * 80)}" width="${f((gx1 - gx0) * 0.3)}" height="8"/>`;
  for (let k = 0; k < 3; k++) shelves += `<rect x="${f(gx1 - 20 - (gx1 - gx0) * 0.3)}" y="${f(gy0 + 70 + k * 80)}" width="${f((gx1 - gx0) * 0.3)}" height="8"/>`;
  add(ctx, `<g fill="${lc(ctx, "#8a6f55")}" opacity="0.7">${shelves}</g>`);
  let goods = "";
  const goodsC = ["#d35400", "#2c5f8a", "#1f6f5c", "#e0a526", "#8e44ad", "#c0392b"];
  for (let k = 0; k < 3; k++) {
    for (const sx of [gx0 + 24, gx1 - 16 - (gx1 - gx0) * 0.3]) {
      let x = sx;
      while (x < sx + (gx1 - gx0) * 0.3 - 30) {
        const w = rr(ctx, 16, 34);
        const h = rr(ctx, 24, 50);
        goods += `<rect x="${f(x)}" y="${f(gy0 + 70 + k * 80 - h)}" width="${f(w)}" height="${f(h)}" fill="${lc(ctx, pick(ctx, goodsC))}"/>`;
        x += w + 6;
      }
    }
  }
  add(ctx, `<g opacity="0.75">${goods}</g>`);
  // pendant lights inside
  for (let k = 0; k < 5; k++) {
    const x = gx0 + (k + 0.5) * ((gx1 - gx0) / 5);
    line(ctx, x, gy0, x, gy0 + 40, frame, 2);
    path(ctx, `M${f(x - 18)},${f(gy0 + 56)} L${f(x - 8)},${f(gy0 + 40)} L${f(x + 8)},${f(gy0 + 40)} L${f(x + 18)},${f(gy0 + 56)}Z`, lc(ctx, "#2b2b2b"));
    ellipse(ctx, x, gy0 + 57, 16, 4, "#fff1c4");
  }
  // reflections
  poly(
    ctx,
    [
      [gx0, base],
      [gx0 + 260, gy0],
      [gx0 + 380, gy0],
      [gx0 + 120, base],
    ],
    "#ffffff",
    ' opacity="0.16"',
  );
  poly(
    ctx,
    [
      [gx1 - 420, base],
      [gx1 - 200, gy0],
      [gx1 - 150, gy0],
      [gx1 - 370, base],
    ],
    "#ffffff",
    ' opacity="0.12"',
  );
  // mullions + door
  const doorX = W / 2 - 90;
  let mul = "";
  for (const mx of [gx0 + (doorX - gx0) / 2, doorX, doorX + 180, doorX + 180 + (gx1 - doorX - 180) / 2])
    mul += `<rect x="${f(mx - 4)}" y="${f(gy0)}" width="8" height="${f(base - gy0)}"/>`;
  add(ctx, `<g fill="${frame}">${mul}</g>`);
  rect(ctx, doorX + 86, gy0 + 120, 8, 90, lc(ctx, "#c9a56a"));
  add(ctx, `<rect x="${f(gx0)}" y="${f(gy0)}" width="${f(gx1 - gx0)}" height="${f(base - gy0)}" fill="none" stroke="${frame}" stroke-width="10"/>`);
  awning(ctx, gx0 - 20, gy0 - 18, gx1 - gx0 + 40, 70, brand);
  // planters
  for (const px of [gx0 - 70, gx1 + 10]) {
    rect(ctx, px, base - 70, 60, 70, lc(ctx, "#4a4a4a"));
    shrub(ctx, px - 10, base - 64, 80, "#4f8a3c");
  }
  // sidewalk
  rect(ctx, 0, base, W, H - base, lc(ctx, "#cfc6b8"));
  let tiles = "";
  for (let x = -40; x < W + 40; x += 100) tiles += `M${f(x)},${f(base)}L${f(x + (x - W / 2) * 0.4)},${H}`;
  for (let y = base + 40; y < H; y += 50 + (y - base) * 0.3) tiles += `M0,${f(y)}H${W}`;
  add(ctx, `<path d="${tiles}" stroke="${lc(ctx, "#a99f90")}" stroke-width="2" opacity="0.6" fill="none"/>`);
  if (ctx.light.night || ctx.time === "sunset") {
    const g = lin(ctx, [
      [0, "#ffd98a", 0.45],
      [1, "#ffd98a", 0],
    ]);
    poly(
      ctx,
      [
        [gx0, base],
        [gx1, base],
        [gx1 + 200, H],
        [gx0 - 200, H],
      ],
      g,
    );
  }
}

function warehouse(ctx: Ctx): void {
  const horizon = 700;
  sky(ctx, horizon);
  skyline(ctx, horizon + 10, 90, ctx.light.haze, 0.45, ctx.light.night);
  ground(ctx, horizon, "#cbb898");
  const base = 850;
  const bx0 = rr(ctx, 100, 200);
  const bx1 = W - rr(ctx, 240, 330);
  const wallH = rr(ctx, 300, 340);
  const ridge = rr(ctx, 40, 70);
  const top = base - wallH;
  const clad = pick(ctx, ["#d9dde1", "#e6e2d8", "#c9d1d6", "#dcd5c6"]);
  const band = pick(ctx, ["#2c5f8a", "#1f6f5c", "#c0392b", "#3b3f46", "#d35400"]);
  const vp: Pt = [W * 2.1, horizon];
  shadow(ctx, [
    [bx0, base],
    [bx1 + 200, base],
    [bx1 + 260, base + 30],
    [bx0 + 30, base + 30],
  ]);
  // side (gable) face
  const sa: Pt = [bx1, top];
  const sb: Pt = [bx1, base];
  const d = 0.14;
  const sa2 = toward(sa, vp, d);
  const sb2 = toward(sb, vp, d);
  const mid = toward([bx1, top - ridge], vp, d / 2);
  poly(ctx, [sa, mid, sa2, sb2, sb], sc(ctx, clad));
  rect(ctx, bx0, top, bx1 - bx0, wallH, lc(ctx, clad));
  // cladding ribs
  const ribs = shared(ctx, "ribs", () => {
    const id = nid(ctx, "p");
    ctx.defs.push(
      `<pattern id="${id}" width="18" height="10" patternUnits="userSpaceOnUse"><rect x="0" y="0" width="5" height="10" fill="#000" opacity="0.1"/><rect x="5" y="0" width="2" height="10" fill="#fff" opacity="0.2"/></pattern>`,
    );
    return `url(#${id})`;
  });
  rect(ctx, bx0, top, bx1 - bx0, wallH, ribs);
  poly(ctx, [sa, mid, sa2, sb2, sb], ribs);
  // roof fascia and gable trim
  rect(ctx, bx0 - 8, top - 14, bx1 - bx0 + 12, 18, lc(ctx, darken(clad, 0.3)));
  add(ctx, `<polyline points="${pts([[bx1 + 4, top - 12], mid, sa2])}" fill="none" stroke="${lc(ctx, darken(clad, 0.3))}" stroke-width="8"/>`);
  // side door and window on the gable face
  const sd1 = toward(sb, vp, d * 0.3);
  const sd2 = toward(sb, vp, d * 0.45);
  poly(ctx, [[sd1[0], sd1[1] - 110], [sd2[0], sd2[1] - 106], sd2, sd1], lc(ctx, "#5b636b"));
  // brand band
  rect(ctx, bx0, top + 16, bx1 - bx0, 34, lc(ctx, band));
  rect(ctx, bx0 + 40, top + 24, 18, 18, "#ffffff", ' opacity="0.85"');
  rect(ctx, bx0 + 70, top + 28, 160, 10, "#ffffff", ' opacity="0.7"');
  // clerestory
  const frame = lc(ctx, "#3a3f46");
  for (let x = bx0 + 40; x + 120 < bx1; x += 160) windowPane(ctx, x, top + 64, 120, 32, frame, 0.7);
  // roller doors
  const doors = ri(ctx, 3, 5);
  const dw = rr(ctx, 150, 180);
  const gap = (bx1 - bx0 - doors * dw) / (doors + 1);
  const slats = shared(ctx, "slats", () => {
    const id = nid(ctx, "p");
    ctx.defs.push(`<pattern id="${id}" width="10" height="12" patternUnits="userSpaceOnUse"><rect width="10" height="2" fill="#000" opacity="0.18"/></pattern>`);
    return `url(#${id})`;
  });
  for (let i = 0; i < doors; i++) {
    const x = bx0 + gap + i * (dw + gap);
    const dy = base - 150;
    rect(ctx, x - 10, dy - 14, dw + 20, 164, lc(ctx, darken(clad, 0.25)));
    // canopy over each door
    rect(ctx, x - 20, dy - 30, dw + 40, 12, lc(ctx, darken(clad, 0.4)));
    rect(ctx, x - 14, dy - 18, dw + 28, 10, "#000", ' opacity="0.12"');
    const open = chance(ctx, 0.25);
    rect(ctx, x, dy, dw, 150, open ? (ctx.light.night ? litFill(ctx) : lc(ctx, "#3a3631")) : lc(ctx, pick(ctx, ["#b8bec4", "#a9b0b6", "#c6c2b8"])));
    if (!open) rect(ctx, x, dy, dw, 150, slats);
    rect(ctx, x - 10, base - 10, dw + 20, 10, lc(ctx, "#e5c232"));
    lampGlow(ctx, x + dw / 2, dy - 20, 80);
    rect(ctx, x + dw / 2 - 10, dy - 24, 20, 8, ctx.light.night ? "#fff1c4" : frame);
  }
  // yard
  const yard = linU(
    ctx,
    [
      [0, lc(ctx, "#8d8a85")],
      [1, lc(ctx, "#5f5d5a")],
    ],
    0,
    base,
    0,
    H,
  );
  poly(
    ctx,
    [
      [0, base + 6],
      [W, base + 6],
      [W, H],
      [0, H],
    ],
    yard,
  );
  let lines = "";
  for (let i = 0; i < doors; i++) {
    const x = bx0 + gap + i * (dw + gap) + dw / 2;
    lines += `M${f(x - dw / 2 - 20)},${f(base + 10)}L${f(x - dw / 2 - 20 - (x - W / 2) * 0.1 - 60)},${H}`;
  }
  add(ctx, `<path d="${lines}" stroke="${lc(ctx, "#f2efe6")}" stroke-width="5" opacity="0.7" fill="none"/>`);
  // truck or container
  if (chance(ctx, 0.85)) {
    const tx = rr(ctx, 250, 800);
    const ty = H - 70;
    const cc = lc(ctx, pick(ctx, ["#c0392b", "#2c5f8a", "#e0a526", "#1f6f5c"]));
    ellipse(ctx, tx + 260, ty + 6, 300, 14, "#000", ' opacity="0.3"');
    rect(ctx, tx, ty - 190, 420, 180, cc);
    rect(ctx, tx, ty - 190, 420, 180, ribs);
    const cab = lc(ctx, pick(ctx, ["#ececec", "#d9dde1", "#2f4a5c"]));
    path(
      ctx,
      `M${f(tx + 428)},${f(ty - 10)} V${f(ty - 190)} H${f(tx + 520)} Q${f(tx + 560)},${f(ty - 190)} ${f(tx + 566)},${f(ty - 120)} L${f(tx + 590)},${f(ty - 100)} V${f(ty - 10)}Z`,
      cab,
    );
    path(ctx, `M${f(tx + 490)},${f(ty - 176)} H${f(tx + 522)} Q${f(tx + 550)},${f(ty - 176)} ${f(tx + 554)},${f(ty - 124)} H${f(tx + 490)}Z`, lc(ctx, "#2e3a48"));
    rect(ctx, tx + 440, ty - 60, 150, 10, darken(cab, 0.2));
    if (ctx.light.night) lampGlow(ctx, tx + 588, ty - 50, 70, "#fff4cc");
    for (const wx of [tx + 70, tx + 150, tx + 520]) {
      circle(ctx, wx, ty - 6, 26, "#1c1c1f");
      circle(ctx, wx, ty - 6, 11, lc(ctx, "#9ba1a8"));
    }
  }
  // light poles
  for (const px of [bx0 - 60, bx1 + 140]) {
    rect(ctx, px, base - 300, 8, 320, lc(ctx, "#6b6f75"));
    rect(ctx, px - 20, base - 306, 48, 10, lc(ctx, "#6b6f75"));
    lampGlow(ctx, px + 4, base - 296, 120, "#fff1c4");
  }
  // fence in front
  let fence = "";
  for (let x = 0; x < W; x += 40) fence += `M${x},${H - 180}V${H}`;
  fence += `M0,${H - 176}H${W}M0,${H - 120}H${W}`;
  add(ctx, `<path d="${fence}" stroke="${lc(ctx, "#4a4f55")}" stroke-width="3" opacity="0.35" fill="none"/>`);
}

// ---------------------------------------------------------------------------
// Interiors
// ---------------------------------------------------------------------------

interface Room {
  bx0: number;
  bx1: number;
  by0: number;
  by1: number;
}

/** Interior light: tints the room warmer at sunset, dimmer with lamp pools at night. */
function ilc(ctx: Ctx, c: string): string {
  switch (ctx.time) {
    case "morning":
      return mix(c, "#fff0dc", 0.06);
    case "noon":
      return c;
    case "sunset":
      return mix(c, "#ff9f66", 0.14);
    case "night":
      return mix(mix(c, "#5a4058", 0.3), "#140c10", 0.22);
  }
}

function room(ctx: Ctx, wall: string, floor: "wood" | "marble" | "tile", wallAlt?: string): Room {
  const bx0 = rr(ctx, 240, 300);
  const bx1 = W - rr(ctx, 240, 300);
  const by0 = rr(ctx, 110, 150);
  const by1 = rr(ctx, 730, 770);
  const back = ilc(ctx, wall);
  // ceiling
  poly(
    ctx,
    [
      [0, 0],
      [W, 0],
      [bx1, by0],
      [bx0, by0],
    ],
    ilc(ctx, lighten(wall, 0.35)),
  );
  // side walls
  const sideW = ilc(ctx, darken(wallAlt ?? wall, 0.08));
  poly(
    ctx,
    [
      [0, 0],
      [bx0, by0],
      [bx0, by1],
      [0, H],
    ],
    linU(
      ctx,
      [
        [0, darken(sideW, 0.08)],
        [1, sideW],
      ],
      0,
      0,
      bx0,
      0,
    ),
  );
  poly(
    ctx,
    [
      [W, 0],
      [bx1, by0],
      [bx1, by1],
      [W, H],
    ],
    linU(
      ctx,
      [
        [0, sideW],
        [1, darken(sideW, 0.12)],
      ],
      bx1,
      0,
      W,
      0,
    ),
  );
  rect(ctx, bx0, by0, bx1 - bx0, by1 - by0, back);
  // cove light line
  line(ctx, bx0, by0 + 2, bx1, by0 + 2, ctx.time === "night" ? "#ffe0a0" : lighten(back, 0.3), 4);
  // floor
  const fc =
    floor === "wood" ? pick(ctx, ["#b8875a", "#c49a6c", "#a97c52"]) : floor === "marble" ? pick(ctx, ["#ece7df", "#e4ddd2", "#f1ede6"]) : pick(ctx, ["#d8cbb8", "#cdbfa9"]);
  const fl = ilc(ctx, fc);
  poly(
    ctx,
    [
      [bx0, by1],
      [bx1, by1],
      [W, H],
      [0, H],
    ],
    linU(
      ctx,
      [
        [0, darken(fl, 0.08)],
        [1, lighten(fl, 0.06)],
      ],
      0,
      by1,
      0,
      H,
    ),
  );
  // floor lines towards vanishing point
  let d = "";
  const n = floor === "wood" ? 16 : 9;
  for (let i = 1; i < n; i++) {
    const xb = bx0 + ((bx1 - bx0) * i) / n;
    const xf = (W * i) / n;
    d += `M${f(xb)},${f(by1)}L${f(xf)},${H}`;
  }
  if (floor !== "wood") {
    for (const t of [0.12, 0.3, 0.58]) d += `M0,${f(by1 + (H - by1) * t)}H${W}`;
  }
  add(ctx, `<path d="${d}" stroke="${darken(fl, 0.18)}" stroke-width="1.5" opacity="0.45" fill="none"/>`);
  // skirting
  rect(ctx, bx0, by1 - 10, bx1 - bx0, 10, ilc(ctx, darken(wall, 0.12)));
  return { bx0, bx1, by0, by1 };
}

/** Window on the back wall showing the sky and a sliver of city. */
function roomWindow(ctx: Ctx, x: number, y: number, w: number, h: number, curtains: string | null): void {
  const L = ctx.light;
  const sk = lin(
    ctx,
    L.sky.map(([o, c]) => [o, c] as const),
  );
  rect(ctx, x, y, w, h, sk);
  if (L.night) {
    for (let i = 0; i < 14; i++) circle(ctx, x + rr(ctx, 5, w - 5), y + rr(ctx, 5, h * 0.5), 1.4, "#fffbe8");
  }
  // distant skyline in window
  let s = "";
  let wx = x;
  while (wx < x + w) {
    const bw = rr(ctx, 18, 50);
    const bh = rr(ctx, h * 0.1, h * 0.35);
    s += `<rect x="${f(wx)}" y="${f(y + h - bh)}" width="${f(Math.min(bw, x + w - wx))}" height="${f(bh)}"/>`;
    wx += bw + 2;
  }
  add(ctx, `<g fill="${L.haze}" opacity="0.8">${s}</g>`);
  if (!L.night) {
    poly(
      ctx,
      [
        [x + w * 0.1, y + h],
        [x + w * 0.4, y],
        [x + w * 0.55, y],
        [x + w * 0.25, y + h],
      ],
      "#ffffff",
      ' opacity="0.18"',
    );
  }
  const fr = ilc(ctx, "#f4f1ec");
  add(ctx, `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="${fr}" stroke-width="10"/>`);
  const mull = Math.max(1, Math.round(w / 170));
  for (let i = 1; i < mull + 1; i++) line(ctx, x + (w * i) / (mull + 1), y, x + (w * i) / (mull + 1), y + h, fr, 6);
  if (curtains) {
    const c = ilc(ctx, curtains);
    const g = lin(
      ctx,
      [
        [0, darken(c, 0.12)],
        [0.3, lighten(c, 0.1)],
        [0.6, c],
        [1, darken(c, 0.15)],
      ],
      0,
      0,
      1,
      0,
    );
    rect(ctx, x - 70, y - 30, 90, h + 60, g);
    rect(ctx, x + w - 20, y - 30, 90, h + 60, g);
    rect(ctx, x - 90, y - 38, w + 180, 8, ilc(ctx, "#3a3530"));
  }
}

/** A window on the left or right side wall, in perspective, with curtains. */
function sideWindow(ctx: Ctx, r: Room, left: boolean, curtain: string): void {
  const at = (u: number, v: number): Pt => {
    const xw = left ? r.bx0 : r.bx1;
    const xe = left ? 0 : W;
    const x = xe + (xw - xe) * u;
    const top = r.by0 * u;
    const bot = H + (r.by1 - H) * u;
    return [x, top + (bot - top) * v];
  };
  const u1 = 0.3;
  const u2 = 0.78;
  const v1 = 0.18;
  const v2 = 0.72;
  const q: Pt[] = [at(u1, v1), at(u2, v1), at(u2, v2), at(u1, v2)];
  const L = ctx.light;
  poly(
    ctx,
    q,
    lin(
      ctx,
      L.sky.map(([o, c]) => [o, c] as const),
    ),
  );
  if (!L.night) poly(ctx, [at(u1 + 0.1, v1), at(u1 + 0.2, v1), at(u1 + 0.12, v2), at(u1 + 0.02, v2)], "#ffffff", ' opacity="0.2"');
  const fr = ilc(ctx, "#f4f1ec");
  add(ctx, `<polygon points="${pts(q)}" fill="none" stroke="${fr}" stroke-width="10"/>`);
  const m1 = at((u1 + u2) / 2, v1);
  const m2 = at((u1 + u2) / 2, v2);
  line(ctx, m1[0], m1[1], m2[0], m2[1], fr, 6);
  const c = ilc(ctx, curtain);
  const g = lin(
    ctx,
    [
      [0, darken(c, 0.15)],
      [0.5, lighten(c, 0.1)],
      [1, darken(c, 0.1)],
    ],
    0,
    0,
    1,
    0,
  );
  for (const [a, b] of [
    [u1 - 0.1, u1 + 0.02],
    [u2 - 0.02, u2 + 0.08],
  ] as const) {
    poly(ctx, [at(a, v1 - 0.05), at(b, v1 - 0.05), at(b, 1), at(a, 1)], g);
  }
  // light falling on the floor
  if (ctx.time !== "night") {
    const lc2 = ctx.time === "sunset" ? "#ffb070" : "#fff4dc";
    const fl = lin(
      ctx,
      [
        [0, lc2, 0.45],
        [1, lc2, 0],
      ],
      left ? 0 : 1,
      0,
      left ? 1 : 0,
      0,
    );
    const b1 = at(u1, 1);
    const b2 = at(u2, 1);
    const push = left ? 380 : -380;
    poly(ctx, [b1, b2, [b2[0] + push, b2[1] + 40], [b1[0] + push * 1.3, b1[1] - 20]], fl);
  }
}

/** Warm light patch on the floor from a window, or a lamp pool at night. */
function sunPatch(ctx: Ctx, r: Room, x: number, w: number): void {
  if (ctx.time === "night") return;
  const c = ctx.time === "sunset" ? "#ffb070" : "#fff4dc";
  const g = lin(ctx, [
    [0, c, 0.4],
    [1, c, 0],
  ]);
  const sh = ctx.time === "morning" ? 260 : ctx.time === "sunset" ? -260 : 0;
  poly(
    ctx,
    [
      [x, r.by1],
      [x + w, r.by1],
      [x + w + sh + w * 0.3, H],
      [x + sh - w * 0.3, H],
    ],
    g,
  );
}

function plant(ctx: Ctx, x: number, base: number, h: number): void {
  const pot = ilc(ctx, pick(ctx, ["#d9d2c6", "#3a3a3a", "#c07a52", "#ece6da"]));
  path(ctx, `M${f(x - h * 0.16)},${f(base - h * 0.28)} L${f(x + h * 0.16)},${f(base - h * 0.28)} L${f(x + h * 0.12)},${f(base)} L${f(x - h * 0.12)},${f(base)}Z`, pot);
  const g = ilc(ctx, pick(ctx, ["#4f8a3c", "#3f7a44", "#5c9440"]));
  let s = "";
  const n = 9;
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i / (n - 1) - 0.5) * 2.4;
    const len = h * rr(ctx, 0.55, 0.75);
    const ex = x + Math.cos(a) * len * 0.6;
    const ey = base - h * 0.28 + Math.sin(a) * len;
    const nx = -Math.sin(a) * h * 0.07;
    const ny = Math.cos(a) * h * 0.03;
    s += `<path d="M${f(x)},${f(base - h * 0.28)} Q${f((x + ex) / 2 + nx)},${f((base - h * 0.28 + ey) / 2 + ny)} ${f(ex)},${f(ey)} Q${f((x + ex) / 2 - nx)},${f((base - h * 0.28 + ey) / 2 - ny)} ${f(x)},${f(base - h * 0.28)}Z" fill="${i % 2 ? g : darken(g, 0.2)}"/>`;
  }
  add(ctx, `<g>${s}</g>`);
}

function lampPool(ctx: Ctx, x: number, y: number, r: number): void {
  if (ctx.time !== "night" && ctx.time !== "sunset") return;
  const g = shared(ctx, "pool", () =>
    rad(ctx, [
      [0, "#ffd68a", 0.55],
      [0.4, "#ffc86a", 0.2],
      [1, "#ffc86a", 0],
    ]),
  );
  circle(ctx, x, y, r, g);
}

function wallArt(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  rect(ctx, x - 8, y - 8, w + 16, h + 16, ilc(ctx, "#2e2a26"));
  const bg = ilc(ctx, pick(ctx, ["#f1e6d3", "#e7ecef", "#f3ece4"]));
  rect(ctx, x, y, w, h, bg);
  const cs = ["#c97b4a", "#2c5f8a", "#e0a526", "#1f6f5c", "#b84a5a", "#8a6a4f"];
  circle(ctx, x + w * rr(ctx, 0.3, 0.7), y + h * rr(ctx, 0.3, 0.5), Math.min(w, h) * 0.25, ilc(ctx, pick(ctx, cs)), ' opacity="0.9"');
  path(ctx, `M${f(x)},${f(y + h)} Q${f(x + w * 0.4)},${f(y + h * 0.45)} ${f(x + w)},${f(y + h * 0.7)} L${f(x + w)},${f(y + h)}Z`, ilc(ctx, pick(ctx, cs)), ' opacity="0.85"');
}

function livingRoom(ctx: Ctx): void {
  const wall = pick(ctx, ["#efe8dd", "#e9e4dc", "#f2ede4", "#e4ddd0"]);
  const r = room(ctx, wall, pick(ctx, ["wood", "marble"] as const));
  const winLeft = chance(ctx, 0.5);
  const wx = winLeft ? r.bx0 + 60 : r.bx1 - 60 - 420;
  roomWindow(ctx, wx, r.by0 + 70, 420, r.by1 - r.by0 - 160, pick(ctx, ["#e9dfcf", "#d8c8b0", "#c9d3d6"]));
  sunPatch(ctx, r, wx, 420);
  // accent wall panel behind sofa
  const sx = winLeft ? r.bx0 + 560 : r.bx0 + 60;
  const sw = r.bx1 - r.bx0 - 620;
  if (chance(ctx, 0.6)) rect(ctx, sx, r.by0 + 40, sw, r.by1 - r.by0 - 50, ilc(ctx, pick(ctx, ["#c8b59a", "#9aa7a0", "#b7a08a", "#8f9aa6"])));
  wallArt(ctx, sx + sw / 2 - 130, r.by0 + 120, 260, 170);
  // rug
  const rug = ilc(ctx, pick(ctx, ["#c9b79c", "#9fb0b8", "#b98f7a", "#d6c7b0"]));
  poly(
    ctx,
    [
      [sx - 100, r.by1 + 90],
      [sx + sw + 100, r.by1 + 90],
      [sx + sw + 280, H - 6],
      [sx - 280, H - 6],
    ],
    rug,
  );
  poly(
    ctx,
    [
      [sx - 70, r.by1 + 106],
      [sx + sw + 70, r.by1 + 106],
      [sx + sw + 236, H - 22],
      [sx - 236, H - 22],
    ],
    "none",
    ` stroke="${lighten(rug, 0.3)}" stroke-width="4"`,
  );
  // sofa
  const sofa = ilc(ctx, pick(ctx, ["#8c9aa3", "#c7b9a3", "#5f6b73", "#a88b6d", "#7d8b74", "#d9d2c6"]));
  const s0 = sx + 40;
  const s1 = sx + sw - 40;
  const sy = r.by1 - 20;
  scaled(ctx, (s0 + s1) / 2, sy, 1.3, 0, 80, () => {
    ellipse(ctx, (s0 + s1) / 2, sy + 12, (s1 - s0) / 2 + 30, 18, "#000", ' opacity="0.18"');
    rect(ctx, s0, sy - 190, s1 - s0, 110, darken(sofa, 0.08), ' rx="18"');
    rect(ctx, s0 - 10, sy - 100, s1 - s0 + 20, 70, sofa, ' rx="14"');
    rect(ctx, s0 - 40, sy - 140, 60, 120, darken(sofa, 0.12), ' rx="16"');
    rect(ctx, s1 - 20, sy - 140, 60, 120, darken(sofa, 0.12), ' rx="16"');
    for (let i = 1; i < 3; i++) line(ctx, s0 + ((s1 - s0) * i) / 3, sy - 98, s0 + ((s1 - s0) * i) / 3, sy - 32, darken(sofa, 0.15), 3);
    rect(ctx, s0, sy - 30, s1 - s0, 14, darken(sofa, 0.3));
    // cushions
    const cc = ["#e0a526", "#c97b4a", "#f2ede4", "#2c5f8a", "#b84a5a"];
    for (let i = 0; i < 4; i++) {
      const cx = s0 + 50 + i * ((s1 - s0 - 100) / 3);
      rect(ctx, cx - 38, sy - 170, 76, 70, ilc(ctx, pick(ctx, cc)), ' rx="14" transform="rotate(' + f(rr(ctx, -8, 8)) + " " + f(cx) + " " + f(sy - 135) + ')"');
    }
  });
  // coffee table
  const ty = r.by1 + 150;
  const tcx = (s0 + s1) / 2;
  scaled(ctx, tcx, ty, 1.2, 0, 45, () => {
    const tc = ilc(ctx, pick(ctx, ["#6b4f3a", "#2e2a26", "#d8cfc2"]));
    ellipse(ctx, tcx, ty + 50, 230, 26, "#000", ' opacity="0.2"');
    ellipse(ctx, tcx, ty, 220, 40, lighten(tc, 0.08));
    rect(ctx, tcx - 220, ty, 440, 30, tc);
    ellipse(ctx, tcx, ty + 30, 220, 40, tc);
    ellipse(ctx, tcx, ty, 220, 40, lighten(tc, 0.12));
    // vase & books
    rect(ctx, tcx - 90, ty - 22, 80, 14, ilc(ctx, "#2c5f8a"));
    rect(ctx, tcx - 84, ty - 34, 70, 12, ilc(ctx, "#e0a526"));
    ellipse(ctx, tcx + 60, ty - 30, 20, 30, ilc(ctx, "#f2ede4"));
  });
  // floor lamp
  const lx = winLeft ? s1 + 190 : s0 - 190;
  scaled(ctx, lx, r.by1 + 10, 1.3, 0, 80, () => {
    line(ctx, lx, r.by1 + 10, lx, r.by1 - 330, ilc(ctx, "#2e2a26"), 5);
    path(
      ctx,
      `M${f(lx - 55)},${f(r.by1 - 300)} L${f(lx - 35)},${f(r.by1 - 380)} L${f(lx + 35)},${f(r.by1 - 380)} L${f(lx + 55)},${f(r.by1 - 300)}Z`,
      ctx.time === "night" ? "#ffe3a8" : ilc(ctx, "#efe6d6"),
    );
    lampPool(ctx, lx, r.by1 - 320, 260);
  });
  // plant
  plant(ctx, winLeft ? s0 - 150 : s1 + 150, r.by1 + 110, 340);
  if (ctx.time === "night") {
    const g = rad(ctx, [
      [0, "#ffcf80", 0.22],
      [1, "#ffcf80", 0],
    ]);
    ellipse(ctx, tcx, r.by1 - 100, 800, 400, g);
  }
}

function kitchen(ctx: Ctx): void {
  const wall = pick(ctx, ["#f2efe9", "#ebe6de", "#f4f1ec"]);
  const r = room(ctx, wall, pick(ctx, ["marble", "tile", "wood"] as const));
  const cab = pick(ctx, ["#2f4a5c", "#e8e2d8", "#6b7d6a", "#3b3f46", "#c9b79c", "#f5f3ef"]);
  const top = pick(ctx, ["#f4f1ec", "#e6e1d8", "#2e2e30"]);
  const wood = pick(ctx, ["#b8875a", "#a97c52", "#c49a6c"]);
  const counterY = r.by1 - 220;
  // window centred on back wall above sink
  const ww = 380;
  const wx = (r.bx0 + r.bx1) / 2 - ww / 2 + rr(ctx, -200, 200);
  roomWindow(ctx, wx, r.by0 + 80, ww, counterY - r.by0 - 120, null);
  // backsplash
  rect(ctx, r.bx0, counterY - 160, wx - r.bx0 - 10, 160, ilc(ctx, lighten(pick(ctx, ["#d8e0e3", "#e9dccb", "#d9d3c7"]), 0.1)));
  rect(ctx, wx + ww + 10, counterY - 160, r.bx1 - wx - ww - 10, 160, ilc(ctx, lighten(pick(ctx, ["#d8e0e3", "#e9dccb", "#d9d3c7"]), 0.1)));
  const tilePat = shared(ctx, "tiles", () => {
    const id = nid(ctx, "p");
    ctx.defs.push(
      `<pattern id="${id}" width="60" height="30" patternUnits="userSpaceOnUse"><path d="M0,29.5H60M30,0V15M0,15H60M0,0V30" stroke="#000" stroke-width="1" opacity="0.12" fill="none"/></pattern>`,
    );
    return `url(#${id})`;
  });
  rect(ctx, r.bx0, counterY - 160, wx - r.bx0 - 10, 160, tilePat);
  rect(ctx, wx + ww + 10, counterY - 160, r.bx1 - wx - ww - 10, 160, tilePat);
  // upper cabinets
  const uc = ilc(ctx, cab);
  for (const [x0, x1] of [
    [r.bx0, wx - 20],
    [wx + ww + 20, r.bx1],
  ] as const) {
    if (x1 - x0 < 60) continue;
    rect(ctx, x0, r.by0 + 50, x1 - x0, counterY - 200 - r.by0 - 50, uc);
    const n = Math.max(1, Math.round((x1 - x0) / 110));
    for (let i = 0; i < n; i++) {
      const dx = x0 + (i * (x1 - x0)) / n;
      add(
        ctx,
        `<rect x="${f(dx + 4)}" y="${f(r.by0 + 54)}" width="${f((x1 - x0) / n - 8)}" height="${f(counterY - 200 - r.by0 - 58)}" fill="none" stroke="${darken(uc, 0.15)}" stroke-width="2"/>`,
      );
      rect(ctx, dx + (x1 - x0) / n / 2 - 15, counterY - 224, 30, 4, ilc(ctx, "#b9a27a"));
    }
    // under-cabinet light
    rect(ctx, x0, counterY - 200, x1 - x0, 6, ctx.time === "night" ? "#ffe3a8" : darken(uc, 0.2));
    if (ctx.time === "night") {
      const g = lin(ctx, [
        [0, "#ffe3a8", 0.5],
        [1, "#ffe3a8", 0],
      ]);
      rect(ctx, x0, counterY - 194, x1 - x0, 150, g);
    }
  }
  // base cabinets along back wall
  const bc = ilc(ctx, cab);
  rect(ctx, r.bx0, counterY, r.bx1 - r.bx0, r.by1 - counterY, bc);
  const n = Math.round((r.bx1 - r.bx0) / 120);
  for (let i = 0; i < n; i++) {
    const dx = r.bx0 + (i * (r.bx1 - r.bx0)) / n;
    add(
      ctx,
      `<rect x="${f(dx + 4)}" y="${f(counterY + 20)}" width="${f((r.bx1 - r.bx0) / n - 8)}" height="${f(r.by1 - counterY - 34)}" fill="none" stroke="${darken(bc, 0.15)}" stroke-width="2"/>`,
    );
    rect(ctx, dx + (r.bx1 - r.bx0) / n / 2 - 18, counterY + 30, 36, 4, ilc(ctx, "#b9a27a"));
  }
  rect(ctx, r.bx0, counterY - 8, r.bx1 - r.bx0, 20, ilc(ctx, top));
  // tap + hob
  line(ctx, wx + ww / 2, counterY - 8, wx + ww / 2, counterY - 60, ilc(ctx, "#8a8f95"), 6);
  line(ctx, wx + ww / 2, counterY - 60, wx + ww / 2 + 30, counterY - 60, ilc(ctx, "#8a8f95"), 6);
  // hood above a hob
  const hx = wx < W / 2 ? r.bx1 - 300 : r.bx0 + 120;
  rect(ctx, hx, counterY - 14, 180, 8, ilc(ctx, "#222"));
  path(
    ctx,
    `M${f(hx + 20)},${f(counterY - 200)} L${f(hx + 160)},${f(counterY - 200)} L${f(hx + 130)},${f(counterY - 260)} L${f(hx + 50)},${f(counterY - 260)}Z`,
    ilc(ctx, "#b9bec4"),
  );
  rect(ctx, hx + 60, r.by0 + 40, 60, counterY - 260 - r.by0 - 40, ilc(ctx, "#b9bec4"));
  // island
  const iy = r.by1 + 110;
  const ix0 = 380 + rr(ctx, -60, 60);
  const ix1 = W - 380 + rr(ctx, -60, 60);
  ellipse(ctx, (ix0 + ix1) / 2, iy + 200, (ix1 - ix0) / 2 + 40, 20, "#000", ' opacity="0.2"');
  const isl = ilc(ctx, chance(ctx, 0.5) ? wood : cab);
  rect(ctx, ix0, iy, ix1 - ix0, 200, isl);
  poly(
    ctx,
    [
      [ix0 + 30, iy - 40],
      [ix1 - 30, iy - 40],
      [ix1 + 10, iy],
      [ix0 - 10, iy],
    ],
    ilc(ctx, lighten(top, 0.05)),
  );
  rect(ctx, ix0 - 10, iy, ix1 - ix0 + 20, 18, ilc(ctx, darken(top, 0.08)));
  // stools
  const stools = ri(ctx, 3, 4);
  for (let i = 0; i < stools; i++) {
    const x = ix0 + 100 + i * ((ix1 - ix0 - 200) / (stools - 1));
    const sc3 = ilc(ctx, pick(ctx, ["#2e2a26", "#c9a56a", "#6b4f3a"]));
    line(ctx, x - 30, iy + 130, x - 40, H, sc3, 6);
    line(ctx, x + 30, iy + 130, x + 40, H, sc3, 6);
    rect(ctx, x - 50, iy + 110, 100, 26, ilc(ctx, pick(ctx, ["#e6dccb", "#8c9aa3", "#c97b4a"])), ' rx="12"');
    rect(ctx, x - 45, iy + 40, 90, 70, ilc(ctx, pick(ctx, ["#e6dccb", "#8c9aa3", "#c97b4a"])), ' rx="12" opacity="0.95"');
  }
  // bowl of fruit on island
  ellipse(ctx, (ix0 + ix1) / 2, iy - 24, 60, 14, ilc(ctx, "#f2ede4"));
  for (let i = 0; i < 4; i++) circle(ctx, (ix0 + ix1) / 2 - 30 + i * 20, iy - 34, 13, ilc(ctx, pick(ctx, ["#e0a526", "#c0392b", "#7aa03c"])));
  // pendants
  const pn = ri(ctx, 2, 3);
  for (let i = 0; i < pn; i++) {
    const x = ix0 + (i + 1) * ((ix1 - ix0) / (pn + 1));
    line(ctx, x, 0, x, 280, ilc(ctx, "#2e2a26"), 2);
    path(ctx, `M${f(x - 40)},${f(330)} Q${f(x)},${f(250)} ${f(x + 40)},${f(330)}Z`, ilc(ctx, pick(ctx, ["#2e2a26", "#c9a56a", "#f2ede4"])));
    ellipse(ctx, x, 330, 40, 6, ctx.time === "night" ? "#fff1c4" : ilc(ctx, "#f7efe0"));
    lampPool(ctx, x, 340, 200);
  }
  plant(ctx, r.bx0 + 60, counterY - 8, 120);
}

function bedroom(ctx: Ctx): void {
  const wall = pick(ctx, ["#ece4d8", "#e6e0d8", "#efe9e1", "#dfe3e2"]);
  const r = room(ctx, wall, pick(ctx, ["wood", "wood", "marble"] as const));
  const cx = (r.bx0 + r.bx1) / 2 + rr(ctx, -120, 120);
  // headboard wall panel
  const panel = ilc(ctx, pick(ctx, ["#b7a08a", "#8f9aa6", "#c8b59a", "#9aa7a0", "#7a6a5c"]));
  rect(ctx, cx - 380, r.by0 + 60, 760, r.by1 - r.by0 - 70, panel);
  let slats = "";
  for (let x = cx - 370; x < cx + 380; x += 30) slats += `<rect x="${f(x)}" y="${f(r.by0 + 60)}" width="4" height="${f(r.by1 - r.by0 - 70)}"/>`;
  add(ctx, `<g fill="${darken(panel, 0.15)}" opacity="0.6">${slats}</g>`);
  // window with curtains on one side
  const wl = cx > W / 2;
  sideWindow(ctx, r, wl, pick(ctx, ["#e9dfcf", "#d8c8b0", "#c9d3d6", "#e4cfc9"]));
  // bed
  const bw = 520;
  const by = r.by1 + 40;
  const head = ilc(ctx, pick(ctx, ["#d9d2c6", "#8c9aa3", "#c7b9a3", "#5f6b73"]));
  rect(ctx, cx - bw / 2 - 20, r.by1 - 260, bw + 40, 230, head, ' rx="24"');
  ellipse(ctx, cx, H - 10, bw / 2 + 160, 30, "#000", ' opacity="0.18"');
  const linen = ilc(ctx, "#f7f4ee");
  poly(
    ctx,
    [
      [cx - bw / 2, r.by1 - 70],
      [cx + bw / 2, r.by1 - 70],
      [cx + bw / 2 + 160, H - 60],
      [cx - bw / 2 - 160, H - 60],
    ],
    linen,
  );
  rect(ctx, cx - bw / 2 - 160, H - 60, bw + 320, 50, darken(linen, 0.1));
  // throw
  const throwC = ilc(ctx, pick(ctx, ["#c97b4a", "#2c5f8a", "#8e6c8a", "#6b7d6a", "#b8875a"]));
  poly(
    ctx,
    [
      [cx - bw / 2 - 70, by + 130],
      [cx + bw / 2 + 70, by + 130],
      [cx + bw / 2 + 150, H - 60],
      [cx - bw / 2 - 150, H - 60],
    ],
    throwC,
  );
  rect(ctx, cx - bw / 2 - 150, H - 60, bw + 300, 50, darken(throwC, 0.15));
  // pillows
  for (const px of [cx - bw / 4, cx + bw / 4]) {
    rect(ctx, px - 110, r.by1 - 110, 220, 80, ilc(ctx, "#ffffff"), ' rx="30"');
  }
  rect(ctx, cx - 70, r.by1 - 80, 140, 60, throwC, ' rx="20"');
  // nightstands + lamps
  for (const nx of [cx - bw / 2 - 150, cx + bw / 2 + 50]) {
    const nc = ilc(ctx, pick(ctx, ["#6b4f3a", "#d8cfc2", "#2e2a26"]));
    rect(ctx, nx, r.by1 - 110, 100, 110, nc);
    line(ctx, nx + 8, r.by1 - 60, nx + 92, r.by1 - 60, darken(nc, 0.2), 2);
    rect(ctx, nx + 44, r.by1 - 170, 12, 60, ilc(ctx, "#c9a56a"));
    path(
      ctx,
      `M${f(nx + 20)},${f(r.by1 - 170)} L${f(nx + 30)},${f(r.by1 - 230)} L${f(nx + 70)},${f(r.by1 - 230)} L${f(nx + 80)},${f(r.by1 - 170)}Z`,
      ctx.time === "night" || ctx.time === "sunset" ? "#ffe3a8" : ilc(ctx, "#f2ede4"),
    );
    lampPool(ctx, nx + 50, r.by1 - 200, 220);
  }
  wallArt(ctx, cx - 150, r.by0 + 110, 300, 160);
  // bench at foot of bed? rug
  const rug = ilc(ctx, pick(ctx, ["#d6c7b0", "#b9c2c6", "#c9b79c"]));
  poly(
    ctx,
    [
      [cx - bw / 2 - 240, H - 20],
      [cx + bw / 2 + 240, H - 20],
      [cx + bw / 2 + 300, H],
      [cx - bw / 2 - 300, H],
    ],
    rug,
  );
  plant(ctx, wl ? cx + bw / 2 + 260 : cx - bw / 2 - 260, r.by1 + 150, 300);
}

function majlis(ctx: Ctx): void {
  const wall = pick(ctx, ["#efe4d2", "#eadbc4", "#f2e8d8"]);
  const r = room(ctx, wall, "marble");
  // arched windows on back wall
  const nArch = ri(ctx, 2, 3);
  const aw = 170;
  const gap = (r.bx1 - r.bx0 - nArch * aw) / (nArch + 1);
  const sk = lin(
    ctx,
    ctx.light.sky.map(([o, c]) => [o, c] as const),
  );
  for (let i = 0; i < nArch; i++) {
    const x = r.bx0 + gap + i * (aw + gap);
    const y0 = r.by0 + 90;
    const y1 = r.by1 - 260;
    const d = `M${f(x)},${f(y1)} V${f(y0 + aw / 2)} A${f(aw / 2)},${f(aw / 2)} 0 0 1 ${f(x + aw)},${f(y0 + aw / 2)} V${f(y1)}Z`;
    path(ctx, d, sk);
    // lattice (mashrabiya)
    let lat = "";
    for (let k = 1; k < 5; k++) lat += `M${f(x + (aw * k) / 5)},${f(y0)}V${f(y1)}`;
    for (let y = y0 + 40; y < y1; y += 34) lat += `M${f(x)},${f(y)}H${f(x + aw)}`;
    add(ctx, `<path d="${lat}" stroke="${ilc(ctx, "#8a6a4f")}" stroke-width="3" opacity="0.7" fill="none"/>`);
    path(ctx, d, "none", ` stroke="${ilc(ctx, "#c9a56a")}" stroke-width="10"`);
  }
  // wall trim band
  rect(ctx, r.bx0, r.by1 - 240, r.bx1 - r.bx0, 10, ilc(ctx, "#c9a56a"));
  // sedu pattern for cushions
  const red = pick(ctx, ["#9b2c2c", "#7a1f2b", "#a33b2a", "#2f4a5c", "#4a5a3a"]);
  const sedu = shared(ctx, "sedu", () => {
    const id = nid(ctx, "p");
    const c1 = ilc(ctx, red);
    const c2 = ilc(ctx, "#f1e4c8");
    const c3 = ilc(ctx, "#1f1a17");
    ctx.defs.push(
      `<pattern id="${id}" width="48" height="60" patternUnits="userSpaceOnUse"><rect width="48" height="60" fill="${c1}"/><rect y="22" width="48" height="16" fill="${c3}"/><path d="M0,30 L12,22 L24,30 L36,22 L48,30 L36,38 L24,30 L12,38Z" fill="${c2}"/><rect y="4" width="48" height="3" fill="${c2}"/><rect y="53" width="48" height="3" fill="${c2}"/></pattern>`,
    );
    return `url(#${id})`;
  });
  // back wall floor cushions
  const seatH = 70;
  const backH = 110;
  const y = r.by1;
  rect(ctx, r.bx0, y - seatH, r.bx1 - r.bx0, seatH, sedu);
  rect(ctx, r.bx0, y - seatH, r.bx1 - r.bx0, 8, "#000", ' opacity="0.15"');
  const nb = Math.round((r.bx1 - r.bx0) / 140);
  rect(ctx, r.bx0, y - seatH - backH, r.bx1 - r.bx0, backH, sedu);
  let seams = "";
  for (let i = 1; i < nb; i++) {
    const x = r.bx0 + (i * (r.bx1 - r.bx0)) / nb;
    seams += `M${f(x)},${f(y - seatH - backH)}V${f(y - seatH)}`;
  }
  add(ctx, `<path d="${seams}" stroke="#000" stroke-width="3" opacity="0.25" fill="none"/>`);
  rect(ctx, r.bx0, y - seatH - backH, r.bx1 - r.bx0, 10, "#000", ' opacity="0.12"');
  // armrests (masnad)
  const arm = ilc(ctx, pick(ctx, ["#1f1a17", "#5a2a22", "#c9a56a"]));
  for (let i = 1; i < nb; i += 2) {
    const x = r.bx0 + (i * (r.bx1 - r.bx0)) / nb;
    rect(ctx, x - 26, y - seatH - 56, 52, 60, arm, ' rx="12"');
    rect(ctx, x - 26, y - seatH - 40, 52, 6, ilc(ctx, "#e0b96a"));
  }
  // side wall cushions (perspective)
  for (const side of [0, 1] as const) {
    const xw = side === 0 ? r.bx0 : r.bx1;
    const xe = side === 0 ? 0 : W;
    const p1: Pt = [xw, y];
    const p2: Pt = [xe, H];
    const t = 0.75;
    const e = toward(p1, p2, t);
    const sH = seatH * (1 + t * 1.6);
    const bH = backH * (1 + t * 1.6);
    poly(
      ctx,
      [
        [xw, y - seatH - backH],
        [e[0], e[1] - sH - bH],
        [e[0], e[1] - sH],
        [xw, y - seatH],
      ],
      sedu,
    );
    poly(
      ctx,
      [
        [xw, y - seatH],
        [e[0], e[1] - sH],
        [e[0], e[1]],
        [xw, y],
      ],
      sedu,
    );
    poly(
      ctx,
      [
        [xw, y - seatH],
        [e[0], e[1] - sH],
        [e[0], e[1]],
        [xw, y],
      ],
      "#000",
      ' opacity="0.12"',
    );
  }
  // rug
  const rug = ilc(ctx, pick(ctx, ["#8b2a2a", "#6e2333", "#2f4a5c", "#7a4a2a"]));
  const rq: Pt[] = [
    [r.bx0 + 120, y + 30],
    [r.bx1 - 120, y + 30],
    [r.bx1 + 120, H - 40],
    [r.bx0 - 120, H - 40],
  ];
  poly(ctx, rq, rug);
  const inner: Pt[] = [
    [r.bx0 + 160, y + 50],
    [r.bx1 - 160, y + 50],
    [r.bx1 + 60, H - 70],
    [r.bx0 - 60, H - 70],
  ];
  poly(ctx, inner, "none", ` stroke="${ilc(ctx, "#e0b96a")}" stroke-width="8"`);
  const c = [(r.bx0 + r.bx1) / 2, (y + H) / 2] as const;
  poly(
    ctx,
    [
      [c[0], c[1] - 90],
      [c[0] + 260, c[1]],
      [c[0], c[1] + 110],
      [c[0] - 260, c[1]],
    ],
    ilc(ctx, "#e0b96a"),
    ' opacity="0.85"',
  );
  poly(
    ctx,
    [
      [c[0], c[1] - 50],
      [c[0] + 140, c[1]],
      [c[0], c[1] + 60],
      [c[0] - 140, c[1]],
    ],
    ilc(ctx, darken(rug, 0.2)),
  );
  // low tray with dallah (coffee pot) and cups
  ellipse(ctx, c[0], c[1] - 10, 120, 26, ilc(ctx, "#c9a56a"));
  path(
    ctx,
    `M${f(c[0] - 20)},${f(c[1] - 20)} Q${f(c[0] - 34)},${f(c[1] - 60)} ${f(c[0] - 14)},${f(c[1] - 80)} L${f(c[0] + 14)},${f(c[1] - 80)} Q${f(c[0] + 34)},${f(c[1] - 60)} ${f(c[0] + 20)},${f(c[1] - 20)}Z`,
    ilc(ctx, "#d9b25a"),
  );
  path(ctx, `M${f(c[0] - 10)},${f(c[1] - 80)} L${f(c[0])},${f(c[1] - 104)} L${f(c[0] + 10)},${f(c[1] - 80)}Z`, ilc(ctx, "#b8903f"));
  path(ctx, `M${f(c[0] + 24)},${f(c[1] - 40)} Q${f(c[0] + 50)},${f(c[1] - 60)} ${f(c[0] + 62)},${f(c[1] - 84)}`, "none", ` stroke="${ilc(ctx, "#b8903f")}" stroke-width="6"`);
  for (const dx of [-80, -55, 55, 80]) rect(ctx, c[0] + dx - 8, c[1] - 26, 16, 14, ilc(ctx, "#f2ede4"));
  // hanging lanterns
  const nl = ri(ctx, 2, 4);
  for (let i = 0; i < nl; i++) {
    const x = r.bx0 + (i + 1) * ((r.bx1 - r.bx0) / (nl + 1));
    const ly = r.by0 + 120 + rr(ctx, 0, 60);
    line(ctx, x, 0, x, ly - 40, ilc(ctx, "#5a4630"), 2);
    lampPool(ctx, x, ly, 180);
    lantern(ctx, x, ly);
  }
  if (ctx.time === "night") {
    const g = rad(ctx, [
      [0, "#ffcf80", 0.25],
      [1, "#ffcf80", 0],
    ]);
    ellipse(ctx, W / 2, 500, 900, 500, g);
  }
}

function lantern(ctx: Ctx, x: number, y: number): void {
  const metal = ilc(ctx, "#b8903f");
  const on = ctx.time === "night" || ctx.time === "sunset";
  path(ctx, `M${f(x - 10)},${f(y - 40)} L${f(x + 10)},${f(y - 40)} L${f(x + 26)},${f(y - 20)} L${f(x - 26)},${f(y - 20)}Z`, metal);
  path(ctx, `M${f(x - 26)},${f(y - 20)} L${f(x + 26)},${f(y - 20)} L${f(x + 20)},${f(y + 40)} L${f(x - 20)},${f(y + 40)}Z`, on ? "#ffd98a" : ilc(ctx, "#f3e6c6"));
  add(
    ctx,
    `<path d="M${f(x)},${f(y - 20)}V${f(y + 40)}M${f(x - 26)},${f(y - 20)}L${f(x - 20)},${f(y + 40)}M${f(x + 26)},${f(y - 20)}L${f(x + 20)},${f(y + 40)}M${f(x - 24)},${f(y + 10)}H${f(x + 24)}" stroke="${metal}" stroke-width="3" fill="none"/>`,
  );
  path(ctx, `M${f(x - 22)},${f(y + 40)} L${f(x + 22)},${f(y + 40)} L${f(x)},${f(y + 62)}Z`, metal);
}

function pool(ctx: Ctx): void {
  const horizon = 520;
  sky(ctx, horizon);
  const stone = pick(ctx, SAND_STONE);
  const trim = lighten(stone, 0.35);
  // courtyard back facade
  const fy0 = rr(ctx, 200, 260);
  const fy1 = 600;
  const frame = lc(ctx, "#3b3631");
  rect(ctx, 0, fy0, W, fy1 - fy0, lc(ctx, stone));
  rect(ctx, 0, fy0 - 14, W, 16, lc(ctx, trim));
  // upper floor volume on one side
  const upX = rr(ctx, 0, 800);
  rect(ctx, upX, fy0 - 170, 700, 170, lc(ctx, stone));
  rect(ctx, upX - 10, fy0 - 184, 720, 16, lc(ctx, trim));
  for (let i = 0; i < 3; i++) windowPane(ctx, upX + 60 + i * 220, fy0 - 140, 150, 120, frame, 0.7);
  // large sliding doors
  const n = ri(ctx, 3, 5);
  const dw = (W - 200) / n;
  for (let i = 0; i < n; i++) {
    windowPane(ctx, 100 + i * dw + 10, fy0 + 60, dw - 20, fy1 - fy0 - 60, frame, 0.9);
  }
  // pergola shade
  const pc = lc(ctx, pick(ctx, ["#8a6a4f", "#6f5a48", "#3b3631"]));
  rect(ctx, 80, fy0 + 30, W - 160, 14, pc);
  let pg = "";
  for (let x = 90; x < W - 90; x += 40) pg += `<rect x="${f(x)}" y="${f(fy0 + 20)}" width="12" height="34"/>`;
  add(ctx, `<g fill="${pc}">${pg}</g>`);
  if (ctx.light.night) for (let x = 200; x < W; x += 300) lampGlow(ctx, x, fy0 + 60, 120);
  // deck
  const deck = lc(ctx, pick(ctx, ["#e9dfcf", "#efe6d6", "#dfd3c0"]));
  rect(
    ctx,
    0,
    fy1,
    W,
    H - fy1,
    linU(
      ctx,
      [
        [0, darken(deck, 0.05)],
        [1, lighten(deck, 0.05)],
      ],
      0,
      fy1,
      0,
      H,
    ),
  );
  let tiles = "";
  for (let i = -8; i <= 24; i++) tiles += `M${f(W / 2 + i * 70)},${fy1}L${f(W / 2 + i * 200)},${H}`;
  for (let y = fy1 + 30, k = 30; y < H; k *= 1.35, y += k) tiles += `M0,${f(y)}H${W}`;
  add(ctx, `<path d="${tiles}" stroke="${darken(deck, 0.12)}" stroke-width="1.5" opacity="0.6" fill="none"/>`);
  // pool
  const pl0 = rr(ctx, 260, 380);
  const pr0 = W - rr(ctx, 260, 380);
  const pTop = fy1 + 60;
  const pBot = H - 90;
  const spread = 220;
  const pq: Pt[] = [
    [pl0, pTop],
    [pr0, pTop],
    [pr0 + spread, pBot],
    [pl0 - spread, pBot],
  ];
  poly(
    ctx,
    [
      [pl0 - 16, pTop - 10],
      [pr0 + 16, pTop - 10],
      [pr0 + spread + 26, pBot + 14],
      [pl0 - spread - 26, pBot + 14],
    ],
    lc(ctx, lighten(stone, 0.5)),
  );
  const water = ctx.light.night
    ? lin(ctx, [
        [0, "#1b5f8a"],
        [1, "#35a8c8"],
      ])
    : lin(ctx, [
        [0, lc(ctx, "#3fb0cf")],
        [1, lc(ctx, "#7fdde8")],
      ]);
  poly(ctx, pq, water);
  // far pool wall inside
  poly(
    ctx,
    [
      [pl0, pTop],
      [pr0, pTop],
      [pr0 - 6, pTop + 20],
      [pl0 + 6, pTop + 20],
    ],
    ctx.light.night ? "#12405f" : lc(ctx, "#2c8fb0"),
    ' opacity="0.7"',
  );
  // caustics
  let cs = "";
  for (let i = 0; i < 16; i++) {
    const y = rr(ctx, pTop + 30, pBot - 20);
    const t = (y - pTop) / (pBot - pTop);
    const xl = pl0 - spread * t + 20;
    const xr = pr0 + spread * t - 20;
    const x = rr(ctx, xl, xr - 80);
    const w = rr(ctx, 40, 120) * (0.6 + t);
    cs += `M${f(x)},${f(y)} q${f(w / 4)},-8 ${f(w / 2)},0 t${f(w / 2)},0`;
  }
  add(ctx, `<path d="${cs}" stroke="#ffffff" stroke-width="3" opacity="${ctx.light.night ? 0.25 : 0.45}" fill="none"/>`);
  if (ctx.light.night) {
    const g = rad(ctx, [
      [0, "#7fe6ff", 0.45],
      [1, "#7fe6ff", 0],
    ]);
    ellipse(ctx, W / 2, (pTop + pBot) / 2, (pr0 - pl0) / 2 + 120, (pBot - pTop) / 2 + 40, g);
  }
  // reflection of the sun/sky
  poly(
    ctx,
    [
      [pl0 + 100, pTop + 10],
      [pl0 + 220, pTop + 10],
      [pl0 + 120, pBot - 10],
      [pl0 - 40, pBot - 10],
    ],
    "#ffffff",
    ' opacity="0.12"',
  );
  // loungers
  const lx = chance(ctx, 0.5) ? pr0 + spread + 60 : 40;
  for (let i = 0; i < 2; i++) lounger(ctx, lx + i * 10, fy1 + 120 + i * 180);
  // palms and planters
  palm(ctx, rr(ctx, 40, 160), H - 30, rr(ctx, 520, 620));
  palm(ctx, W - rr(ctx, 40, 160), fy1 + 20, rr(ctx, 420, 500));
  shrub(ctx, 120, fy1 + 10, 200);
  shrub(ctx, W - 420, fy1 + 10, 220);
  // umbrella
  const ux = chance(ctx, 0.5) ? 260 : W - 260;
  line(ctx, ux, fy1 + 180, ux, fy1 - 40, lc(ctx, "#6b6f75"), 6);
  path(ctx, `M${f(ux - 150)},${f(fy1 - 10)} Q${f(ux)},${f(fy1 - 110)} ${f(ux + 150)},${f(fy1 - 10)}Z`, lc(ctx, pick(ctx, ["#f2ede4", "#e0a526", "#2c5f8a", "#c97b4a"])));
}

function lounger(ctx: Ctx, x: number, y: number): void {
  const c = lc(ctx, "#f4f1ec");
  ellipse(ctx, x + 110, y + 30, 130, 10, "#000", ' opacity="0.2"');
  poly(
    ctx,
    [
      [x, y],
      [x + 160, y],
      [x + 160, y + 16],
      [x, y + 16],
    ],
    c,
  );
  poly(
    ctx,
    [
      [x + 160, y],
      [x + 230, y - 60],
      [x + 240, y - 52],
      [x + 170, y + 12],
    ],
    c,
  );
  rect(ctx, x + 10, y + 16, 8, 20, lc(ctx, "#6b6f75"));
  rect(ctx, x + 150, y + 16, 8, 20, lc(ctx, "#6b6f75"));
  rect(ctx, x + 30, y - 12, 60, 12, lc(ctx, pick(ctx, ["#2c5f8a", "#e0a526", "#c97b4a"])), ' rx="5"');
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

const DRAW: Record<SceneKind, (ctx: Ctx) => void> = {
  villa,
  tower,
  "apartment-building": apartment,
  land,
  "commercial-building": commercial,
  shop,
  warehouse,
  "living-room": livingRoom,
  kitchen,
  bedroom,
  majlis,
  pool,
};

/** Mixes the kind into the seed so equal seeds of different kinds still differ. */
function seedFor(spec: SceneSpec): number {
  let h = 2166136261 ^ (spec.seed | 0);
  for (const s of [spec.kind, spec.time]) {
    for (let i = 0; i < s.length; i++) {
      h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    }
  }
  return h >>> 0;
}

/**
 * Renders a stylised architectural illustration for a demo property photo.
 * Composed in a fixed 1600×1067 viewBox; `width`/`height` only scale it
 * (cropping with `xMidYMid slice` when the aspect ratio differs).
 */
export function renderSceneSvg(spec: SceneSpec, width = W, height = H): string {
  const ctx: Ctx = {
    rnd: mulberry32(seedFor(spec)),
    time: spec.time,
    light: lightFor(spec.time),
    defs: [],
    out: [],
    ids: 0,
    shared: new Map(),
  };
  DRAW[spec.kind](ctx);
  // gentle vignette for a photographic finish
  const v = rad(ctx, [
    [0.55, "#000000", 0],
    [1, "#000000", ctx.light.night ? 0.35 : 0.18],
  ]);
  rect(ctx, 0, 0, W, H, v);
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${ctx.defs.join("")}</defs>` +
    ctx.out.join("") +
    `</svg>`
  );
}
