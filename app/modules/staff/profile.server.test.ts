import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { REAUTH_MESSAGES, SIGN_IN_MESSAGES } from "~/modules/auth/messages.ts";
import { isResetTokenUsable, requestPasswordReset } from "~/modules/auth/password-reset.server.ts";
import { hasPassword, REAUTH_RULES } from "~/modules/auth/reauth.server.ts";
import { createSession, readSession } from "~/modules/auth/sessions.server.ts";
import type { Mailer, MailMessage } from "~/modules/messaging/mail.server.ts";
import type { SmsMessage, SmsSender } from "~/modules/messaging/sms.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { hashPassword, verifyPassword } from "~/utils/password.server.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { readAnswer, type Answer } from "../../../tests/factories/form-answer.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleProfilePost } from "./profile-action.server.ts";
import { PROFILE_MESSAGES } from "./profile.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser, getStaffProfile } from "~/modules/users/users.server.ts";
import { testStorage } from "../../../tests/factories/storage.ts";

const db = useTestDatabase();
const env = { ...parseEnv({ PUBLIC_URL: "https://aqar.example.sa" }), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "aqar-profile-")) };
const mails: MailMessage[] = [];
const texts: SmsMessage[] = [];
const mailer: Mailer = { send: async (m) => void mails.push(m) };
const sms: SmsSender = { send: async (m) => void texts.push(m) };
const services = (): AppServices => ({ db: db(), env, mailer, sms, events: {} as AppServices["events"], storage: testStorage(env.DATA_DIR) });

const PASSWORD = "قهوة-عربية-2026";
let n = 0;

/** A staff member of the test's own (each with its own phone, so code limits never meet). */
async function person({ withPassword }: { withPassword: boolean }): Promise<StaffProfile> {
  n += 1;
  const user = await createStaffUser(db(), {
    name: "منى",
    username: `person${n}`,
    phone: `05130000${String(n).padStart(2, "0")}`,
    role: "staff",
    email: `person${n}@example.sa`,
  });
  if (withPassword)
    await db()
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(staffUsers.id, user.id));
  return user;
}

/** A profile post as the page sends it, by this person, from this session; its answer as the page gets it. */
const post = async (user: StaffProfile, session: string, fields: Record<string, string>): Promise<Answer> =>
  await readAnswer(await handleProfilePost(services(), (await getStaffProfile(db(), user.id))!, formData(fields), { sessionToken: session, address: "10.0.0.1" }), env);

/** A refusal: 400 (unless said), the message under its field ("" for the whole form). */
const refused = (field: string, message: string, status = 400): unknown => expect.objectContaining({ status, errors: expect.objectContaining({ [field]: [message] }) as unknown });
/** A save: back to the profile with its confirmation (post → redirect → get). */
const saved = (text: string): unknown => expect.objectContaining({ status: 302, location: "/admin/profile", toast: { tone: "success", text } });

const emailOf = async (user: StaffProfile) => (await getStaffProfile(db(), user.id))!.email;

/** Two open reset links of this person, from its current e-mail. */
async function openResetLinks(user: StaffProfile): Promise<string[]> {
  const before = mails.length;
  const email = await emailOf(user);
  await requestPasswordReset(services(), { email, address: `10.8.${n}.1` });
  await requestPasswordReset(services(), { email, address: `10.8.${n}.2` });
  await expect.poll(() => mails.length).toBe(before + 2);
  const tokens = mails.slice(before).map((m) => /reset-password\/([A-Za-z0-9_-]+)/.exec(m.body)![1]!);
  for (const token of tokens) expect(await isResetTokenUsable(services(), token)).toBe(true);
  return tokens;
}

/** The code texted to this person's phone (the newest). */
function textedCode(user: StaffProfile): string {
  const text = texts.filter((t) => t.to === user.phone).at(-1);
  return /\d{6}/.exec(text?.body ?? "")![0];
}

beforeAll(() => {
  mails.length = 0;
  texts.length = 0;
});

