/** The tasks module's public entry for server code: what other modules of its tier may use (decision 044). */
export { handleDecisionPost, isDecisionPost } from "./decision-action.server.ts";
export { listTasks, tasksOfInquiries } from "./tasks.server.ts";
