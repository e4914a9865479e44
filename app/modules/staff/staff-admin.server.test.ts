import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { REAUTH_MESSAGES, SIGN_IN_MESSAGES } from "~/modules/auth/messages.ts";
import { createSession, readSession } from "~/modules/auth/sessions.server.ts";
import type { SmsMessage } from "~/modules/messaging/sms.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { hashPassword, verifyPassword } from "~/utils/password.server.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleProfilePost } from "./profile-action.server.ts";
import { PROFILE_MESSAGES } from "./profile.server.ts";
import { handleStaffPost } from "./staff-action.server.ts";
import { STAFF_MESSAGES } from "./staff-schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser, getStaffProfile } from "~/modules/users/users.server.ts";

const db = useTestDatabase();
const env = parseEnv({});
const texts: SmsMessage[] = [];
const quiet = { send: async () => {} };
const services = () => ({ db: db(), env, mailer: quiet, sms: { send: async (m: SmsMessage) => void texts.push(m) } }) as unknown as AppServices;
const BOSS_PASSWORD = "دلة-وفنجان-2026";
let boss: StaffProfile;
let clerk: StaffProfile;

/** A post to the staff page by this manager, from this session; its answer as the page gets it. */
const staffPost = async (manager: StaffProfile, fields: Record<string, string | number>, sessionToken?: string) =>
  await readAnswer(await handleStaffPost(services(), manager, formData(fields), { sessionToken, address: "10.0.0.2" }), env);
/** A change: back to the staff page with its confirmation. */
const saved = (text: string): unknown => expect.objectContaining({ status: 302, location: "/admin/settings/staff", toast: { tone: "success", text } });
/** A refusal: the message under its field ("" for the whole form), with its status. */
const refused = (field: string, message: string, status = 400): unknown => expect.objectContaining({ status, errors: expect.objectContaining({ [field]: [message] }) as unknown });
const confirmed = { currentPassword: BOSS_PASSWORD };

beforeAll(async () => {
  boss = await createStaffUser(db(), { name: "المدير", username: "boss", phone: "0511000001", role: "manager" });
  clerk = await createStaffUser(db(), { name: "الموظف", username: "clerk", phone: "0511000002", role: "staff" });
  await db()
    .update(staffUsers)
    .set({ passwordHash: await hashPassword(BOSS_PASSWORD) })
    .where(eq(staffUsers.id, boss.id));
});

