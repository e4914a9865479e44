import { and, eq, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { staffUsers } from "~/db/schema.ts";
import { deleteUserSessions } from "~/modules/auth/index.server.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { Role } from "~/modules/users/index.ts";
import { STAFF_MESSAGES } from "./staff-schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { createStaffUser, StaffInputError, type NewStaff, type StaffUser } from "~/modules/users/index.server.ts";

/** A rule of the staff page said no: its message, its status, and the field it is about (if one). */
export type StaffRefusal = { ok: false; error: string; status: 400 | 403 | 404 | 409; field?: "phone" | "username" };

async function otherActiveManagers(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true), ne(staffUsers.id, exceptId)));
  return row?.count ?? 0;
}

/** Adds a staff member (checked by the form's schema); a phone or username already taken is refused under its field. */
export async function addStaff(db: Db, manager: StaffProfile, input: NewStaff): Promise<{ ok: true; member: StaffProfile } | StaffRefusal> {
  try {
    const member = await createStaffUser(db, input);
    log.info("staff added", { by: manager.id, userId: member.id, role: member.role });
    return { ok: true, member };
  } catch (error) {
    if (!(error instanceof StaffInputError)) throw error;
  }
  // Which of the two unique values is taken (the schema already normalised both).
  const [taken] = await db
    .select({ phone: staffUsers.phone, username: staffUsers.username })
    .from(staffUsers)
    .where(or(eq(staffUsers.phone, input.phone), eq(staffUsers.username, input.username)))
    .limit(1);
  if (taken?.phone === input.phone) return { ok: false, status: 409, error: STAFF_MESSAGES.phoneTaken, field: "phone" };
  if (taken) return { ok: false, status: 409, error: STAFF_MESSAGES.usernameTaken, field: "username" };
  // Refused by users.server.ts's own checks, which the schema makes too: not from the page.
  return { ok: false, status: 400, error: MESSAGES.badRequest };
}

/** The person a role change or (de)activation is about: someone else than the manager. */
export async function findOtherStaff(db: Db, manager: StaffProfile, id: number): Promise<{ ok: true; target: StaffUser } | StaffRefusal> {
  const [target] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  // An owner's portal account (decision 056) is given and taken away on the owner's page, never here.
  if (!target || target.role === "owner") return { ok: false, status: 404, error: STAFF_MESSAGES.unknown };
  if (target.id === manager.id) return { ok: false, status: 403, error: STAFF_MESSAGES.notSelf };
  return { ok: true, target };
}

/** Changes a role; the last active manager stays one. */
export async function changeRole(db: Db, manager: StaffProfile, target: StaffUser, role: Role): Promise<{ ok: true } | StaffRefusal> {
  if (target.role === "manager" && role !== "manager" && (await otherActiveManagers(db, target.id)) === 0) {
    return { ok: false, status: 409, error: STAFF_MESSAGES.lastManager };
  }
  await db.update(staffUsers).set({ role, updatedAt: new Date() }).where(eq(staffUsers.id, target.id));
  log.info("staff role changed", { by: manager.id, userId: target.id, role });
  return { ok: true };
}

/** Deactivates (the person's sessions end at once) or reactivates; the last active manager stays. */
export async function setStaffActive(db: Db, manager: StaffProfile, target: StaffUser, active: boolean): Promise<{ ok: true } | StaffRefusal> {
  if (!active && target.role === "manager" && (await otherActiveManagers(db, target.id)) === 0) {
    return { ok: false, status: 409, error: STAFF_MESSAGES.lastManager };
  }
  await db.update(staffUsers).set({ active, updatedAt: new Date() }).where(eq(staffUsers.id, target.id));
  if (!active) await deleteUserSessions(db, target.id);
  log.info(active ? "staff reactivated" : "staff deactivated", { by: manager.id, userId: target.id });
  return { ok: true };
}