describe("changing the e-mail (someone with a password)", () => {
  it("is refused without the current password or with a wrong one; nothing changes, nobody is told, no password is given back", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    const sentBefore = mails.length + texts.length;
    expect(await post(user, session, { intent: "email", email: "thief@evil.example" })).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordRequired));
    const wrong = await post(user, session, { intent: "email", email: "thief@evil.example", currentPassword: "not-the-password" });
    expect(wrong).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordWrong));
    expect(wrong.initialValue).toEqual({ intent: "email", email: "thief@evil.example" });
    expect(await emailOf(user)).toBe(user.email);
    expect(mails.length + texts.length).toBe(sentBefore);
  });

  it("checks the new address first (required, an e-mail), without spending a try", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    expect(await post(user, session, { intent: "email", email: "" })).toEqual(refused("email", MESSAGES.emailRequired));
    expect(await post(user, session, { intent: "email", email: "nope", currentPassword: "guess" })).toEqual(refused("email", MESSAGES.emailInvalid));
    // Neither spent one of the 10 tries: the right password still works after 9 wrong ones.
    for (let i = 0; i < REAUTH_RULES.perUser.limit - 1; i++) await post(user, session, { intent: "email", email: "x@example.sa", currentPassword: `guess-${i}` });
    expect(await post(user, session, { intent: "email", email: "x@example.sa", currentPassword: PASSWORD })).toEqual(saved(PROFILE_MESSAGES.emailSaved));
  });

  it("is saved with the current password; the old address is told by e-mail and the phone by SMS; reset links to the old address die", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    const links = await openResetLinks(user);
    const mailsBefore = mails.length;
    expect(await post(user, session, { intent: "email", email: "new.address@example.sa", currentPassword: PASSWORD })).toEqual(saved(PROFILE_MESSAGES.emailSaved));
    expect(await emailOf(user)).toBe("new.address@example.sa");
    await deliverQueuedEmails(db(), mailer);
    await expect.poll(() => mails.slice(mailsBefore).find((m) => m.to === user.email)?.subject).toMatch(/^تم تغيير البريد الإلكتروني/);
    expect(mails.slice(mailsBefore).find((m) => m.to === user.email)!.body).toContain("new.address@example.sa");
    expect(mails.slice(mailsBefore).some((m) => m.to === "new.address@example.sa")).toBe(false);
    await expect.poll(() => texts.find((t) => t.to === user.phone)?.body).toContain("تم تغيير البريد الإلكتروني");
    for (const token of links) expect(await isResetTokenUsable(services(), token)).toBe(false);
  });

  it("counts the tries: after 10 in 15 minutes even the right password is refused, with a time to come back", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    for (let i = 0; i < REAUTH_RULES.perUser.limit; i++) {
      expect(await post(user, session, { intent: "email", email: "x@example.sa", currentPassword: `guess-${i}` })).toEqual(
        refused("currentPassword", REAUTH_MESSAGES.currentPasswordWrong),
      );
    }
    const throttled = await post(user, session, { intent: "email", email: "x@example.sa", currentPassword: PASSWORD });
    expect(throttled).toEqual(refused("", REAUTH_MESSAGES.tooManyTries, 429));
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await emailOf(user)).toBe(user.email);
  });

  it("someone with a password cannot ask for a code instead", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    expect(await post(user, session, { intent: "send-code" })).toEqual(refused("", REAUTH_MESSAGES.codeNotNeeded));
    expect(texts.some((t) => t.to === user.phone)).toBe(false);
  });
});

describe("changing the password (someone with a password)", () => {
  it("needs the current password; then ends the other sessions, kills every open reset link, and tells the old address", async () => {
    const user = await person({ withPassword: true });
    const session = await createSession(db(), user.id);
    const other = await createSession(db(), user.id);
    const links = await openResetLinks(user);
    const change = { intent: "password", password: "نخيل-الرياض-2027", confirmation: "نخيل-الرياض-2027" };

    expect(await post(user, session, change)).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordRequired));
    const wrong = await post(user, session, { ...change, currentPassword: "wrong-one-1" });
    expect(wrong).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordWrong));
    // No password is given back, new or current.
    expect(wrong.initialValue).toEqual({ intent: "password" });
    expect(await readSession(db(), other)).toBeDefined();
    expect(await isResetTokenUsable(services(), links[0]!)).toBe(true);

    // The new password's own rules (confirmation matches, at least 6 characters) come first.
    expect(await post(user, session, { intent: "password", password: "abcdefgh1", confirmation: "abcdefgh2", currentPassword: PASSWORD })).toEqual(
      refused("confirmation", MESSAGES.passwordMismatch),
    );
    expect(await post(user, session, { intent: "password", password: "ab1", confirmation: "ab1", currentPassword: PASSWORD })).toEqual(
      refused("password", MESSAGES.passwordTooShort),
    );

    const mailsBefore = mails.length;
    expect(await post(user, session, { ...change, currentPassword: PASSWORD })).toEqual(saved(PROFILE_MESSAGES.passwordSaved));
    const [row] = await db().select({ hash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, user.id));
    expect(await verifyPassword("نخيل-الرياض-2027", row!.hash!)).toBe(true);
    expect(await readSession(db(), session)).toBeDefined();
    expect(await readSession(db(), other)).toBeUndefined();
    for (const token of links) expect(await isResetTokenUsable(services(), token)).toBe(false);
    await deliverQueuedEmails(db(), mailer);
    await expect.poll(() => mails.slice(mailsBefore).find((m) => m.to === user.email)?.subject).toMatch(/^تم تغيير كلمة المرور/);
  });
});

