import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResetTokens, staffUsers } from "~/db/schema.ts";
import { createMailer, type Mailer, type MailMessage } from "~/modules/messaging/mail.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import * as passwords from "~/utils/password.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useSmtpServer } from "../../../tests/factories/smtp-server.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { RESET_MESSAGES } from "./messages.ts";
import { handleResetPassword, handleResetRequest } from "./password-reset-action.server.ts";
import { PASSWORD_RESET, requestPasswordReset, resetLink, resetPassword } from "./password-reset.server.ts";
import { PASSWORD_SIGN_IN, signInWithPassword } from "./password-sign-in.server.ts";
import { createSession, readSession, sha256 } from "./sessions.server.ts";

const db = useTestDatabase();
const env = { ...parseEnv({ PUBLIC_URL: "https://aqar.example.sa" }), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "aqar-auth-")) };
const sent: MailMessage[] = [];
const recordingMailer: Mailer = { send: async (m) => void sent.push(m) };
let userId: number;
const services = () => ({ db: db(), env, mailer: recordingMailer });

/** Asks for a reset link for Mona from this address: the token of the link that was mailed. */
async function mailedResetToken(address: string) {
  sent.length = 0;
  await requestPasswordReset(services(), { email: "mona@example.sa", address });
  await expect.poll(() => sent.length).toBe(1);
  return /reset-password\/([A-Za-z0-9_-]+)/.exec(sent[0]!.body)![1]!;
}

beforeAll(async () => {
  const user = await createStaffUser(db(), { name: "منى", username: "mona", phone: "0512000001", role: "accountant", email: "Mona@Example.sa" });
  userId = user.id;
  await db()
    .update(staffUsers)
    .set({ passwordHash: await hashPassword("قهوة-عربية-2026") })
    .where(eq(staffUsers.id, userId));
});

