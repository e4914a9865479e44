/** Map defaults: centred on the capital at zoom 6, zoom 13 on a set point, 400 px high. */
export const MAP_DEFAULT_CENTRE = { lat: 24.7136, lng: 46.6753 } as const;
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_POINT_ZOOM = 13;
export const MARKER_STYLE = { radius: 10, color: "#0f5652", fillColor: "#d9b866", fillOpacity: 0.9, weight: 3 } as const;

/** Leaflet and its styles, loaded only when a map is about to be shown. */
export async function loadLeaflet(): Promise<typeof import("leaflet")> {
  const [leaflet] = await Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]);
  return leaflet.default;
}

/** OpenStreetMap tiles with their required credit, in Arabic and without Leaflet's English prefix. */
export function addBaseLayer(L: typeof import("leaflet"), map: import("leaflet").Map) {
  L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", { maxZoom: 19 }).addTo(map);
  L.control.attribution({ prefix: false }).addAttribution("© مساهمو OpenStreetMap").addTo(map);
}
