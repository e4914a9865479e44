import crypto from "node:crypto";
import { test as base, type BrowserContext } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";

export { expect } from "@playwright/test";

export type Role = "manager" | "accountant" | "staff";
const ROLES: readonly string[] = ["manager", "accountant", "staff"] satisfies Role[];
const isRole = (who: string): who is Role => ROLES.includes(who);

/** The production build names its cookies with the __Host- prefix. */
export const SESSION_COOKIE = "__Host-aqar-session";

/** A row of staff_users, as a test needs it. */
export interface StaffMember {
  id: number;
  name: string;
  username: string;
  /** As stored: +9665… */
  phone: string;
  /** As a person types it on the sign-in page: 05… */
  localPhone: string;
  email: string;
  role: Role;
}

/** A session row straight in the database, and the cookie that carries it. */
interface Session {
  member: StaffMember;
  /** The cookie's value. */
  token: string;
  /** What the sessions table keeps of the token (its SHA-256). */
  idHash: string;
  /** A Cookie header with the session, for a request context of its own (playwright.request.newContext). */
  cookie: string;
}

export interface StaffMembers {
  /** A staff member of the test's own, so a test that changes a person (password, role, e-mail) disturbs no other. */
  (role: Role): Promise<StaffMember>;
  /** Deletes after the test, like the test's own members, a staff member the app itself added during it. */
  cleanUp(username: string): void;
}

/** A role ("manager", "accountant", "staff": a fresh member of it), a member, or an existing username. */
type Who = StaffMember | string;

interface Fixtures {
  /** Creates staff members; after the test they are deleted, with their sessions, sign-in codes and reset links. */
  staffMember: StaffMembers;
  /**
   * A session for a staff member (a fresh one of a role, a member, or an existing username), without
   * SMS, for tests about what a role may do rather than about signing in. Deleted after the test.
   */
  session: (who: Who) => Promise<Session>;
  /** The same, and the browser context (the test's own unless another is given) holds its cookie. */
  signedInAs: (who: Who, context?: BrowserContext) => Promise<Session>;
}

const random = (digits: number) => String(crypto.randomInt(10 ** digits)).padStart(digits, "0");

/** A string no other test (or worker) makes at the same moment: for names, phones, e-mails. */
export const unique = (digits = 7) => random(digits);

/** A mobile number nobody else in the suite uses, as typed in a form: 055xxxxxxx (a valid Saudi mobile: 052… and 0574… are not). */
export const uniquePhone = () => `055${random(7)}`;

/** The newest sign-in code texted to a phone (local form, e.g. 0500000001), from the SMS outbox. */
export async function latestCode(phone: string, after: number): Promise<string | undefined> {
  const to = `+966${phone.slice(1)}`;
  const sms = (await readE2eOutbox("sms")).filter((m) => m.to === to && Date.parse(m.at) >= after);
  return /\d{6}/.exec(sms.at(-1)?.body ?? "")?.[0];
}

const MEMBER_COLUMNS = "id, name, username, phone, email, role";
type MemberRow = Omit<StaffMember, "localPhone">;
const member = (row: MemberRow): StaffMember => ({ ...row, localPhone: `0${row.phone.slice(4)}` });

async function insertStaffMember(role: Role): Promise<StaffMember> {
  // Phones 058… and usernames e2e…: never a demo member's; a clash with another test's is retried.
  for (;;) {
    const username = `e2e${random(8)}`;
    const [row] = await queryE2eDatabase<MemberRow>(
      `insert into staff_users (name, username, phone, role, email) values ($1, $2, $3, $4, $5) on conflict do nothing returning ${MEMBER_COLUMNS}`,
      ["موظف الاختبار", username, `+96658${random(7)}`, role, `${username}@example.sa`],
    );
    if (row) return member(row);
  }
}

/**
 * Puts the session cookie in the browser context's own cookie jar, as a sign-in would. A __Host-
 * cookie cannot be added through the cookie API over http, and a Cookie header set for every
 * request is replaced by the browser's own cookies as soon as the app sets one (the toast after a
 * save), so the browser receives it in an answer from the app's origin that the test gives itself.
 */
async function plantSessionCookie(context: BrowserContext, baseURL: string, token: string) {
  const url = new URL("/__e2e/session", baseURL).href;
  const cookie = `${SESSION_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Lax`;
  await context.route(url, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "", headers: { "Set-Cookie": cookie } }));
  const page = await context.newPage();
  await page.goto(url);
  await page.close();
  await context.unroute(url);
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  staffMember: async ({}, use) => {
    const ids: number[] = [];
    const usernames: string[] = [];
    const create = async (role: Role) => {
      const created = await insertStaffMember(role);
      ids.push(created.id);
      return created;
    };
    await use(Object.assign(create, { cleanUp: (username: string) => void usernames.push(username) }));
    if (ids.length === 0 && usernames.length === 0) return;
    // Sessions and reset links go with the row (on delete cascade); tasks and the audit log keep
    // their rows with the actor emptied and the name kept. Sign-in codes are kept by phone.
    const gone = await queryE2eDatabase<{ phone: string }>("delete from staff_users where id = any($1) or username = any($2) returning phone", [ids, usernames]);
    await queryE2eDatabase("delete from login_codes where phone = any($1)", [gone.map((row) => row.phone)]);
  },

  session: async ({ staffMember }, use) => {
    const made: string[] = [];
    await use(async (who) => {
      let signedIn: StaffMember;
      if (typeof who !== "string") signedIn = who;
      else if (isRole(who)) signedIn = await staffMember(who);
      else {
        const [row] = await queryE2eDatabase<MemberRow>(`select ${MEMBER_COLUMNS} from staff_users where username = $1`, [who]);
        if (!row) throw new Error(`no staff member named ${who}`);
        signedIn = member(row);
      }
      const token = crypto.randomBytes(32).toString("base64url");
      const idHash = crypto.createHash("sha256").update(token).digest("hex");
      await queryE2eDatabase("insert into sessions (id_hash, user_id) values ($1, $2)", [idHash, signedIn.id]);
      made.push(idHash);
      return { member: signedIn, token, idHash, cookie: `${SESSION_COOKIE}=${token}` };
    });
    if (made.length > 0) await queryE2eDatabase("delete from sessions where id_hash = any($1)", [made]);
  },

  signedInAs: async ({ session, context, baseURL }, use) => {
    await use(async (who, target = context) => {
      const signedIn = await session(who);
      await plantSessionCookie(target, baseURL!, signedIn.token);
      return signedIn;
    });
  },
});
