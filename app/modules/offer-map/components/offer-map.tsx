import { useEffect, useRef, useState } from "react";
import { loadLeaflet, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM, MAP_POINT_ZOOM, MARKER_STYLE } from "~/modules/maps/components/leaflet.ts";

/**
 * Leaflet map with the settings' tiles (OpenStreetMap's by default). Neither Leaflet nor its styles load until the map is
 * about to scroll into view.
 */
export function OfferMap({ coordinates, label, tileUrl }: { coordinates: { lat: number; lng: number } | null; label: string; tileUrl: string }) {
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
    void loadLeaflet().then(({ L, addBaseLayer }) => {
      if (cancelled) return;
      const centre = coordinates ?? MAP_DEFAULT_CENTRE;
      map = L.map(element, { scrollWheelZoom: false, attributionControl: false }).setView([centre.lat, centre.lng], coordinates ? MAP_POINT_ZOOM : MAP_DEFAULT_ZOOM);
      addBaseLayer(map, tileUrl);
      if (coordinates) L.circleMarker([coordinates.lat, coordinates.lng], MARKER_STYLE).addTo(map).bindTooltip(label);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [near, coordinates, label, tileUrl]);

  // isolate: the map's own layers, buttons and attribution stay under the page's sticky header and bars.
  return <div ref={ref} className="isolate h-[400px] w-full overflow-hidden rounded-2xl bg-sand-200" role="region" aria-label="خريطة موقع العقار" data-testid="offer-map" />;
}
