import type { Db } from "~/db/client.server.ts";
import { staffUsers } from "~/db/schema.ts";
import type { NewStaff } from "~/modules/users/users.server.ts";
import { parsePhone } from "~/utils/phone.ts";

/**
 * The demo staff (demo mode only; production has no built-in accounts, its first manager comes
 * from `npm run staff:create`): managers 0500000001 and 0500000002, accountant 0500000003, staff
 * 0500000004. They sign in with a one-time code, which arrives in the SMS outbox.
 */
const DEMO_STAFF: readonly NewStaff[] = [
  { name: "خالد العتيبي", username: "khaled", phone: "0500000001", role: "manager", email: "khaled@example.sa" },
  { name: "نورة السبيعي", username: "noura", phone: "0500000002", role: "manager", email: "noura@example.sa" },
  { name: "فهد الحربي", username: "fahad", phone: "0500000003", role: "accountant", email: "fahad@example.sa" },
  { name: "سارة القحطاني", username: "sara", phone: "0500000004", role: "staff", email: "sara@example.sa" },
];

/** Adds the demo staff that are not there yet (by phone or username). */
export async function seedDemoStaff(db: Db) {
  await db
    .insert(staffUsers)
    .values(DEMO_STAFF.map((s) => ({ ...s, phone: parsePhone(s.phone) ?? s.phone, email: s.email ?? "" })))
    .onConflictDoNothing();
}
