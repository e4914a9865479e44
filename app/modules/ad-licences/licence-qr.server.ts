import QRCode from "qrcode";

/** Drawn QR codes by link and label: a page view draws none again (bounded, oldest dropped first). */
const drawn = new Map<string, string>();
const MAX_DRAWN = 500;

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * A QR code holding `url`, as SVG markup for the page (drawn on the server with `qrcode`, so no
 * JavaScript reaches the browser for it): an image with `label` as its accessible name, sized by
 * its container.
 */
export async function licenceQrSvg(url: string, label: string): Promise<string> {
  const key = `${url}\n${label}`;
  const known = drawn.get(key);
  if (known !== undefined) return known;
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1c1917", light: "#ffffff" } });
  const labelled = svg.trim().replace(/^<svg /, `<svg role="img" aria-label="${escapeAttribute(label)}" class="size-full" `);
  if (drawn.size >= MAX_DRAWN) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, labelled);
  return labelled;
}
