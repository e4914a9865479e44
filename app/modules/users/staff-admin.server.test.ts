import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { createSession, readSession } from "~/modules/auth/sessions.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { hashPassword, verifyPassword } from "~/utils/password.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleProfilePost, PROFILE_MESSAGES } from "./profile.server.ts";
import { handleStaffPost, STAFF_MESSAGES } from "./staff-admin.server.ts";
import { createStaffUser, getStaffProfile, type StaffProfile } from "./users.server.ts";

const db = useTestDatabase();
const quiet = { send: async () => {} };
const services = () => ({ db: db(), env: parseEnv({}), mailer: quiet, sms: quiet }) as unknown as AppServices;
const form = (fields: Record<string, string | number>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, String(v));
  return data;
};
let boss: StaffProfile;
let clerk: StaffProfile;

beforeAll(async () => {
  boss = await createStaffUser(db(), { name: "المدير", username: "boss", phone: "0511000001", role: "manager" });
  clerk = await createStaffUser(db(), { name: "الموظف", username: "clerk", phone: "0511000002", role: "staff" });
});

describe("staff management (manager only)", () => {
  it("adds a member with a normalised phone, and refuses duplicates and bad input in Arabic", async () => {
    expect(await handleStaffPost(services(), boss, form({ intent: "add", name: "جديد", username: "newbie", phone: "0511000003", role: "accountant" }))).toEqual({
      ok: true,
      message: STAFF_MESSAGES.added,
    });
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.username, "newbie"));
    expect(row).toMatchObject({ phone: "+966511000003", role: "accountant", active: true, passwordHash: null });
    expect(await handleStaffPost(services(), boss, form({ intent: "add", name: "مكرر", username: "other", phone: "0511000003", role: "staff" }))).toEqual({ ok: false, error: STAFF_MESSAGES.duplicate });
    expect(await handleStaffPost(services(), boss, form({ intent: "add", name: "x", username: "x y", phone: "12", role: "staff" }))).toEqual({ ok: false, error: STAFF_MESSAGES.invalid });
    expect(await handleStaffPost(services(), boss, form({ intent: "add", name: "x", username: "xyz", phone: "0511000009", role: "owner" }))).toEqual({ ok: false, error: STAFF_MESSAGES.invalid });
  });

  it("stores a name without bidi controls or marks; a name of controls only is refused", async () => {
    const added = await handleStaffPost(services(), boss, form({ intent: "add", name: "\u202Eريم\u202C  \u200Fالدوسري\u2069", username: "reem", phone: "0511000014", role: "staff" }));
    expect(added).toEqual({ ok: true, message: STAFF_MESSAGES.added });
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.username, "reem"));
    expect(row?.name).toBe("ريم الدوسري");
    expect(await handleStaffPost(services(), boss, form({ intent: "add", name: "\u202E\u2066", username: "ghost", phone: "0511000015", role: "staff" }))).toEqual({ ok: false, error: STAFF_MESSAGES.invalid });
  });

  it("deactivating ends the member's sessions at once; reactivating lets them sign in again", async () => {
    const token = await createSession(db(), clerk.id);
    expect(await readSession(db(), token)).toBeDefined();
    expect(await handleStaffPost(services(), boss, form({ intent: "active", id: clerk.id, active: "false" }))).toMatchObject({ ok: true });
    expect(await readSession(db(), token)).toBeUndefined();
    await handleStaffPost(services(), boss, form({ intent: "active", id: clerk.id, active: "true" }));
    expect((await getStaffProfile(db(), clerk.id))!.active).toBe(true);
  });

  it("changes a role; never the manager's own, never the last active manager", async () => {
    expect(await handleStaffPost(services(), boss, form({ intent: "role", id: clerk.id, role: "accountant" }))).toMatchObject({ ok: true });
    expect((await getStaffProfile(db(), clerk.id))!.role).toBe("accountant");
    expect(await handleStaffPost(services(), boss, form({ intent: "role", id: boss.id, role: "staff" }))).toEqual({ ok: false, error: STAFF_MESSAGES.notSelf });
    expect(await handleStaffPost(services(), boss, form({ intent: "active", id: boss.id, active: "false" }))).toEqual({ ok: false, error: STAFF_MESSAGES.notSelf });
    const deputy = await createStaffUser(db(), { name: "نائب", username: "deputy", phone: "0511000004", role: "manager" });
    // With two managers, one may step down; then the last one stays.
    expect(await handleStaffPost(services(), deputy, form({ intent: "role", id: boss.id, role: "staff" }))).toMatchObject({ ok: true });
    const other = await createStaffUser(db(), { name: "آخر", username: "other2", phone: "0511000005", role: "accountant" });
    await db().update(staffUsers).set({ role: "manager" }).where(eq(staffUsers.id, other.id));
    expect(await handleStaffPost(services(), { ...other, role: "manager" }, form({ intent: "active", id: deputy.id, active: "false" }))).toMatchObject({ ok: true });
    await db().update(staffUsers).set({ role: "staff" }).where(eq(staffUsers.id, other.id));
    expect(await handleStaffPost(services(), { ...boss, role: "manager" }, form({ intent: "role", id: other.id, role: "manager" }))).toMatchObject({ ok: true });
    expect(await handleStaffPost(services(), { ...deputy, active: true }, form({ intent: "role", id: other.id, role: "staff" }))).toEqual({ ok: false, error: STAFF_MESSAGES.lastManager });
  });
});

// Re-authentication (current password or SMS code) is tested in profile.server.test.ts.
describe("profile", () => {
  beforeAll(async () => {
    await db().update(staffUsers).set({ passwordHash: await hashPassword("قلم-ودفتر-77") }).where(eq(staffUsers.id, clerk.id));
  });

  it("requires and checks the e-mail, then saves it", async () => {
    expect(await handleProfilePost(services(), clerk, form({ intent: "email", email: " " }), undefined)).toEqual({ intent: "email", ok: false, error: MESSAGES.emailRequired });
    expect(await handleProfilePost(services(), clerk, form({ intent: "email", email: "nope" }), undefined)).toMatchObject({ ok: false });
    expect(await handleProfilePost(services(), clerk, form({ intent: "email", email: "clerk@example.sa", currentPassword: "قلم-ودفتر-77" }), undefined)).toMatchObject({ ok: true });
    expect((await getStaffProfile(db(), clerk.id))!.email).toBe("clerk@example.sa");
  });

  it("a new password is hashed; the other sessions end, this one stays", async () => {
    const here = await createSession(db(), clerk.id);
    const elsewhere = await createSession(db(), clerk.id);
    const result = await handleProfilePost(services(), clerk, form({ intent: "password", password: "نخلة-وبحر-٢٠٢٦", confirmation: "نخلة-وبحر-٢٠٢٦", currentPassword: "قلم-ودفتر-77" }), here);
    expect(result).toEqual({ intent: "password", ok: true, message: PROFILE_MESSAGES.passwordSaved });
    const [row] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, clerk.id));
    expect(await verifyPassword("نخلة-وبحر-٢٠٢٦", row!.hash!)).toBe(true);
    expect(await readSession(db(), here)).toBeDefined();
    expect(await readSession(db(), elsewhere)).toBeUndefined();
  });
});
