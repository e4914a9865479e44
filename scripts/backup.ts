// `npm run backup -- <file or folder/>`: one archive (tar) with a pg_dump custom-format dump of the
// database and DATA_DIR/uploads (decision 010). Same environment as the server: DATABASE_URL, or
// the embedded database in DATA_DIR (reached through the running server's PostgreSQL when the app
// runs, started for the command when it does not). A folder gets a dated file name inside it.
import "./app-alias.ts";

process.env.LOG_LEVEL ??= "warn";
const destination = process.argv[2];
if (!destination || destination.startsWith("-")) {
  console.error("Usage: npm run backup -- <file.tar | folder/>");
  process.exit(2);
}

const { parseEnv } = await import("~/utils/env.server.ts");
const { BackupError, createBackup } = await import("~/db/backup.server.ts");

// Messaging settings play no part here: do not require them.
const env = parseEnv({ ...process.env, MAIL_TRANSPORT: "outbox", SMS_TRANSPORT: "outbox" }, { signsCookies: false });
try {
  const summary = await createBackup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT }, destination);
  const { database, uploads } = summary.manifest;
  console.log(
    `Backup written to ${summary.file} (${(summary.bytes / 1024 / 1024).toFixed(1)} MB): database "${database.name}" ` +
      `(PostgreSQL ${database.serverVersion}, pg_dump ${database.pgDumpVersion}, through ${summary.reached}) and ${uploads.files} uploaded files.`,
  );
  // STORAGE_URL names a bucket: the photos are there, not in DATA_DIR/uploads (decision 021).
  if (env.STORAGE.kind === "s3") console.log(`The photos are in the bucket (STORAGE_URL), not in this archive: keep the bucket's own versioning or replication on.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
