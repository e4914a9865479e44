/** The form-guard module's public entry: what other modules of its tier may use (decision 044). */
export { useProofOfWork } from "./components/use-proof-of-work.ts";
