import { useEffect, useRef, useState } from "react";

/** SPEC.md §9: default centre (the capital) at zoom 6, zoom 13 on a set point, 400 px high. */
export const MAP_DEFAULT_CENTRE = { lat: 24.7136, lng: 46.6753 } as const;
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_POINT_ZOOM = 13;

/**
 * Leaflet map with OpenStreetMap tiles. Neither Leaflet nor its styles load until the map is
 * about to scroll into view.
 */
export function OfferMap({ coordinates, label }: { coordinates: { lat: number; lng: number } | null; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!near || !element) return;
    let map: import("leaflet").Map | undefined;
    let cancelled = false;
    void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([leaflet]) => {
      if (cancelled) return;
      const L = leaflet.default;
      const centre = coordinates ?? MAP_DEFAULT_CENTRE;
      map = L.map(element, { scrollWheelZoom: false, attributionControl: false }).setView([centre.lat, centre.lng], coordinates ? MAP_POINT_ZOOM : MAP_DEFAULT_ZOOM);
      L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
        maxZoom: 19,
      }).addTo(map);
      // OpenStreetMap's required credit, in Arabic and without Leaflet's English prefix.
      L.control.attribution({ prefix: false }).addAttribution("© مساهمو OpenStreetMap").addTo(map);
      if (coordinates) {
        L.circleMarker([coordinates.lat, coordinates.lng], { radius: 10, color: "#0f5652", fillColor: "#d9b866", fillOpacity: 0.9, weight: 3 })
          .addTo(map)
          .bindTooltip(label);
      }
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [near, coordinates, label]);

  return <div ref={ref} className="h-[400px] w-full overflow-hidden rounded-2xl bg-sand-200" role="region" aria-label="خريطة موقع العقار" data-testid="offer-map" />;
}
