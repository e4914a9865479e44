/** The tasks module's public entry for server code: what other modules of its tier may use (decision 044). */
export { handleDecisionPost, isDecisionPost } from "./decision-action.server.ts";
export { listTasks, tasksOfInquiries } from "./tasks.server.ts";
// Offers that are really available (decision 046): the confirm tasks.
export { addScheduledTask, completeOpenTasks } from "./tasks.server.ts";
