import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { clientRules, staffUsers } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import type { ClientRulesInput } from "./rules-schema.ts";
import { DEFAULT_WORKING_HOURS } from "./working-hours.ts";

export type ClientRules = typeof clientRules.$inferSelect;

const DEFAULT_RULES: ClientRules = {
  id: 1,
  assignmentMode: "manager",
  cityOwners: [],
  firstAnswerLimitHours: 4,
  workDays: [...DEFAULT_WORKING_HOURS.days],
  workStartHour: DEFAULT_WORKING_HOURS.startHour,
  workEndHour: DEFAULT_WORKING_HOURS.endHour,
  updatedAt: new Date(0),
};

/** The pipeline's rules (not cached: read once per new client, job run or page). */
export async function getClientRules(db: Db | Tx): Promise<ClientRules> {
  const [row] = await db.select().from(clientRules).where(eq(clientRules.id, 1));
  return row ?? DEFAULT_RULES;
}

/** The manager saves the rules (the route checked the role); audited like every settings change. */
export async function saveClientRules(db: Db, actor: StaffProfile, input: ClientRulesInput): Promise<void> {
  const values = {
    assignmentMode: input.assignmentMode,
    cityOwners: input.cityOwners.flatMap((row) => (row.staffId ? [{ city: row.city, staffId: row.staffId }] : [])),
    firstAnswerLimitHours: input.firstAnswerLimitHours,
    workDays: [...new Set(input.workDays)].sort(),
    workStartHour: input.workStartHour,
    workEndHour: input.workEndHour,
  };
  await db.transaction(async (tx) => {
    const before = await getClientRules(tx);
    await tx
      .insert(clientRules)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: clientRules.id, set: { ...values, updatedAt: sql`now()` } });
    const changes = Object.fromEntries(
      Object.entries(values)
        .filter(([key, value]) => JSON.stringify(before[key as keyof ClientRules]) !== JSON.stringify(value))
        .map(([key, value]) => [key, { from: before[key as keyof ClientRules], to: value }]),
    );
    await recordAudit(tx, actor, "settings", 1, "settings-change", { section: "clients", changes });
  });
}

/** The employees a client may be given to (active staff), and the managers, for the forms. */
export async function listAssignableStaff(db: Db | Tx): Promise<Array<{ id: number; name: string; role: string }>> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, role: staffUsers.role })
    .from(staffUsers)
    .where(sql`${staffUsers.active} and ${staffUsers.role} in ('manager', 'staff')`)
    .orderBy(staffUsers.id);
}
