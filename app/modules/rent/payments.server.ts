import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { RentPaymentMethod } from "~/db/column-types.ts";
import type { Db } from "~/db/client.server.ts";
import { leases, rentInstalments, rentPaymentAllocations, rentPayments } from "~/db/schema.ts";
import { markImagesPrivate } from "~/modules/images/private-images.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { canRecordRent, RENT_MESSAGES } from "./rent-messages.ts";

export interface PaymentInput {
  amountHalalas: number;
  method: RentPaymentMethod;
  paidOn: string;
  notes: string;
  /** The form's one-time key (made when the page rendered). */
  requestKey: string;
  receiptImageId?: string | null;
}

type RentRefusal = { ok: false; error: string; status: number; field?: string };
export type PaymentOutcome = { ok: true; paymentId: number; repeated: boolean } | RentRefusal;

const refuse = (error: string, status = 400, field?: string): RentRefusal => ({ ok: false, error, status, ...(field ? { field } : {}) });

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === "23505" || (error as { cause?: { code?: string } })?.cause?.code === "23505";

/**
 * Records a tenant's payment and applies it to the lease's oldest unpaid instalments (decision 053),
 * in one transaction: the lease row locked first (payments of one lease queue behind each other),
 * then its unpaid instalments `FOR UPDATE` by due date. A key already used answers as its first
 * payment did (a form sent twice records one payment). An amount beyond what is unpaid of the
 * instalments generated so far is refused, saying the most that can be taken.
 */
export async function recordRentPayment(db: Db, user: Pick<StaffProfile, "id" | "role">, leaseId: number, input: PaymentInput): Promise<PaymentOutcome> {
  if (!canRecordRent(user.role)) return refuse(RENT_MESSAGES.readOnly, 403);
  try {
    return await db.transaction(async (tx) => {
      const [lease] = await tx.select({ id: leases.id }).from(leases).where(eq(leases.id, leaseId)).for("update");
      if (!lease) return refuse(RENT_MESSAGES.leaseNotFound, 404);
      const [earlier] = await tx.select({ id: rentPayments.id, leaseId: rentPayments.leaseId }).from(rentPayments).where(eq(rentPayments.requestKey, input.requestKey));
      if (earlier) return earlier.leaseId === leaseId ? { ok: true, paymentId: earlier.id, repeated: true } : refuse(RENT_MESSAGES.keyUsed);
      const unpaid = await tx
        .select({ id: rentInstalments.id, amount: rentInstalments.amountHalalas, paid: rentInstalments.paidHalalas })
        .from(rentInstalments)
        .where(and(eq(rentInstalments.leaseId, leaseId), lt(rentInstalments.paidHalalas, rentInstalments.amountHalalas)))
        .orderBy(asc(rentInstalments.dueOn))
        .for("update");
      const open = unpaid.reduce((total, i) => total + (i.amount - i.paid), 0);
      if (open === 0) return refuse(RENT_MESSAGES.nothingDue, 409, "amount");
      if (input.amountHalalas > open) return refuse(RENT_MESSAGES.overpaid(open), 409, "amount");
      const [payment] = await tx
        .insert(rentPayments)
        .values({
          leaseId,
          amountHalalas: input.amountHalalas,
          method: input.method,
          paidOn: input.paidOn,
          notes: input.notes,
          requestKey: input.requestKey,
          receiptImageId: input.receiptImageId ?? null,
          recordedBy: user.id,
        })
        .returning({ id: rentPayments.id });
      let left = input.amountHalalas;
      for (const instalment of unpaid) {
        if (left === 0) break;
        const part = Math.min(left, instalment.amount - instalment.paid);
        left -= part;
        await tx
          .update(rentInstalments)
          .set({ paidHalalas: sql`${rentInstalments.paidHalalas} + ${part}` })
          .where(eq(rentInstalments.id, instalment.id));
        await tx.insert(rentPaymentAllocations).values({ paymentId: payment!.id, instalmentId: instalment.id, amountHalalas: part });
      }
      // The receipt is for the staff only (served by /private-images/).
      if (input.receiptImageId) await markImagesPrivate(tx, [input.receiptImageId]);
      return { ok: true as const, paymentId: payment!.id, repeated: false };
    });
  } catch (error) {
    // The same key on another lease's form at the same moment: the key's unique index refused it.
    if (!isUniqueViolation(error)) throw error;
    const [earlier] = await db.select({ id: rentPayments.id, leaseId: rentPayments.leaseId }).from(rentPayments).where(eq(rentPayments.requestKey, input.requestKey));
    return earlier?.leaseId === leaseId ? { ok: true, paymentId: earlier.id, repeated: true } : refuse(RENT_MESSAGES.keyUsed);
  }
}
