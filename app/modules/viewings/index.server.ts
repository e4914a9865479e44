/** The viewings module's public entry for server code: what other modules of its tier may use (decision 044). */
export { viewingReminderJobs } from "./viewing-reminders.server.ts";
