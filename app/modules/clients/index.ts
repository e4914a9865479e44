/** The clients module's public entry for browser and server code (decision 044). */
export { CLIENT_STAGE_LABELS, CLIENT_STAGES, isClientStage, type ClientStage } from "./stages.ts";
export { ClientLink } from "./components/client-link.tsx";
