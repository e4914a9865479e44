/** The form-guard module's public entry for server code: what other modules of its tier may use (decision 044). */
export { PROOF_OF_WORK, verifyFormProof } from "./proof-of-work.server.ts";
export { hitRateLimit, peekRateLimit } from "./rate-limit.server.ts";
