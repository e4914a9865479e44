import { TRANSACTION_TYPES, type TransactionType } from "~/db/column-types.ts";

export { TRANSACTION_TYPES, type TransactionType };

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = { income: "دخل", expense: "مصروف" };

export function isTransactionType(value: unknown): value is TransactionType {
  return (TRANSACTION_TYPES as readonly unknown[]).includes(value);
}
