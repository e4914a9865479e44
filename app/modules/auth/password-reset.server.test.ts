import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Mailer, MailMessage } from "~/modules/messaging/mail.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "./password-reset.server.ts";

const db = useTestDatabase();
const env = { ...parseEnv({ PUBLIC_URL: "https://aqar.example.sa" }), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "aqar-reset-")) };
const sent: MailMessage[] = [];
const mailer: Mailer = { send: async (m) => void sent.push(m) };

describe("password reset by link", () => {
  it("ends every other open link of the person, not only the one used", async () => {
    await createStaffUser(db(), { name: "ريم", username: "reem", phone: "0512300001", role: "staff", email: "reem@example.sa" });
    const services = { db: db(), env, mailer };
    for (const address of ["9.9.9.1", "9.9.9.2", "9.9.9.3"]) await requestPasswordReset(services, { email: "reem@example.sa", address });
    await expect.poll(() => sent.length).toBe(3);
    const [used, ...others] = sent.map((m) => /reset-password\/([A-Za-z0-9_-]+)/.exec(m.body)![1]!);
    for (const token of others) expect(await isResetTokenUsable(services, token)).toBe(true);

    expect(await resetPassword(services, { token: used!, password: "رمل-الصحراء-31" })).toEqual({ ok: true });
    for (const token of others) {
      expect(await isResetTokenUsable(services, token)).toBe(false);
      expect(await resetPassword(services, { token, password: "another-pass-9" })).toMatchObject({ ok: false, invalidLink: true });
    }
  });
});
