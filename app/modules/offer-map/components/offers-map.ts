// The map of the map search (/offers?view=map, decision 022): Leaflet with the offers as price markers,
// clustered by supercluster where they are dense. Loaded by offers-map-view.tsx only once the map view
// is shown, with Leaflet and supercluster: no page's first load carries any of it.
import type { Map as LeafletMap, Marker } from "leaflet";
import Supercluster, { type ClusterProperties, type PointFeature } from "supercluster";
import { offersText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { RENT_PERIOD_ADVERBS } from "~/modules/ad-licences/index.ts";
import { boundsAround, formatBbox, parseBbox, type MapMarker } from "~/modules/search/index.ts";
import { loadLeaflet, MAP_DEFAULT_CENTRE, MAP_DEFAULT_ZOOM } from "~/modules/maps/components/leaflet.ts";

export interface OffersMapOptions {
  tileUrl: string;
  /** The visitor moved the map (dragged, zoomed, keys): the area it shows now, as the address writes it. */
  onMove: (bbox: string) => void;
}

export interface OffersMapControl {
  /**
   * Shows these markers. For a new search (`searchKey` changed) the map moves to its area (`bbox`), or
   * to its markers when it has none, unless it shows that area already (the visitor's own «ابحث في هذه المنطقة»).
   */
  show(markers: MapMarker[], bbox: string | undefined, searchKey: string): void;
  /** Marks one offer's marker (its card in the list has the pointer or the focus), or none. */
  highlight(id: number | null): void;
  destroy(): void;
}

/**
 * Clusters of markers closer than this many screen pixels (about a price pill's width, so pills seldom
 * overlap); none from CLUSTER_MAX_ZOOM on (a street's offers apart). Leaflet's tiles are 256 pixels:
 * supercluster's extent says so (its radius is relative to it).
 */
const CLUSTER_RADIUS = 64;
const TILE_EXTENT = 256;
const CLUSTER_MAX_ZOOM = 16;
/** Opening a cluster keeps its offers this many pixels inside the map's edges (a price pill is about 64 wide). */
const CLUSTER_FIT_PADDING = 48;
/** Fitting a search's markers never zooms in further than a neighbourhood. */
const FIT_MAX_ZOOM = 15;

/**
 * A price marker: a pill above its point. Leaflet places the element's corner on the point with a
 * transform; the `translate` property (Tailwind's) moves it on top of that, half its width and its
 * height, so the element is the pill itself: its size is what is clicked, focused and seen.
 */
const PRICE_CLASS =
  "-translate-x-1/2 -translate-y-full rounded-full bg-white px-2.5 py-1.5 text-sm leading-none font-bold whitespace-nowrap text-brand-900 shadow-md ring-1 ring-stone-300 hover:bg-brand-700 hover:text-white focus-visible:bg-brand-700 focus-visible:text-white focus-visible:ring-4 focus-visible:ring-gold-500 focus-visible:outline-none [&.is-active]:bg-brand-700 [&.is-active]:text-white";
/** A cluster: a disc centred on its point (Leaflet centres an icon of a given size), its count inside. */
const CLUSTER_CLASS =
  "rounded-full bg-brand-700 text-center font-bold text-white shadow-md ring-4 ring-brand-700/30 hover:bg-brand-900 focus-visible:ring-gold-500 focus-visible:outline-none";

type Point = PointFeature<{ marker: MapMarker }>;

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** "١٫٢ مليون ريال", "٤٥ ألف ريال سنويًا". */
const priceWords = (marker: MapMarker) => `${marker.label} ريال${marker.rentPeriod ? ` ${RENT_PERIOD_ADVERBS[marker.rentPeriod]}` : ""}`;

/** A marker's popup: the offer's title as a link to its page, and its price. */
function popupContent(marker: MapMarker): HTMLElement {
  const box = element("div", "grid gap-1 text-start");
  box.dir = "rtl";
  const link = element("a", "font-bold text-brand-800 underline underline-offset-4 hover:text-brand-900", marker.title) as HTMLAnchorElement;
  link.href = `/offer/${marker.id}`;
  box.append(link, element("p", "text-base font-bold text-ink", priceWords(marker)));
  return box;
}

export async function createOffersMap(container: HTMLElement, options: OffersMapOptions): Promise<OffersMapControl> {
  const { L, addBaseLayer } = await loadLeaflet();
  const map: LeafletMap = L.map(container, { attributionControl: false, scrollWheelZoom: true }).setView([MAP_DEFAULT_CENTRE.lat, MAP_DEFAULT_CENTRE.lng], MAP_DEFAULT_ZOOM);
  addBaseLayer(map, options.tileUrl);
  const layer = L.layerGroup().addTo(map);
  const index = new Supercluster<{ marker: MapMarker }>({ radius: CLUSTER_RADIUS, extent: TILE_EXTENT, maxZoom: CLUSTER_MAX_ZOOM });
  /** The markers on the map now, by key ("o12" an offer, "c345" a cluster): kept across moves, so a focused one keeps its focus. */
  const shown = new Map<string, Marker>();
  let active: number | null = null;
  let searchShown: string | null = null;
  /** The area the visitor's last move showed, as the address writes it. */
  let movedTo: string | null = null;
  /** Moves the program makes are not the visitor's. */
  let programmatic = false;
  /**
   * Nor are Leaflet's own pans to show a focused marker or its opened popup: a move that ends this
   * soon after a marker is pressed or focused offers no «ابحث في هذه المنطقة».
   */
  let quietUntil = 0;
  const quietly = () => {
    quietUntil = performance.now() + 700;
  };

  const moveQuietly = (move: () => void) => {
    programmatic = true;
    try {
      move();
    } finally {
      programmatic = false;
    }
  };

  function offerMarker(marker: MapMarker): Marker {
    // No size: the element is as large as its text (see PRICE_CLASS).
    const icon = L.divIcon({ className: PRICE_CLASS, iconSize: undefined, html: element("span", "", marker.label) });
    const made = L.marker([marker.lat, marker.lng], { icon, keyboard: true, title: marker.title, riseOnHover: true });
    made.bindPopup(() => popupContent(marker), { autoPanPadding: [24, 24] });
    made.on("add", () => {
      const node = made.getElement();
      if (!node) return;
      node.setAttribute("aria-label", `${marker.title}، ${priceWords(marker)}`);
      node.dataset.offer = String(marker.id);
      node.classList.toggle("is-active", active === marker.id);
      for (const type of ["focus", "pointerdown", "keydown"]) node.addEventListener(type, quietly);
    });
    made.on("popupopen", (event) => {
      const popup = event.popup.getElement();
      popup?.querySelector(".leaflet-popup-close-button")?.setAttribute("aria-label", "إغلاق");
      // Opened by Enter on the marker: the link is the next thing to reach.
      if (document.activeElement === made.getElement()) popup?.querySelector<HTMLAnchorElement>("a[href^='/offer/']")?.focus();
    });
    made.on("popupclose", () => {
      if (container.contains(document.activeElement) && document.activeElement?.closest(".leaflet-popup")) made.getElement()?.focus();
    });
    return made;
  }

  function clusterMarker(id: number, count: number, lat: number, lng: number): Marker {
    const size = count < 10 ? 36 : count < 100 ? 42 : 50;
    const icon = L.divIcon({ className: CLUSTER_CLASS, iconSize: [size, size], html: element("span", "", formatNumberArabic(count)) });
    const made = L.marker([lat, lng], { icon, keyboard: true });
    const zoomIn = () => {
      // Where all its offers are in view, as close as that allows: the zoom where it splits can leave a
      // smaller cluster (three offers a few kilometres apart open into one price and a cluster of two).
      const leaves = L.latLngBounds(index.getLeaves(id, Infinity).map((leaf) => [leaf.geometry.coordinates[1]!, leaf.geometry.coordinates[0]!] as [number, number]));
      const fitted = map.getBoundsZoom(leaves, false, L.point(CLUSTER_FIT_PADDING * 2, CLUSTER_FIT_PADDING * 2));
      const zoom = Math.min(Math.max(index.getClusterExpansionZoom(id), fitted), CLUSTER_MAX_ZOOM, map.getMaxZoom());
      map.setView(leaves.getCenter(), zoom);
      // The cluster goes away; the map keeps the keyboard's place.
      if (container.contains(document.activeElement)) container.focus();
    };
    made.on("click", zoomIn);
    made.on("keypress", (event) => {
      if (event.originalEvent.key === "Enter") zoomIn();
    });
    made.on("add", () => {
      const node = made.getElement();
      if (!node) return;
      node.dataset.count = String(count);
      // Leaflet's styles make a marker a block: the count is centred by its line.
      node.style.lineHeight = `${size}px`;
      node.setAttribute("aria-label", `مجموعة من ${offersText(count)}، اضغط للتقريب`);
    });
    return made;
  }

  /** Each offer's place in the list's order (the markers come in it). */
  let rank = new Map<number, number>();
  const order = (feature: { properties: object }) => {
    const marker = (feature.properties as { marker?: MapMarker }).marker;
    return marker ? (rank.get(marker.id) ?? 0) : Number.MAX_SAFE_INTEGER;
  };

  /** The clusters and markers of the area in view (and a margin around it), added and removed by key. */
  function render() {
    const bounds = map.getBounds().pad(0.25);
    const features = index.getClusters(
      [Math.max(-180, bounds.getWest()), Math.max(-85, bounds.getSouth()), Math.min(180, bounds.getEast()), Math.min(85, bounds.getNorth())],
      Math.round(map.getZoom()),
    );
    // Added in the list's order, so the keyboard reaches the markers in it (the clusters after them).
    features.sort((a, b) => order(a) - order(b));
    const next = new Map<string, Marker>();
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as Partial<ClusterProperties> & { marker?: MapMarker };
      const key = props.cluster ? `c${props.cluster_id}-${props.point_count}` : `o${props.marker!.id}`;
      const existing = shown.get(key);
      next.set(key, existing ?? (props.cluster ? clusterMarker(props.cluster_id!, props.point_count!, lat, lng) : offerMarker(props.marker!)));
    }
    for (const [key, marker] of shown) if (!next.has(key)) layer.removeLayer(marker);
    for (const [key, marker] of next) if (!shown.has(key)) layer.addLayer(marker);
    shown.clear();
    for (const [key, marker] of next) shown.set(key, marker);
  }

  map.on("moveend", () => {
    render();
    if (programmatic || performance.now() < quietUntil) return;
    const b = map.getBounds();
    movedTo = formatBbox(boundsAround({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }));
    options.onMove(movedTo);
  });

  return {
    show(markers, bbox, searchKey) {
      const points: Point[] = markers.map((marker) => ({ type: "Feature", geometry: { type: "Point", coordinates: [marker.lng, marker.lat] }, properties: { marker } }));
      index.load(points);
      rank = new Map(markers.map((marker, i) => [marker.id, i]));
      // Every marker and cluster is made again for the new points.
      layer.clearLayers();
      shown.clear();
      if (searchKey !== searchShown) {
        searchShown = searchKey;
        const area = bbox ? parseBbox(bbox) : null;
        if (area && bbox !== movedTo) {
          moveQuietly(() =>
            map.fitBounds(
              [
                [area.south, area.west],
                [area.north, area.east],
              ],
              { animate: false },
            ),
          );
        } else if (!area && markers.length) {
          const all = L.latLngBounds(markers.map((marker) => [marker.lat, marker.lng] as [number, number]));
          moveQuietly(() => map.fitBounds(all, { padding: [32, 32], maxZoom: FIT_MAX_ZOOM, animate: false }));
        } else if (!area) {
          moveQuietly(() => map.setView([MAP_DEFAULT_CENTRE.lat, MAP_DEFAULT_CENTRE.lng], MAP_DEFAULT_ZOOM, { animate: false }));
        }
        movedTo = null;
      }
      render();
    },
    highlight(id) {
      active = id;
      for (const node of container.querySelectorAll<HTMLElement>("[data-offer]")) node.classList.toggle("is-active", node.dataset.offer === String(id));
    },
    destroy() {
      map.remove();
    },
  };
}
