/** Map defaults: centred on the capital at zoom 6, zoom 13 on a set point, 400 px high. */
export const MAP_DEFAULT_CENTRE = { lat: 24.7136, lng: 46.6753 } as const;
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_POINT_ZOOM = 13;
export const MARKER_STYLE = { radius: 10, color: "#0f5652", fillColor: "#d9b866", fillOpacity: 0.9, weight: 3 } as const;

/**
 * Leaflet, its styles and the maps' common setup (leaflet-base.ts), loaded only when a map is about to
 * be shown: a page's first load carries this line only.
 */
export function loadLeaflet(): Promise<typeof import("./leaflet-base.ts")> {
  return import("./leaflet-base.ts");
}
