/** The maps module's public entry: what other modules of its tier may use (decision 044). */
export { LocationPicker } from "./components/location-picker.tsx";
export { mapLinkOf, type Coordinates } from "./map-link.ts";
