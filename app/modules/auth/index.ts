/** The auth module's public entry: what other modules of its tier may use (decision 044). */
export { NewPasswordFields } from "./components/new-password-fields.tsx";
export { IdentityField, type ReauthView } from "./components/reauth.tsx";
export { IDENTITY_FIELDS, identityFields, optionalIdentityFields } from "./reauth-schema.ts";
