/** The clients module's public entry for browser and server code (decision 044). */
export { CLIENT_STAGE_LABELS, clientsText } from "./stages.ts";
export { workingHoursText } from "./first-answer.ts";
export { ClientLink } from "./components/client-link.tsx";
export { ClientPicker } from "./components/client-picker.tsx";
export { type ClientChoice } from "./client-choice.ts";
