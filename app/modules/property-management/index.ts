/** The property-management module's public entry for code of both sides (decision 044): the checks other modules reuse. */
export { cleanTypedNumber, isCrNumber, isSaudiNationalId } from "./identity-numbers.ts";
export { idField, isoDay, OWNER_KIND_LABELS, OWNER_KINDS, PM_MESSAGES, toHundredths, type OwnerKind } from "./pm-schema.ts";
