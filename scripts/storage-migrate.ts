// `npm run storage:migrate [-- --from <folder>]`: copies the photos of the local disk (DATA_DIR/uploads,
// or the folder given) to the S3-compatible bucket STORAGE_URL names, under the same keys (decision
// 021). Safe to run again, after an interruption too: what the bucket already holds is skipped.
// Run it, start the app with STORAGE_URL set, run it once more (for photos uploaded in between),
// then remove the local folder. Same environment as the server (STORAGE_URL, AWS_* credentials).
import "./app-alias.ts";
import path from "node:path";
import { parseArgs } from "node:util";

process.env.LOG_LEVEL ??= "warn";
const { values } = parseArgs({ options: { from: { type: "string" } } });

const { parseEnv } = await import("~/utils/env.server.ts");
const { createStorage } = await import("~/modules/images/storage.server.ts");
const { migrateLocalUploads } = await import("~/modules/images/storage-migrate.server.ts");

// Messaging settings play no part here: do not require them.
const env = parseEnv({ ...process.env, MAIL_TRANSPORT: "outbox", SMS_TRANSPORT: "outbox", WHATSAPP_TRANSPORT: "outbox" }, { signsCookies: false });
if (env.STORAGE.kind !== "s3") {
  console.error("STORAGE_URL names no bucket: set it to s3://bucket?endpoint=… (see the README) to copy the photos there.");
  process.exit(2);
}
const from = path.resolve(values.from ?? path.join(env.DATA_DIR, "uploads"));
const target = await createStorage(env.STORAGE);
console.log(`Copying ${from} to ${target.location} …`);
const started = Date.now();
const report = await migrateLocalUploads(from, target, {
  onProgress: (r) => console.log(`  … ${r.copied} copied, ${r.skipped} already there`),
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `${report.copied} files copied (${(report.bytes / 1024 / 1024).toFixed(1)} MB), ${report.skipped} already in the bucket, ${report.failed.length} failed, in ${seconds} s.`,
);
for (const { key, error } of report.failed.slice(0, 20)) console.error(`  not copied: ${key}: ${error}`);
if (report.failed.length > 0) {
  console.error("Run it again to copy what failed.");
  process.exitCode = 1;
}