describe("staff management (manager only)", () => {
  it("adds a member with a normalised phone, and refuses duplicates and bad input in Arabic, each under its field", async () => {
    expect(await staffPost(boss, { intent: "add", name: "جديد", username: "NewBie", phone: "0511000003", role: "accountant", ...confirmed })).toEqual(saved(STAFF_MESSAGES.added));
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.username, "newbie"));
    expect(row).toMatchObject({ phone: "+966511000003", role: "accountant", active: true, passwordHash: null });
    expect(await staffPost(boss, { intent: "add", name: "مكرر", username: "other", phone: "0511000003", role: "staff", ...confirmed })).toEqual(
      refused("phone", STAFF_MESSAGES.phoneTaken, 409),
    );
    expect(await staffPost(boss, { intent: "add", name: "مكرر", username: "newbie", phone: "0511000013", role: "staff", ...confirmed })).toEqual(
      refused("username", STAFF_MESSAGES.usernameTaken, 409),
    );
    const bad = await staffPost(boss, { intent: "add", name: "x", username: "x y", phone: "12", role: "staff", ...confirmed });
    expect(bad).toEqual(expect.objectContaining({ status: 400, errors: { username: [STAFF_MESSAGES.usernameInvalid], phone: [MESSAGES.phoneInvalid] } }));
    expect(await staffPost(boss, { intent: "add", name: "x", username: "xyz", phone: "0511000009", role: "owner", ...confirmed })).toEqual(
      refused("role", STAFF_MESSAGES.roleRequired),
    );
    expect(await staffPost(boss, { intent: "add", username: "xyz", phone: "0511000009", role: "staff", ...confirmed })).toEqual(refused("name", STAFF_MESSAGES.nameRequired));
    expect(await db().select().from(staffUsers).where(eq(staffUsers.phone, "+966511000009"))).toEqual([]);
    // «12345» passed the old 8-to-15-digits rule as «+96612345»; a landline cannot receive the sign-in SMS but is a phone.
    expect(await staffPost(boss, { intent: "add", name: "خمسة", username: "five", phone: "12345", role: "staff", ...confirmed })).toEqual(refused("phone", MESSAGES.phoneInvalid));
    expect(await db().select().from(staffUsers).where(eq(staffUsers.username, "five"))).toEqual([]);
  });

  it("stores a name without bidi controls or marks; a name of controls only is refused", async () => {
    expect(await staffPost(boss, { intent: "add", name: "\u202Eريم\u202C  \u200Fالدوسري\u2069", username: "reem", phone: "0511000014", role: "staff", ...confirmed })).toEqual(
      saved(STAFF_MESSAGES.added),
    );
    const [row] = await db().select().from(staffUsers).where(eq(staffUsers.username, "reem"));
    expect(row?.name).toBe("ريم الدوسري");
    expect(await staffPost(boss, { intent: "add", name: "\u202E\u2066", username: "ghost", phone: "0511000015", role: "staff", ...confirmed })).toEqual(
      refused("name", STAFF_MESSAGES.nameRequired),
    );
  });

  it("adding someone needs the manager's current password: without it or with a wrong one nobody is added, and it is never given back", async () => {
    const newcomer = { intent: "add", name: "دخيل", username: "intruder", phone: "0511000021", role: "manager" };
    expect(await staffPost(boss, newcomer)).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordRequired));
    const wrong = await staffPost(boss, { ...newcomer, currentPassword: "not-it" });
    expect(wrong).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordWrong));
    expect(wrong.initialValue).not.toHaveProperty("currentPassword");
    expect(await db().select().from(staffUsers).where(eq(staffUsers.username, "intruder"))).toEqual([]);
  });

  it("a manager without a password confirms with an SMS code sent to their own phone, asked from this session", async () => {
    const deputy = await createStaffUser(db(), { name: "نائب بلا كلمة مرور", username: "nopass", phone: "0511000031", role: "manager" });
    const session = await createSession(db(), deputy.id);
    const newcomer = { intent: "add", name: "جديدة", username: "newcomer", phone: "0511000032", role: "staff" };
    expect(await staffPost(deputy, newcomer, session)).toEqual(refused("code", SIGN_IN_MESSAGES.codeRequired));
    expect(await staffPost(deputy, { intent: "send-code" }, session)).toEqual(
      expect.objectContaining({ status: 302, location: "/admin/settings/staff", toast: { tone: "success", text: REAUTH_MESSAGES.codeSent } }),
    );
    const sms = texts.filter((t) => t.to === deputy.phone).at(-1)!;
    expect(sms.body).toContain("لتأكيد إضافة موظف أو تعيين مدير عام");
    const code = /\d{6}/.exec(sms.body)![0];
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await staffPost(deputy, { ...newcomer, code: wrong }, session)).toEqual(refused("code", SIGN_IN_MESSAGES.wrongCode));
    // Another session (a stolen one) cannot use the code.
    expect(await staffPost(deputy, { ...newcomer, code }, await createSession(db(), deputy.id))).toEqual(refused("code", SIGN_IN_MESSAGES.noCodeYet));
    expect(await staffPost(deputy, { ...newcomer, code }, session)).toEqual(saved(STAFF_MESSAGES.added));
    await db().update(staffUsers).set({ active: false }).where(eq(staffUsers.id, deputy.id));
  });

  it("deactivating ends the member's sessions at once; reactivating lets them sign in again", async () => {
    const token = await createSession(db(), clerk.id);
    expect(await readSession(db(), token)).toBeDefined();
    expect(await staffPost(boss, { intent: "active", id: clerk.id, active: "false" })).toEqual(saved(STAFF_MESSAGES.updated));
    expect(await readSession(db(), token)).toBeUndefined();
    expect(await staffPost(boss, { intent: "active", id: clerk.id, active: "true" })).toEqual(saved(STAFF_MESSAGES.updated));
    expect((await getStaffProfile(db(), clerk.id))!.active).toBe(true);
    expect(await staffPost(boss, { intent: "active", id: 999_999, active: "false" })).toEqual(refused("", STAFF_MESSAGES.unknown, 404));
    expect(await staffPost(boss, { intent: "active", id: "1e3", active: "false" })).toEqual(refused("id", STAFF_MESSAGES.unknown));
  });

  it("changes a role; never the manager's own, never the last active manager; making a manager needs the current password", async () => {
    expect(await staffPost(boss, { intent: "role", id: clerk.id, role: "accountant" })).toEqual(saved(STAFF_MESSAGES.updated));
    expect((await getStaffProfile(db(), clerk.id))!.role).toBe("accountant");
    expect(await staffPost(boss, { intent: "role", id: boss.id, role: "staff" })).toEqual(refused("", STAFF_MESSAGES.notSelf, 403));
    expect(await staffPost(boss, { intent: "active", id: boss.id, active: "false" })).toEqual(refused("", STAFF_MESSAGES.notSelf, 403));
    // A stolen session cannot make a second manager.
    expect(await staffPost(boss, { intent: "role", id: clerk.id, role: "manager" })).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordRequired));
    expect((await getStaffProfile(db(), clerk.id))!.role).toBe("accountant");
    const deputy = await createStaffUser(db(), { name: "نائب", username: "deputy", phone: "0511000004", role: "manager" });
    // With two managers, one may step down; then the last one stays.
    expect(await staffPost(deputy, { intent: "role", id: boss.id, role: "staff" })).toEqual(saved(STAFF_MESSAGES.updated));
    const other = await createStaffUser(db(), { name: "آخر", username: "other2", phone: "0511000005", role: "accountant" });
    await db().update(staffUsers).set({ role: "manager" }).where(eq(staffUsers.id, other.id));
    expect(await staffPost({ ...other, role: "manager" }, { intent: "active", id: deputy.id, active: "false" })).toEqual(saved(STAFF_MESSAGES.updated));
    await db().update(staffUsers).set({ role: "staff" }).where(eq(staffUsers.id, other.id));
    expect(await staffPost({ ...boss, role: "manager" }, { intent: "role", id: other.id, role: "manager", ...confirmed })).toEqual(saved(STAFF_MESSAGES.updated));
    expect(await staffPost({ ...deputy, active: true }, { intent: "role", id: other.id, role: "staff" })).toEqual(refused("", STAFF_MESSAGES.lastManager, 409));
  });

  it("an unknown intent is refused", async () => {
    expect(await staffPost(boss, { intent: "delete", id: clerk.id })).toEqual(refused("", MESSAGES.badRequest));
  });
});

