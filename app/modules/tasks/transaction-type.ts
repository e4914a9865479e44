/** A transaction is money in or money out (stored in English, shown in Arabic). */
export const TRANSACTION_TYPES = ["income", "expense"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = { income: "دخل", expense: "مصروف" };

export function isTransactionType(value: unknown): value is TransactionType {
  return (TRANSACTION_TYPES as readonly unknown[]).includes(value);
}
