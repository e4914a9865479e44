/** The clients module's public entry for server code: what other modules of its tier may use (decision 044). */
export { attachMessageToClient, moveClientToViewingStage, recordReplyToClient } from "./clients.server.ts";
export { firstAnswerFigures, firstAnswerJobs } from "./first-answer.server.ts";
// The viewing form's client picker.
export { clientChoiceById, searchClientChoices } from "./clients-admin.server.ts";
