/** The property-management module's public entry for code of both sides (decision 044): the checks other modules reuse. */
export { cleanTypedNumber } from "./identity-numbers.ts";
export { checkPartyIdentity, idField, isoDay, OWNER_KIND_LABELS, partyShape, PM_MESSAGES, toHundredths, type OwnerKind } from "./pm-schema.ts";
export { unitTitle } from "./pm-view.ts";
export { PartyFields } from "./components/party-fields.tsx";
export { EndEarlyForm, TermDatesFields } from "./components/term-fields.tsx";
