import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { toAsciiDigits } from "~/utils/numbers.ts";
import type { Coordinates } from "../map-link.ts";
import { loadLeaflet, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM, MAP_POINT_ZOOM, MARKER_STYLE } from "./leaflet.ts";

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The offer form's map point: the capital at zoom 6 until a point is set, then zoom
 * 13; 400 px high. A tap on the map sets the point; the numbers can also be typed; a point set
 * from outside (a pasted map link) moves the map to it.
 */
export function LocationPicker({
  value,
  onChange,
  label,
  tileUrl,
  hint = "المس الخريطة لتحديد موقع العقار، أو الصق رابط الموقع في الحقل أعلاه.",
}: {
  value: Coordinates | null;
  onChange: (next: Coordinates | null) => void;
  label: string;
  /** The maps' tile address (settings). */
  tileUrl: string;
  /** Says how to set the point (the offer form also reads a pasted map link). */
  hint?: string;
}) {
  const id = useId();
  const element = useRef<HTMLDivElement>(null);
  const leaflet = useRef<{ L: typeof import("leaflet"); map: import("leaflet").Map; marker: import("leaflet").CircleMarker | null } | null>(null);
  const pick = useEffectEvent((point: Coordinates) => onChange(point));
  const [typed, setTyped] = useState({ lat: value ? String(value.lat) : "", lng: value ? String(value.lng) : "" });
  const [ready, setReady] = useState(false);

  // The typed numbers follow a point set from outside (a tap, a pasted link, removal).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped((t) =>
      value && (Number(toAsciiDigits(t.lat)) !== value.lat || Number(toAsciiDigits(t.lng)) !== value.lng)
        ? { lat: String(value.lat), lng: String(value.lng) }
        : value
          ? t
          : { lat: "", lng: "" },
    );
  }

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    let cancelled = false;
    void loadLeaflet().then(({ L, addBaseLayer }) => {
      if (cancelled) return;
      const map = L.map(node, { attributionControl: false }).setView([MAP_DEFAULT_CENTRE.lat, MAP_DEFAULT_CENTRE.lng], MAP_DEFAULT_ZOOM);
      addBaseLayer(map, tileUrl);
      map.on("click", (event) => pick({ lat: round(event.latlng.lat), lng: round(event.latlng.lng) }));
      leaflet.current = { L, map, marker: null };
      setReady(true);
    });
    return () => {
      cancelled = true;
      leaflet.current?.map.remove();
      leaflet.current = null;
    };
  }, [tileUrl]);

  // Keep the marker and the view in step with the value.
  useEffect(() => {
    const current = leaflet.current;
    if (!current) return;
    current.marker?.remove();
    current.marker = null;
    if (value) {
      current.marker = current.L.circleMarker([value.lat, value.lng], MARKER_STYLE).addTo(current.map);
      current.map.setView([value.lat, value.lng], Math.max(current.map.getZoom(), MAP_POINT_ZOOM));
    }
  }, [value, ready]);

  function typedChange(key: "lat" | "lng", text: string) {
    const next = { ...typed, [key]: text };
    setTyped(next);
    const lat = Number(toAsciiDigits(next.lat));
    const lng = Number(toAsciiDigits(next.lng));
    if (next.lat.trim() && next.lng.trim() && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
      onChange({ lat, lng });
    }
  }

  return (
    <div className="grid gap-3">
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {hint}
      </p>
      <div
        ref={element}
        role="region"
        aria-label={label}
        aria-describedby={`${id}-hint`}
        // isolate: the map's own layers and buttons stay under the page's sticky header and bars.
        className="isolate h-[400px] w-full overflow-hidden rounded-2xl bg-sand-200 ring-1 ring-stone-200"
        data-testid="location-picker"
      />
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <label className={adminLabelClass}>
          خط العرض
          <input className={inputClass} dir="ltr" inputMode="decimal" value={typed.lat} onChange={(e) => typedChange("lat", e.target.value)} />
        </label>
        <label className={adminLabelClass}>
          خط الطول
          <input className={inputClass} dir="ltr" inputMode="decimal" value={typed.lng} onChange={(e) => typedChange("lng", e.target.value)} />
        </label>
        <button type="button" className={adminSecondaryButtonClass} disabled={!value} onClick={() => onChange(null)}>
          إزالة الموقع
        </button>
      </div>
    </div>
  );
}
