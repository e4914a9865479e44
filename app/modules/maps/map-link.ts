import { toAsciiDigits } from "~/utils/numbers.ts";

export interface Coordinates {
  lat: number;
  lng: number;
}

const NUMBER = String.raw`[-+]?\d{1,3}(?:\.\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s*,\s*(${NUMBER})\s*$`);

function valid(lat: number, lng: number): Coordinates | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  if (lat === 0 && lng === 0) return null; // "0,0" is a placeholder, not a property
  return { lat, lng };
}

function pair(text: string | null | undefined): Coordinates | null {
  if (!text) return null;
  const match = PAIR.exec(text.replace(/^loc:/, ""));
  return match ? valid(Number(match[1]), Number(match[2])) : null;
}

/**
 * The coordinates a pasted map link carries, or null (the map picker fills itself from
 * a link when it can). Reads Google Maps (`@lat,lng`, `q=`, `query=`, `ll=`, `destination=`,
 * `!3d…!4d…`, `/place/lat,lng`), Apple Maps (`ll=`, `q=`, `coordinate=`), OpenStreetMap
 * (`mlat`/`mlon`, `#map=z/lat/lng`), `geo:` links and a bare "lat, lng". Short links
 * (maps.app.goo.gl) hide their point until opened, so they give null.
 */
export function coordinatesFromMapLink(link: string): Coordinates | null {
  const text = toAsciiDigits(link.trim()).replace(/،/g, ",").replace(/٫/g, ".");
  if (!text) return null;
  const bare = pair(text);
  if (bare) return bare;

  const geo = /^geo:([^;?]+)/i.exec(text);
  if (geo) return pair(geo[1]);

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const decoded = decodeURIComponent(url.pathname + url.hash);
  // Google's data segments name the marker itself: prefer them to the view centre.
  const data = new RegExp(String.raw`!3d(${NUMBER})!4d(${NUMBER})`).exec(decoded);
  if (data) return valid(Number(data[1]), Number(data[2]));

  for (const key of ["q", "query", "ll", "destination", "daddr", "coordinate", "center", "sll"]) {
    const found = pair(url.searchParams.get(key));
    if (found) return found;
  }
  const mlat = url.searchParams.get("mlat");
  const mlon = url.searchParams.get("mlon");
  if (mlat && mlon) return valid(Number(mlat), Number(mlon));

  const at = new RegExp(String.raw`@(${NUMBER}),(${NUMBER})`).exec(decoded);
  if (at) return valid(Number(at[1]), Number(at[2]));
  const osmHash = new RegExp(String.raw`map=\d{1,2}(?:\.\d+)?/(${NUMBER})/(${NUMBER})`).exec(decoded);
  if (osmHash) return valid(Number(osmHash[1]), Number(osmHash[2]));
  const place = new RegExp(String.raw`/(?:place|search|dir)/(${NUMBER}),\s*(${NUMBER})`).exec(decoded);
  if (place) return valid(Number(place[1]), Number(place[2]));
  return null;
}

/** A link that opens the phone's map app at a point (a viewing's meeting point). */
export function mapLinkOf(point: Coordinates): string {
  return `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lng}`;
}
