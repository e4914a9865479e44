import crypto from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";

/** The demo staff of DESIGN.md. */
export const DEMO_STAFF = {
  manager: { phone: "0500000001", username: "khaled" },
  manager2: { phone: "0500000002", username: "noura" },
  accountant: { phone: "0500000003", username: "fahad" },
  staff: { phone: "0500000004", username: "sara" },
} as const;

/** The production build names its cookies with the __Host- prefix. */
export const SESSION_COOKIE = "__Host-aqar-session";

/**
 * Signs a browser context in without going through SMS (a session row straight in the database),
 * for tests about what a role sees rather than about signing in.
 */
export async function signInAs(context: BrowserContext, username: string) {
  const token = crypto.randomBytes(32).toString("base64url");
  const [user] = await queryE2eDatabase<{ id: number }>("select id from staff_users where username = $1", [username]);
  await queryE2eDatabase("insert into sessions (id_hash, user_id) values ($1, $2)", [crypto.createHash("sha256").update(token).digest("hex"), user!.id]);
  // A __Host- cookie cannot be planted through the browser's cookie API over http; the header does the same.
  await context.setExtraHTTPHeaders({ Cookie: `${SESSION_COOKIE}=${token}` });
  return token;
}

/** The newest sign-in code texted to a phone (local form, e.g. 0500000001), from the SMS outbox. */
export async function latestCode(phone: string, after: number): Promise<string | undefined> {
  const to = `+966${phone.slice(1)}`;
  const sms = (await readE2eOutbox("sms")).filter((m) => m.to === to && Date.parse(m.at) >= after);
  return /\d{6}/.exec(sms.at(-1)?.body ?? "")?.[0];
}

/** A staff member of one's own, so a test that changes a person (password, role) disturbs no other test. */
export async function createStaffMember(role: "manager" | "accountant" | "staff") {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const username = `e2e${n}`;
  await queryE2eDatabase("insert into staff_users (name, username, phone, role, email) values ($1, $2, $3, $4, $5)", [
    "موظف الاختبار",
    username,
    `+96658${n}`,
    role,
    `${username}@example.sa`,
  ]);
  return username;
}
