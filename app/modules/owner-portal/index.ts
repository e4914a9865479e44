/** The owners' portal's public entry (decision 056). */
export { PortalAccessSection } from "./components/portal-access-section.tsx";
