import type { Db } from "~/db/client.server.ts";
import { tasks } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";

/** The office the task and finance tests work in. */
export interface Office {
  manager: StaffProfile;
  employee: StaffProfile;
  colleague: StaffProfile;
  accountant: StaffProfile;
}

/**
 * Adds the office's staff, real rows: the manager, two employees (Sara, who is mailed, and Khaled,
 * who has no address) and the accountant. Phones 0551300001 to 0551300004.
 */
export async function createOffice(db: Db): Promise<Office> {
  return {
    manager: await createStaffUser(db, { name: "المدير", username: "boss", phone: "0551300001", role: "manager", email: "boss@example.sa" }),
    employee: await createStaffUser(db, { name: "سارة", username: "sara", phone: "0551300002", role: "staff", email: "sara@example.sa" }),
    colleague: await createStaffUser(db, { name: "خالد", username: "khaled", phone: "0551300003", role: "staff" }),
    accountant: await createStaffUser(db, { name: "نورة", username: "noura", phone: "0551300004", role: "accountant", email: "noura@example.sa" }),
  };
}

/** Inserts a task row as it stands, past the rules of createTask: what a test needs to start from. */
export async function insertTask(db: Db, values: Partial<typeof tasks.$inferInsert> & Pick<typeof tasks.$inferInsert, "assignedTo" | "createdBy">) {
  const [row] = await db
    .insert(tasks)
    .values({ title: "مهمة", ...values })
    .returning();
  return row!;
}
