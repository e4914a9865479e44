/**
 * Generated demo "licence certificates": paper, ornamental border, emblem, seal, signature and
 * lines standing for text, as SVG for sharp. No text at all: the machines that render this have
 * no Arabic fonts for librsvg. Pure and deterministic: the same variant always yields the same string.
 */
import { mulberry32 } from "./random.ts";

const W = 1200;
const H = 1600;

interface Palette {
  accent: string;
  accentSoft: string;
  seal: string;
  paperTop: string;
  paperBottom: string;
}

const PALETTES: readonly Palette[] = [
  { accent: "#0f5652", accentSoft: "#cfe5e1", seal: "#0f5652", paperTop: "#fdfbf5", paperBottom: "#f3ecdc" },
  { accent: "#1e3a6e", accentSoft: "#d6deee", seal: "#a3262a", paperTop: "#fcfcfa", paperBottom: "#eceee9" },
  { accent: "#6b2230", accentSoft: "#ecd8da", seal: "#8a6a1f", paperTop: "#fffdf7", paperBottom: "#f5ead6" },
  { accent: "#8a6a1f", accentSoft: "#efe3c2", seal: "#14532d", paperTop: "#fefcf6", paperBottom: "#f1e9d6" },
];

export const CERTIFICATE_VARIANTS = PALETTES.length;

/** Small variant numbers spread over the seed space first (Knuth's multiplicative hash). */
const rng = (seed: number) => mulberry32(seed * 2654435761);

const r1 = (n: number) => String(Math.round(n * 10) / 10);