describe("someone without a password confirms with a fresh SMS code", () => {
  it("is refused without a code, with no code sent, and with a wrong code; the code is never given back", async () => {
    const user = await person({ withPassword: false });
    const session = await createSession(db(), user.id);
    expect(await hasPassword(services(), user)).toBe(false);
    expect(await post(user, session, { intent: "email", email: "thief@evil.example" })).toEqual(refused("code", SIGN_IN_MESSAGES.codeRequired));
    expect(await post(user, session, { intent: "email", email: "thief@evil.example", code: "123456" })).toEqual(refused("code", SIGN_IN_MESSAGES.noCodeYet));
    expect(await post(user, session, { intent: "send-code" })).toEqual(
      expect.objectContaining({ status: 302, location: "/admin/profile", toast: { tone: "success", text: REAUTH_MESSAGES.codeSent } }),
    );
    const code = textedCode(user);
    expect(texts.at(-1)!.body).toContain("لتأكيد تغيير البريد الإلكتروني أو كلمة المرور");
    const wrong = code === "000000" ? "111111" : "000000";
    const answer = await post(user, session, { intent: "email", email: "thief@evil.example", code: wrong });
    expect(answer).toEqual(refused("code", SIGN_IN_MESSAGES.wrongCode));
    expect(answer.initialValue).toEqual({ intent: "email", email: "thief@evil.example" });
    expect(await emailOf(user)).toBe(user.email);
  });

  it("a code asked from one session does not work from another", async () => {
    const user = await person({ withPassword: false });
    const mine = await createSession(db(), user.id);
    const stolen = await createSession(db(), user.id);
    await post(user, mine, { intent: "send-code" });
    const code = textedCode(user);
    expect(await post(user, stolen, { intent: "email", email: "thief@evil.example", code })).toEqual(refused("code", SIGN_IN_MESSAGES.noCodeYet));
    expect(await emailOf(user)).toBe(user.email);
  });

  it("the right code (Arabic digits too) changes the e-mail once, with notices; the code is then spent", async () => {
    const user = await person({ withPassword: false });
    const session = await createSession(db(), user.id);
    await post(user, session, { intent: "send-code" });
    const code = textedCode(user);
    const arabic = code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const mailsBefore = mails.length;
    expect(await post(user, session, { intent: "email", email: "mine@example.sa", code: arabic })).toEqual(saved(PROFILE_MESSAGES.emailSaved));
    expect(await emailOf(user)).toBe("mine@example.sa");
    await deliverQueuedEmails(db(), mailer);
    await expect.poll(() => mails.slice(mailsBefore).some((m) => m.to === user.email && m.body.includes("mine@example.sa"))).toBe(true);
    await expect.poll(() => texts.filter((t) => t.to === user.phone).at(-1)?.body).toContain("تم تغيير البريد الإلكتروني");
    expect(await post(user, session, { intent: "email", email: "again@example.sa", code })).toEqual(refused("code", SIGN_IN_MESSAGES.noCodeYet));
  });

  it("sets a first password with a code; from then on the current password is asked", async () => {
    const user = await person({ withPassword: false });
    const session = await createSession(db(), user.id);
    const other = await createSession(db(), user.id);
    await post(user, session, { intent: "send-code" });
    const change = { intent: "password", password: "واحة-النخيل-88", confirmation: "واحة-النخيل-88" };
    expect(await post(user, session, change)).toEqual(refused("code", SIGN_IN_MESSAGES.codeRequired));
    expect(await post(user, session, { ...change, code: textedCode(user) })).toEqual(saved(PROFILE_MESSAGES.passwordSaved));
    expect(await hasPassword(services(), user)).toBe(true);
    expect(await readSession(db(), other)).toBeUndefined();
    expect(await post(user, session, { intent: "email", email: "later@example.sa" })).toEqual(refused("currentPassword", REAUTH_MESSAGES.currentPasswordRequired));
    expect(await post(user, session, { intent: "email", email: "later@example.sa", currentPassword: "واحة-النخيل-88" })).toEqual(saved(PROFILE_MESSAGES.emailSaved));
  });
});
