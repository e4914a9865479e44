import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { staffUsers } from "~/db/schema.ts";
import { personNameField } from "~/utils/form-fields.ts";
import { parsePhone } from "~/utils/phone.ts";
import { isRole, type Role } from "./roles.ts";
import type { StaffProfile } from "./staff-profile.ts";

export type StaffUser = typeof staffUsers.$inferSelect;

export const PROFILE_COLUMNS = {
  id: staffUsers.id,
  name: staffUsers.name,
  username: staffUsers.username,
  email: staffUsers.email,
  phone: staffUsers.phone,
  role: staffUsers.role,
  active: staffUsers.active,
};

/** The sign-in allow-list, held on the server: an active staff member with this phone. */
export async function findActiveStaffByPhone(db: Db, phone: string): Promise<StaffProfile | undefined> {
  const [row] = await db
    .select(PROFILE_COLUMNS)
    .from(staffUsers)
    .where(and(eq(staffUsers.phone, parsePhone(phone) ?? phone), eq(staffUsers.active, true)));
  return row;
}

export async function getStaffProfile(db: Db, id: number): Promise<StaffProfile | undefined> {
  const [row] = await db.select(PROFILE_COLUMNS).from(staffUsers).where(eq(staffUsers.id, id));
  return row;
}

/** The staff, not the owners' portal accounts (decision 056), which the staff page and the task filters never list. */
export async function listStaff(db: Db): Promise<StaffProfile[]> {
  return db.select(PROFILE_COLUMNS).from(staffUsers).where(ne(staffUsers.role, "owner")).orderBy(asc(staffUsers.id));
}

export class StaffInputError extends Error {}

export interface NewStaff {
  name: string;
  username: string;
  phone: string;
  role: Role;
  email?: string;
}

/** Adds a staff member; the phone is normalised and must be unique, like the username. */
export async function createStaffUser(db: Db, input: NewStaff): Promise<StaffProfile> {
  const phone = parsePhone(input.phone);
  if (!phone) throw new StaffInputError(`invalid phone: ${input.phone}`);
  if (!isRole(input.role)) throw new StaffInputError(`invalid role: ${String(input.role)}`);
  // The shared name field: bidi controls and marks dropped (utils/bidi.ts), at most 100 characters.
  const name = personNameField({ required: "name", max: 100 }).safeParse(input.name).data;
  const username = input.username.trim().toLowerCase();
  if (!name || !/^[a-z0-9._-]{3,40}$/.test(username)) throw new StaffInputError("name and a username of 3-40 latin letters, digits, . _ - are required");
  const [row] = await db
    .insert(staffUsers)
    .values({ name, username, phone, role: input.role, email: input.email?.trim() ?? "" })
    .onConflictDoNothing()
    .returning(PROFILE_COLUMNS);
  if (!row) throw new StaffInputError("a staff member with this phone or username exists already");
  return row;
}

export async function updateStaffEmail(db: Db | Tx, id: number, email: string) {
  await db.update(staffUsers).set({ email: email.trim(), updatedAt: new Date() }).where(eq(staffUsers.id, id));
}

/** The stored password hash, or null for someone who signs in by SMS code only (never shown to pages). */
export async function getStaffPasswordHash(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, id));
  return row?.passwordHash ?? null;
}

/** Stores a new password hash (argon2id, from utils/password.server.ts). */
export async function setStaffPasswordHash(db: Db | Tx, id: number, passwordHash: string) {
  await db.update(staffUsers).set({ passwordHash, updatedAt: new Date() }).where(eq(staffUsers.id, id));
}
