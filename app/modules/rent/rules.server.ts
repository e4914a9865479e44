import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { propertyManagementRules } from "~/db/schema.ts";

export type RentRules = Pick<typeof propertyManagementRules.$inferSelect, "renewalNoticeDays" | "arrearsReminderDays" | "arrearsChannel" | "statementDay">;

const DEFAULTS: RentRules = { renewalNoticeDays: 60, arrearsReminderDays: [3, 10, 30], arrearsChannel: "sms", statementDay: 5 };

/** The property-management rules (one row, seeded by its migration; the defaults if it is missing). Read fresh: the jobs run once a day. */
export async function getRentRules(db: Db | Tx): Promise<RentRules> {
  const [row] = await db
    .select({
      renewalNoticeDays: propertyManagementRules.renewalNoticeDays,
      arrearsReminderDays: propertyManagementRules.arrearsReminderDays,
      arrearsChannel: propertyManagementRules.arrearsChannel,
      statementDay: propertyManagementRules.statementDay,
    })
    .from(propertyManagementRules)
    .where(eq(propertyManagementRules.id, 1));
  return row ?? DEFAULTS;
}
