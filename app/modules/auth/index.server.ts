/** The auth module's public entry for server code: what other modules of its tier may use (decision 044). */
export { invalidateResetTokens } from "./password-reset.server.ts";
export { handleReauthCodeRequest, hasPassword, reauthenticate, replyToReauthRefusal, type ReauthRequest } from "./reauth.server.ts";
export { SESSION_LIMITS, deleteOtherSessions, deleteUserSessions } from "./sessions.server.ts";
