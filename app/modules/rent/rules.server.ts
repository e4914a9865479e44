import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { propertyManagementRules } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/audit.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";

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

/** Saves the rules (the manager's, from the settings page) with an audit row of what changed. */
export async function saveRentRules(db: Db, actor: Pick<StaffProfile, "id" | "name">, input: RentRules): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getRentRules(tx);
    await tx
      .insert(propertyManagementRules)
      .values({ id: 1, ...input })
      .onConflictDoUpdate({ target: propertyManagementRules.id, set: { ...input, updatedAt: sql`now()` } });
    const changes = Object.fromEntries(
      Object.entries(input)
        .filter(([key, value]) => JSON.stringify(before[key as keyof RentRules]) !== JSON.stringify(value))
        .map(([key, value]) => [key, { from: before[key as keyof RentRules], to: value }]),
    );
    await recordAudit(tx, actor, "settings", 1, "settings-change", { section: "property-management", changes });
  });
}
