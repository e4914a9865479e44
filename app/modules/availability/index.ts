/** The availability module's public entry (decision 044): offers that are really available (decision 046). */
export { ConfirmAvailabilityButton } from "./components/confirm-availability-button.tsx";
export { AvailabilityAttention } from "./components/availability-attention.tsx";
export { AvailabilityPanel } from "./components/availability-panel.tsx";
