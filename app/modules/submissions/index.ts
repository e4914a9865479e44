/** The submissions module's public entry: what other modules of its tier may use (decision 044). */
export { type SubmissionGoal } from "./limits.ts";
