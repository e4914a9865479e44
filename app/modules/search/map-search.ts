import type { RentPeriod } from "~/modules/ad-licences/index.ts";

/**
 * The map search of /offers (decision 022): its area (`bbox=west,south,east,north` in the address),
 * read and written here by the server's filters and by the map in the browser, so both spell an area
 * alike and the address the map writes is already the canonical one; and its markers' shape.
 */
export interface MapBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A price marker of the map search: the offer, its point, its price in a few letters ("١٫٢ مليون"), its rent's period and its title. */
export interface MapMarker {
  id: number;
  lat: number;
  lng: number;
  label: string;
  rentPeriod: RentPeriod | "";
  title: string;
}

/** Five decimals of a degree: about a metre, plenty for a search area. */
const SCALE = 1e5;
const LIMITS = { lat: 90, lng: 180 } as const;

/** The address form of an area: "46.6,24.7,46.8,24.9". */
export function formatBbox(bounds: MapBounds): string {
  return [bounds.west, bounds.south, bounds.east, bounds.north].map((n) => String(Math.round(n * SCALE) / SCALE)).join(",");
}

/**
 * The area a map shows, rounded outwards to five decimals and kept within the world, so that what the
 * map shows is all inside it.
 */
export function boundsAround(bounds: MapBounds): MapBounds {
  const out = (n: number, limit: number, up: boolean) => Math.max(-limit, Math.min(limit, (up ? Math.ceil : Math.floor)(n * SCALE) / SCALE));
  return {
    west: out(bounds.west, LIMITS.lng, false),
    south: out(bounds.south, LIMITS.lat, false),
    east: out(bounds.east, LIMITS.lng, true),
    north: out(bounds.north, LIMITS.lat, true),
  };
}

/**
 * Reads `bbox`: four numbers, west,south,east,north, within the world and west of east, south of north
 * (an area across the 180th meridian is not one this firm's maps show). Anything else is null: no area.
 */
export function parseBbox(text: string): MapBounds | null {
  const parts = text.split(",");
  if (parts.length !== 4 || parts.some((part) => !/^\s*-?\d{1,3}(?:\.\d+)?\s*$/.test(part))) return null;
  const [west, south, east, north] = parts.map((part) => Math.round(Number(part) * SCALE) / SCALE) as [number, number, number, number];
  if (Math.abs(west) > LIMITS.lng || Math.abs(east) > LIMITS.lng || Math.abs(south) > LIMITS.lat || Math.abs(north) > LIMITS.lat) return null;
  if (!(west < east) || !(south < north)) return null;
  return { west, south, east, north };
}
