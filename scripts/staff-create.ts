// `npm run staff:create -- --phone 05xxxxxxxx --role manager --name "…" [--username x] [--email e]`
// Adds a staff member: in production, this is how the first manager comes to exist (there are
// no built-in accounts). Uses DATABASE_URL, or the embedded database in DATA_DIR (started for the
// command if the server is not running, reached through the server's own instance if it is).
import "./app-alias.ts";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: { phone: { type: "string" }, role: { type: "string" }, name: { type: "string" }, username: { type: "string" }, email: { type: "string" } },
});
if (!values.phone || !values.role || !values.name) {
  console.error('Usage: npm run staff:create -- --phone 05xxxxxxxx --role manager|accountant|staff --name "الاسم" [--username name] [--email e@x.sa]');
  process.exit(2);
}

const { parseEnv } = await import("~/utils/env.server.ts");
const { connect, embeddedConnectionUrl, migrateDatabase, openDatabase } = await import("~/db/client.server.ts");
const { createStaffUser, StaffInputError } = await import("~/modules/users/users.server.ts");
const { isRole, roleTitle } = await import("~/modules/users/roles.ts");
if (!isRole(values.role)) {
  console.error(`Not added: invalid role: ${values.role} (manager, accountant or staff)`);
  process.exit(2);
}
const role = values.role;

const env = parseEnv({ ...process.env, MAIL_TRANSPORT: process.env.MAIL_TRANSPORT ?? "outbox" }, { signsCookies: false });

async function runningEmbedded(): Promise<string | undefined> {
  if (env.DATABASE_URL || !fs.existsSync(path.join(env.DATA_DIR, "postgres-password"))) return undefined;
  const url = embeddedConnectionUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT);
  const probe = new pg.Client(url);
  try {
    await probe.connect();
    return url;
  } catch {
    return undefined;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

const reachable = await runningEmbedded();
const database = reachable
  ? (() => {
      const { db, pool } = connect(reachable, 1);
      return { db, pool, close: () => pool.end() };
    })()
  : await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT });
try {
  if (reachable && "pool" in database) await migrateDatabase(database.db, database.pool);
  const username = values.username ?? `user${values.phone.replace(/\D/g, "").slice(-6)}`;
  const user = await createStaffUser(database.db, {
    name: values.name,
    username,
    phone: values.phone,
    role,
    email: values.email,
  });
  console.log(`Added ${user.name} (${roleTitle(user.role)}), username ${user.username}, phone ${user.phone}. Sign in at /login with a code sent to that phone.`);
} catch (error) {
  if (error instanceof StaffInputError) {
    console.error(`Not added: ${error.message}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
