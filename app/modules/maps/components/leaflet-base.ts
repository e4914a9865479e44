// Loaded with Leaflet when a map is shown (leaflet.ts's loadLeaflet): never part of a page's first load.
import L from "leaflet";
import "leaflet/dist/leaflet.css";

export { L };

/**
 * The maps' common parts: the tiles of the settings' address (OpenStreetMap's by default) with
 * OpenStreetMap's required credit, in Arabic and without Leaflet's English prefix, and the zoom
 * buttons on the right-to-left page's start side with Arabic names (Leaflet's say "Zoom in").
 */
export function addBaseLayer(map: L.Map, tileUrl: string) {
  L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
  L.control.attribution({ prefix: false }).addAttribution("© مساهمو OpenStreetMap").addTo(map);
  if (map.zoomControl) map.removeControl(map.zoomControl);
  map.zoomControl = L.control.zoom({ position: "topright", zoomInTitle: "تكبير", zoomOutTitle: "تصغير" }).addTo(map);
}