describe("password sign-in", () => {
  afterEach(() => vi.restoreAllMocks());

  it("signs in by username or e-mail; one message and status for every failure", async () => {
    for (const identifier of ["mona", "MONA", "mona@example.sa"]) {
      const result = await signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier, password: "قهوة-عربية-2026", address: "1.1.1.1" });
      expect(result.ok).toBe(true);
      if (result.ok) expect(await readSession(db(), result.sessionToken)).toMatchObject({ username: "mona" });
    }
    const wrong = await signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier: "mona", password: "nope-nope", address: "1.1.1.1" });
    const unknown = await signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier: "ghost", password: "nope-nope", address: "1.1.1.1" });
    expect(wrong).toEqual({ ok: false, status: 400, error: PASSWORD_SIGN_IN.failed });
    expect(unknown).toEqual(wrong);
  });

  it("runs the dummy argon2 check for an unknown account or one without a password, the real one for a known account", async () => {
    await createStaffUser(db(), { name: "سالم", username: "salem", phone: "0512000002", role: "staff", email: "salem@example.sa" });
    const real = vi.spyOn(passwords, "verifyPassword");
    const dummy = vi.spyOn(passwords, "verifyAgainstDummy");
    let n = 10;
    const attempt = async (identifier: string) =>
      signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier, password: "wrong-password", address: `1.1.1.${n++}` });

    expect(await attempt("mona")).toEqual({ ok: false, status: 400, error: PASSWORD_SIGN_IN.failed });
    expect(real).toHaveBeenCalledExactlyOnceWith("wrong-password", expect.stringMatching(/^\$argon2id\$/));
    expect(dummy).not.toHaveBeenCalled();

    // Timing must not tell an unknown account (or one without a password yet) from a known one:
    // the same argon2 work runs against a dummy hash, and is awaited before the answer.
    for (const identifier of ["nobody-here", "salem"]) {
      real.mockClear();
      dummy.mockClear();
      expect(await attempt(identifier)).toEqual({ ok: false, status: 400, error: PASSWORD_SIGN_IN.failed });
      expect(dummy, identifier).toHaveBeenCalledExactlyOnceWith("wrong-password");
      expect(dummy, identifier).toHaveResolvedWith(false);
      expect(real, identifier).not.toHaveBeenCalled();
    }
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown e-mail; only the known one gets a link", async () => {
    sent.length = 0;
    const ask = async (email: string) => await readAnswer(await handleResetRequest(services(), { form: formData({ email }), address: "3.3.3.3" }), env);
    const known = await ask("mona@example.SA");
    const unknown = await ask("nobody@example.sa");
    // The page then says RESET_MESSAGES.requested, the same for both.
    expect(known).toMatchObject({ status: 200, errors: {} });
    expect(unknown).toEqual(known);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.to).toBe("Mona@Example.sa");
    expect(sent[0]!.body).toMatch(/https:\/\/aqar\.example\.sa\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it("sets the new password once, ends every session, tells the person; the link then stops working", async () => {
    const token = await mailedResetToken("4.4.4.4");
    const session = await createSession(db(), userId);
    const reset = async (password: string, confirmation = password) =>
      await readAnswer(await handleResetPassword(services(), { form: formData({ password, confirmation }), token }), env);
    expect(await reset("abc")).toMatchObject({ status: 400, errors: { password: [MESSAGES.passwordTooShort] }, initialValue: {} });
    // Back to the login page, signed out, with the confirmation.
    expect(await reset("تمر-وقهوة-٢٠٢٧")).toMatchObject({ status: 302, location: "/login", toast: { tone: "success", text: RESET_MESSAGES.done } });
    expect(await readSession(db(), session)).toBeUndefined();
    // Queued with the new password (decision 032), sent by the scheduler's job.
    await deliverQueuedEmails(db(), recordingMailer);
    expect(sent.some((m) => m.subject.startsWith("تم تغيير كلمة المرور"))).toBe(true);
    expect((await signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier: "mona", password: "تمر-وقهوة-٢٠٢٧", address: "5.5.5.5" })).ok).toBe(true);
    expect(await resetPassword(services(), { token, password: "another-pass-9" })).toMatchObject({ ok: false, invalidLink: true });
    expect(await reset("another-pass-9")).toMatchObject({ status: 410, errors: { "": [RESET_MESSAGES.invalidLink] } });
    // Only a hash of the token is stored.
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, token))).toEqual([]);
    expect(
      await db()
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, sha256(token))),
    ).toHaveLength(1);
  });

  it("a link older than an hour is refused", async () => {
    const token = await mailedResetToken("6.6.6.6");
    const later = new Date(Date.now() + PASSWORD_RESET.validMs + 1000);
    expect(await resetPassword(services(), { token, password: "late-pass-77", now: later })).toMatchObject({ ok: false, invalidLink: true });
    expect(resetLink("https://aqar.example.sa", "t")).toBe("https://aqar.example.sa/reset-password/t");
  });
});

describe("mail through a real SMTP server", () => {
  const received: string[] = [];
  const smtpUrl = useSmtpServer((text) => {
    received.push(text);
    return "accept";
  });

  it("delivers the reset link by SMTP with the configured sender", async () => {
    const mailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: smtpUrl(), MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: env.DATA_DIR });
    await requestPasswordReset({ db: db(), env, mailer }, { email: "mona@example.sa", address: "7.7.7.7" });
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    expect(received[0]).toContain("From: no-reply@aqar.example.sa");
    expect(received[0]).toMatch(/^To: mona@example\.sa\r?$/im);
    // The Arabic body travels base64-encoded: decode it to find the link.
    const [head, ...rest] = received[0]!.split(/\r?\n\r?\n/);
    expect(head).toMatch(/Content-Transfer-Encoding: base64/i);
    const body = Buffer.from(rest.join(""), "base64").toString("utf8");
    expect(body).toMatch(/^https:\/\/aqar\.example\.sa\/reset-password\/[A-Za-z0-9_-]{43}$/m);
  });
});
