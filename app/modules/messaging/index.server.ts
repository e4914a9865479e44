/** The messaging module's public entry for server code: what other modules of its tier may use (decision 044). */
export { notifyInBackground } from "./background.server.ts";
export { queueEmail } from "./mail-queue.server.ts";
export { SmsSendError } from "./sms.server.ts";
