import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, staffUsers } from "~/db/schema.ts";
import { createMailer, type Mailer, type MailMessage } from "~/modules/messaging/mail.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { PASSWORD_RESET, requestPasswordReset, resetLink, resetPassword } from "./password-reset.server.ts";
import { PASSWORD_SIGN_IN, signInWithPassword } from "./password-sign-in.server.ts";
import { createSession, readSession, sha256 } from "./sessions.server.ts";

const db = useTestDatabase();
const env = { ...parseEnv({ PUBLIC_URL: "https://aqar.example.sa" }), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "aqar-auth-")) };
const sent: MailMessage[] = [];
const recordingMailer: Mailer = { send: async (m) => void sent.push(m) };
let userId: number;

beforeAll(async () => {
  const user = await createStaffUser(db(), { name: "منى", username: "mona", phone: "0512000001", role: "accountant", email: "Mona@Example.sa" });
  userId = user.id;
  await db().update(staffUsers).set({ passwordHash: await hashPassword("قهوة-عربية-2026") }).where(eq(staffUsers.id, userId));
});

describe("password sign-in", () => {
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

  it("takes about as long for an unknown account as for a known one", async () => {
    let n = 10;
    const time = async (identifier: string) => {
      const proof = await solvedProof(db());
      const start = performance.now();
      await signInWithPassword({ db: db() }, { proof, identifier, password: "wrong-password", address: `1.1.1.${n++}` });
      return performance.now() - start;
    };
    await time("warmup");
    // Medians of interleaved runs: one slow run on a busy machine must not decide it.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time("mona"));
      unknown.push(await time("nobody-here"));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2 + 20);
  });
});

describe("password reset", () => {
  it("answers the same for a known and an unknown e-mail; only the known one gets a link", async () => {
    sent.length = 0;
    const services = { db: db(), env, mailer: recordingMailer };
    const known = await requestPasswordReset(services, { email: "mona@example.SA", address: "3.3.3.3" });
    const unknown = await requestPasswordReset(services, { email: "nobody@example.sa", address: "3.3.3.3" });
    expect(known).toEqual({ ok: true, message: PASSWORD_RESET.requested });
    expect(unknown).toEqual(known);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.to).toBe("Mona@Example.sa");
    expect(sent[0]!.body).toMatch(/https:\/\/aqar\.example\.sa\/reset-password\/[A-Za-z0-9_-]{43}/);
  });

  it("sets the new password once, ends every session, tells the person; the link then stops working", async () => {
    sent.length = 0;
    const services = { db: db(), env, mailer: recordingMailer };
    await requestPasswordReset(services, { email: "mona@example.sa", address: "4.4.4.4" });
    await expect.poll(() => sent.length).toBe(1);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(sent[0]!.body)![1]!;
    const session = await createSession(db(), userId);
    expect(await resetPassword(services, { token, password: "abc", confirmation: "abc" })).toEqual({ ok: false, error: MESSAGES.passwordTooShort });
    expect(await resetPassword(services, { token, password: "تمر-وقهوة-٢٠٢٧", confirmation: "تمر-وقهوة-٢٠٢٧" })).toEqual({ ok: true });
    expect(await readSession(db(), session)).toBeUndefined();
    await expect.poll(() => sent.some((m) => m.subject.startsWith("تم تغيير كلمة المرور"))).toBe(true);
    expect((await signInWithPassword({ db: db() }, { proof: await solvedProof(db()), identifier: "mona", password: "تمر-وقهوة-٢٠٢٧", address: "5.5.5.5" })).ok).toBe(true);
    expect(await resetPassword(services, { token, password: "another-pass-9", confirmation: "another-pass-9" })).toMatchObject({ ok: false, invalidLink: true });
    // Only a hash of the token is stored.
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, token))).toEqual([]);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256(token)))).toHaveLength(1);
  });

  it("a link older than an hour is refused", async () => {
    sent.length = 0;
    const services = { db: db(), env, mailer: recordingMailer };
    await requestPasswordReset(services, { email: "mona@example.sa", address: "6.6.6.6" });
    await expect.poll(() => sent.length).toBe(1);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(sent[0]!.body)![1]!;
    const later = new Date(Date.now() + PASSWORD_RESET.validMs + 1000);
    expect(await resetPassword(services, { token, password: "late-pass-77", confirmation: "late-pass-77", now: later })).toMatchObject({ ok: false, invalidLink: true });
    expect(resetLink("https://aqar.example.sa", "t")).toBe("https://aqar.example.sa/reset-password/t");
  });
});

describe("mail through a real SMTP server", () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the reset link by SMTP with the configured sender", async () => {
    const mailer = createMailer({ MAIL_TRANSPORT: "smtp", SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "no-reply@aqar.example.sa", DATA_DIR: env.DATA_DIR });
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
