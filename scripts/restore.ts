// `npm run restore -- <file>`: restores an archive of `npm run backup` into an empty database
// (DATABASE_URL, or the embedded one in DATA_DIR, created when the folder is new) and an empty
// DATA_DIR/uploads. Run it before the app's first start on that database; it refuses, before
// writing anything, when the database or the uploads folder already holds data.
import "./app-alias.ts";

process.env.LOG_LEVEL ??= "warn";
const source = process.argv[2];
if (!source || source.startsWith("-")) {
  console.error("Usage: npm run restore -- <backup.tar>");
  process.exit(2);
}

const { parseEnv } = await import("~/utils/env.server.ts");
const { BackupError, restoreBackup } = await import("~/db/backup.server.ts");

const env = parseEnv({ ...process.env, MAIL_TRANSPORT: "outbox", SMS_TRANSPORT: "outbox" }, { signsCookies: false });
try {
  const summary = await restoreBackup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT }, source);
  console.log(
    `Restored the backup of ${summary.manifest.createdAt}: ${summary.tables} tables (${summary.rows} rows, through ${summary.reached}) ` +
      `and ${summary.files} uploaded files into ${env.DATA_DIR}.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
