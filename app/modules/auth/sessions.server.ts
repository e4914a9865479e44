import crypto from "node:crypto";
import { and, eq, lt, ne, or } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { sessions, staffUsers } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { PROFILE_COLUMNS } from "~/modules/users/index.server.ts";

/** Idle and absolute lifetimes of a back-office session (issue 4), enforced on the server. */
export const SESSION_LIMITS = { idleMs: 2 * 60 * 60_000, absoluteMs: 24 * 60 * 60_000 } as const;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

/** A 256-bit random token for a cookie. */
export const newToken = () => crypto.randomBytes(32).toString("base64url");

/** Starts a session for a signed-in staff member; returns the token for the cookie (a new one at every sign-in). */
export async function createSession(db: Db, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ idHash: sha256(token), userId, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The staff member behind a session token, or undefined when the session does not exist, has
 * been idle for 2 hours, is older than 24 hours, or its user is no longer active. A dead
 * session is deleted.
 */
export async function readSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffProfile | undefined> {
  if (!token || token.length > 100) return undefined;
  const idHash = sha256(token);
  const [row] = await db
    .select({ user: PROFILE_COLUMNS, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  if (!row) return undefined;
  const idle = now.getTime() - row.lastSeenAt.getTime();
  const age = now.getTime() - row.createdAt.getTime();
  if (idle > SESSION_LIMITS.idleMs || age > SESSION_LIMITS.absoluteMs || !row.user.active) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return undefined;
  }
  if (idle > TOUCH_EVERY_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
  return row.user;
}

export async function deleteSession(db: Db, token: string | undefined) {
  if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
}

/**
 * Ends every session of a staff member at once: on deactivation and on a password reset by link.
 * A role change needs none of this (each request reads the role afresh), and a password changed
 * on the profile page ends the other sessions only (deleteOtherSessions).
 */
export async function deleteUserSessions(db: Db | Tx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Housekeeping: sessions past either limit. */
export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_LIMITS.idleMs)), lt(sessions.createdAt, new Date(now.getTime() - SESSION_LIMITS.absoluteMs))));
}

/** After a password change: every other session of the person ends; this one stays. */
export async function deleteOtherSessions(db: Db | Tx, userId: number, keepToken: string | undefined) {
  const keep = keepToken ? sha256(keepToken) : "";
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keep)));
}
