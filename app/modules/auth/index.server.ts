/** The auth module's public entry for server code: what other modules of its tier may use (decision 044). */
export { invalidateResetTokens } from "./password-reset.server.ts";
export { handleReauthCodeRequest, hasPassword, reauthenticate, replyToReauthRefusal, type ReauthRequest } from "./reauth.server.ts";
export { SESSION_LIMITS, deleteOtherSessions, deleteUserSessions } from "./sessions.server.ts";
// The code mechanism of the sign-in, for the tenants' maintenance reports (decision 054).
export { CODE_RULES, checkPhoneCodeIn, issuePhoneCode, nextCodeWait, pendingSignIn as pendingPhoneCode } from "./login-codes.server.ts";
export { CODE_REFUSAL_MESSAGES, textCode } from "./sign-in.server.ts";
