/** The ad-licences module's public entry for server code: what other modules of its tier may use (decision 044). */
export { licenceQrSvg } from "./licence-qr.server.ts";
export { checkLicenceForForm, checkLicenceForSave, regaClientOf, REGA_VERDICT_MESSAGES } from "./rega-verification.server.ts";