/** An eight-pointed star (two squares), a common motif of official seals. */
function star(cx: number, cy: number, radius: number, fill: string, opacity = 1): string {
  const points = Array.from({ length: 16 }, (_, i) => {
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    const r = i % 2 === 0 ? radius : radius * 0.72;
    return `${r1(cx + r * Math.cos(angle))},${r1(cy + r * Math.sin(angle))}`;
  });
  return `<polygon points="${points.join(" ")}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A bar standing for a line of text, aligned to the right edge (Arabic reads right to left). */
function textLine(right: number, y: number, width: number, height: number, fill: string): string {
  return `<rect x="${r1(right - width)}" y="${r1(y)}" width="${r1(width)}" height="${r1(height)}" rx="${r1(height / 2)}" fill="${fill}"/>`;
}

function seal(cx: number, cy: number, colour: string): string {
  const ticks = Array.from({ length: 48 }, (_, i) => {
    const a = ((Math.PI * 2) / 48) * i;
    const x1 = cx + 104 * Math.cos(a);
    const y1 = cy + 104 * Math.sin(a);
    const x2 = cx + 116 * Math.cos(a);
    const y2 = cy + 116 * Math.sin(a);
    return `M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}`;
  }).join("");
  return (
    `<g opacity="0.82">` +
    `<circle cx="${cx}" cy="${cy}" r="124" fill="none" stroke="${colour}" stroke-width="6"/>` +
    `<path d="${ticks}" stroke="${colour}" stroke-width="4"/>` +
    `<circle cx="${cx}" cy="${cy}" r="96" fill="none" stroke="${colour}" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="80" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="6 7"/>` +
    star(cx, cy, 58, colour, 0.9) +
    `<circle cx="${cx}" cy="${cy}" r="18" fill="#ffffff" opacity="0.6"/>` +
    `</g>`
  );
}

/** A square of random modules with the three finder squares, like a verification code. */
function codeBlock(x: number, y: number, size: number, colour: string, rnd: () => number): string {
  const n = 21;
  const cell = size / n;
  const finder = (fx: number, fy: number) =>
    `<rect x="${r1(x + fx * cell)}" y="${r1(y + fy * cell)}" width="${r1(cell * 7)}" height="${r1(cell * 7)}" fill="${colour}"/>` +
    `<rect x="${r1(x + (fx + 1) * cell)}" y="${r1(y + (fy + 1) * cell)}" width="${r1(cell * 5)}" height="${r1(cell * 5)}" fill="#ffffff"/>` +
    `<rect x="${r1(x + (fx + 2) * cell)}" y="${r1(y + (fy + 2) * cell)}" width="${r1(cell * 3)}" height="${r1(cell * 3)}" fill="${colour}"/>`;
  const inFinder = (i: number, j: number) => (i < 8 && j < 8) || (i >= n - 8 && j < 8) || (i < 8 && j >= n - 8);
  let path = "";
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      if (inFinder(i, j) || rnd() < 0.52) continue;
      path += `M${r1(x + i * cell)} ${r1(y + j * cell)}h${r1(cell)}v${r1(cell)}h-${r1(cell)}z`;
    }
  }
  return (
    `<rect x="${x - 10}" y="${y - 10}" width="${size + 20}" height="${size + 20}" fill="#ffffff"/>` +
    `<path d="${path}" fill="${colour}"/>` +
    finder(0, 0) +
    finder(n - 7, 0) +
    finder(0, n - 7)
  );
}

/** A certificate-like image, portrait 3:4, `variant` 0..3 picks colours and layout. */
export function renderCertificateSvg(variant: number, width = W, height = H): string {
  const p = PALETTES[((variant % PALETTES.length) + PALETTES.length) % PALETTES.length]!;
  const rnd = rng(variant + 1);
  const out: string[] = [];
  const right = W - 150;
  const left = 150;
  const ink = "#4b5563";
  const inkSoft = "#b8bcc2";

  // Paper and a faint guilloche-like pattern.
  out.push(`<rect width="${W}" height="${H}" fill="url(#paper)"/>`);
  out.push(`<rect width="${W}" height="${H}" fill="url(#weave)" opacity="0.5"/>`);

  // Borders and corner ornaments.
  out.push(`<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="none" stroke="${p.accent}" stroke-width="14"/>`);
  out.push(`<rect x="66" y="66" width="${W - 132}" height="${H - 132}" fill="none" stroke="${p.accent}" stroke-width="3"/>`);
  for (const [cx, cy] of [
    [66, 66],
    [W - 66, 66],
    [66, H - 66],
    [W - 66, H - 66],
  ] as const) {
    out.push(star(cx, cy, 30, p.accent));
    out.push(`<circle cx="${cx}" cy="${cy}" r="9" fill="${p.paperTop}"/>`);
  }

  // Watermark.
  out.push(star(W / 2, H / 2 + 60, 330, p.accent, 0.05));

  // Header: a band (odd variants) or a centred emblem with a ribbon of title lines.
  let y: number;
  if (variant % 2 === 1) {
    out.push(`<rect x="66" y="120" width="${W - 132}" height="190" fill="${p.accent}"/>`);
    out.push(star(W - 210, 215, 62, "#ffffff", 0.9));
    out.push(`<circle cx="${W - 210}" cy="215" r="22" fill="${p.accent}"/>`);
    out.push(textLine(W - 320, 170, 520, 34, "#ffffff"));
    out.push(textLine(W - 320, 230, 360, 22, "#ffffff"));
    out.push(textLine(W - 320, 270, 260, 16, p.accentSoft));
    y = 380;
  } else {
    out.push(`<circle cx="${W / 2}" cy="210" r="86" fill="${p.accentSoft}"/>`);
    out.push(star(W / 2, 210, 70, p.accent));
    out.push(`<circle cx="${W / 2}" cy="210" r="26" fill="${p.accentSoft}"/>`);
    out.push(textLine(W / 2 + 260, 330, 520, 36, p.accent));
    out.push(textLine(W / 2 + 170, 390, 340, 20, ink));
    out.push(`<path d="M${W / 2 - 300} 440h600" stroke="${p.accent}" stroke-width="3"/>`);
    out.push(star(W / 2, 440, 14, p.accent));
    y = 500;
  }

  // Body: label/value rows, a boxed table, then paragraph lines.
  for (let i = 0; i < 5; i++) {
    const labelWidth = 130 + rnd() * 70;
    out.push(textLine(right, y, labelWidth, 20, ink));
    out.push(textLine(right - labelWidth - 30, y, 200 + rnd() * 380, 20, inkSoft));
    y += 58;
  }
  y += 20;
  const tableHeight = 3 * 64;
  out.push(`<rect x="${left}" y="${y}" width="${right - left}" height="${tableHeight}" fill="${p.accentSoft}" opacity="0.45" stroke="${p.accent}" stroke-width="2"/>`);
  out.push(`<path d="M${left} ${y + 64}H${right}M${left} ${y + 128}H${right}M${(left + right) / 2} ${y}V${y + tableHeight}" stroke="${p.accent}" stroke-width="2" opacity="0.7"/>`);
  for (let row = 0; row < 3; row++) {
    for (const colRight of [right - 24, (left + right) / 2 - 24]) {
      out.push(textLine(colRight, y + row * 64 + 24, 120 + rnd() * 200, 16, row === 0 ? ink : inkSoft));
    }
  }
  y += tableHeight + 50;
  for (let i = 0; i < 4; i++) {
    const width = i === 3 ? 320 + rnd() * 200 : right - left - rnd() * 60;
    out.push(textLine(right, y, width, 16, inkSoft));
    y += 40;
  }

  // Foot: signature on the right, seal in the middle, verification code on the left.
  const footY = H - 320;
  out.push(textLine(right, footY, 170, 18, ink));
  const sx = right - 260;
  out.push(
    `<path d="M${sx} ${footY + 120}c30-70 60-80 70-40s-20 60 10 30 40-90 70-60-10 70 30 50 50-40 80-20" fill="none" stroke="#1f3b73" stroke-width="5" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M${right - 280} ${footY + 150}H${right}" stroke="${ink}" stroke-width="2"/>`);
  out.push(seal(W / 2 - 40, footY + 90, p.seal));
  out.push(codeBlock(left + 10, footY + 10, 170, "#1f2937", rnd));

  const defs =
    `<linearGradient id="paper" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${p.paperTop}"/><stop offset="1" stop-color="${p.paperBottom}"/></linearGradient>` +
    `<pattern id="weave" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M0 12c6-8 18-8 24 0M0 24c6-8 18-8 24 0" fill="none" stroke="${p.accentSoft}" stroke-width="1.2"/></pattern>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${defs}</defs>${out.join("")}</svg>`
  );
}