// Re-authentication (current password or SMS code) is tested in profile.server.test.ts.
describe("profile", () => {
  beforeAll(async () => {
    await db()
      .update(staffUsers)
      .set({ passwordHash: await hashPassword("قلم-ودفتر-77") })
      .where(eq(staffUsers.id, clerk.id));
  });
  const profilePost = async (fields: Record<string, string>, sessionToken?: string) =>
    await readAnswer(await handleProfilePost(services(), clerk, formData(fields), { sessionToken, address: "10.0.0.3" }), env);

  it("requires and checks the e-mail, then saves it", async () => {
    expect(await profilePost({ intent: "email", email: " " })).toEqual(refused("email", MESSAGES.emailRequired));
    expect(await profilePost({ intent: "email", email: "nope" })).toEqual(refused("email", MESSAGES.emailInvalid));
    expect(await profilePost({ intent: "email", email: "clerk@example.sa", currentPassword: "قلم-ودفتر-77" })).toEqual(
      expect.objectContaining({ status: 302, toast: { tone: "success", text: PROFILE_MESSAGES.emailSaved } }),
    );
    expect((await getStaffProfile(db(), clerk.id))!.email).toBe("clerk@example.sa");
  });

  it("a new password is hashed; the other sessions end, this one stays", async () => {
    const here = await createSession(db(), clerk.id);
    const elsewhere = await createSession(db(), clerk.id);
    const result = await profilePost({ intent: "password", password: "نخلة-وبحر-٢٠٢٦", confirmation: "نخلة-وبحر-٢٠٢٦", currentPassword: "قلم-ودفتر-77" }, here);
    expect(result).toEqual(expect.objectContaining({ status: 302, location: "/admin/profile", toast: { tone: "success", text: PROFILE_MESSAGES.passwordSaved } }));
    const [row] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, clerk.id));
    expect(await verifyPassword("نخلة-وبحر-٢٠٢٦", row!.hash!)).toBe(true);
    expect(await readSession(db(), here)).toBeDefined();
    expect(await readSession(db(), elsewhere)).toBeUndefined();
  });
});
