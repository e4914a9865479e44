/** The tasks module's public entry: what other modules of its tier may use (decision 044). */
export { DecisionDialog } from "./components/decision-dialog.tsx";
export { TASK_STATUS_LABELS, taskStatusLabel, type TaskStatus } from "./status.ts";
export { TRANSACTION_TYPES, TRANSACTION_TYPE_LABELS, isTransactionType, type TransactionType } from "./transaction-type.ts";
