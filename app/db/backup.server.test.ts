import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { servicesContext, type AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { offerImages } from "~/db/schema.ts";
import { settleImageWork, storeImage } from "~/modules/images/images.server.ts";
import { listInbox, parseInboxFilters } from "~/modules/inquiries/inbox.server.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { getOfferPage, listOffers } from "~/modules/offers/offers.server.ts";
import { createStaffUser, listStaff } from "~/modules/users/users.server.ts";
import { hashPassword, verifyPassword } from "~/utils/password.server.ts";
import { loader as imageLoader } from "~/routes/resources/image.ts";
import { createOffer } from "../../tests/factories/offers.ts";
import { testStorage } from "../../tests/factories/storage.ts";
import { createBackup, DUMP_FILE, MANIFEST_FILE, restoreBackup } from "./backup.server.ts";
import { connect } from "./client.server.ts";
import { readCustomArchive } from "./custom-archive.server.ts";
import { runPgDump } from "./pg-dump.server.ts";
import { staffUsers } from "./schema.ts";

// Two databases of the test server: the firm's, and an empty one to restore into (DATABASE_URL mode).
const templateUrl = inject("databaseUrl");
const urlOf = (name: string) => templateUrl.replace(/\/[^/]+$/, `/${name}`);
const suffix = crypto.randomBytes(5).toString("hex");
const sourceName = `backup_src_${suffix}`;
const targetName = `backup_dst_${suffix}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-backup-test-"));
const sourceDir = path.join(work, "source-data");
const targetDir = path.join(work, "restored-data");
const backupFile = path.join(work, "backups", "nightly.tar");

async function admin(sql: string) {
  const client = new pg.Client(urlOf("postgres"));
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const source = () => connect(urlOf(sourceName), 2);
let sourceDb: ReturnType<typeof connect>;
let offerId = 0;
let photoId = "";

beforeAll(async () => {
  await admin(`create database ${sourceName} template aqar`);
  await admin(`create database ${targetName}`); // empty: no tables, not even the extension
  sourceDb = source();
  const db = sourceDb.db;
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  const image = await storeImage(db, testStorage(sourceDir), photo);
  await settleImageWork(); // its AVIF variants too, before anything is backed up
  photoId = image.id;
  const offer = await createOffer(db, { title: "فيلا للنسخ الاحتياطي في حطين", city: "الرياض", location: "حطين", price: 2_450_000 });
  offerId = offer.id;
  await db.insert(offerImages).values({ offerId, imageId: image.id, position: 0 });
  await createOffer(db, { title: "شقة ثانية", city: "جدة", location: "الشاطئ" });
  await createInquiry(db, { name: "سارة", phone: "0551234567", email: "sara@example.sa", message: "أريد زيارة الفيلا\nيوم الخميس", propertyId: offerId, propertyTitle: "" });
  const manager = await createStaffUser(db, { name: "منيرة القحطاني", username: "munira", phone: "0500000011", role: "manager", email: "munira@example.sa" });
  await db.update(staffUsers).set({ passwordHash: await hashPassword("kalimat-sirr-tawila") });
  expect(manager.id).toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  await sourceDb?.pool.end();
  await admin(`drop database if exists ${sourceName} with (force)`);
  await admin(`drop database if exists ${targetName} with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
});

/** Every row of every table, as one checksum per table. */
async function tableChecksums(url: string): Promise<Record<string, string>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ schemaname: string; tablename: string }>(
      "select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2",
    );
    const sums: Record<string, string> = {};
    for (const { schemaname, tablename } of rows) {
      const table = `${client.escapeIdentifier(schemaname)}.${client.escapeIdentifier(tablename)}`;
      const result = await client.query<{ sum: string }>(`select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as sum from ${table} t`);
      sums[table] = result.rows[0]!.sum;
    }
    const sequences = await client.query("select schemaname, sequencename, last_value from pg_sequences order by 1, 2");
    sums.sequences = JSON.stringify(sequences.rows);
    return sums;
  } finally {
    await client.end();
  }
}

async function servePhoto(dataDir: string, file: string, database: Db): Promise<Response> {
  const context = new RouterContextProvider();
  // The route asks the database whether the file is a private image (a receipt, a submission photo).
  context.set(servicesContext, { env: { DATA_DIR: dataDir }, storage: testStorage(dataDir), db: database } as unknown as AppServices);
  const request = new Request(`http://localhost/images/${file}`);
  return imageLoader({ request, context, params: { file } } as unknown as Parameters<typeof imageLoader>[0]);
}

describe("pg_dump 18 (WebAssembly, through our connection)", () => {
  it("writes a custom-format archive of the whole database that the reader takes apart", async () => {
    const archive = readCustomArchive(await runPgDump(urlOf(sourceName), ["--format=custom"]));
    expect(archive.pgDumpVersion).toMatch(/^18\./);
    expect(archive.serverVersion).toMatch(/^18\./);
    expect(archive.database).toBe(sourceName);
    const kinds = new Set(archive.entries.map((entry) => entry.desc));
    for (const kind of ["EXTENSION", "FUNCTION", "TABLE", "TABLE DATA", "SEQUENCE SET", "INDEX", "FK CONSTRAINT"]) expect(kinds).toContain(kind);
    const offersData = archive.entries.find((entry) => entry.desc === "TABLE DATA" && entry.tag === "offers")!;
    expect(archive.data(offersData.dumpId)!.toString("utf8")).toContain("فيلا للنسخ الاحتياطي في حطين");
  });

  it("refuses what is not a whole custom-format archive", async () => {
    const dump = await runPgDump(urlOf(sourceName), ["--format=custom"]);
    expect(() => readCustomArchive(Buffer.from("-- PostgreSQL database dump\n"))).toThrow("Not a pg_dump custom-format archive.");
    expect(() => readCustomArchive(dump.subarray(0, dump.length - 100))).toThrow("The database dump is cut short (truncated file).");
  });

  it("reports the server's refusal", async () => {
    await expect(runPgDump(urlOf("no_such_database"), ["--format=custom"])).rejects.toThrow(/pg_dump failed.*database "no_such_database" does not exist/);
  });
});

describe("backup and restore", () => {
  it("restores into an empty database and data folder a copy that serves the same offers, photos, inquiries and staff", async () => {
    const backup = await createBackup({ databaseUrl: urlOf(sourceName), dataDir: sourceDir, embeddedPort: 1 }, backupFile);
    expect(backup.file).toBe(backupFile);
    expect(backup.reached).toBe("DATABASE_URL");
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(backup.manifest.database.pgDumpVersion).toMatch(/^18\./);
    expect(backup.manifest.uploads.files).toBeGreaterThanOrEqual(2); // the photo's variants

    const restored = await restoreBackup({ databaseUrl: urlOf(targetName), dataDir: targetDir, embeddedPort: 1 }, backupFile);
    expect(restored.reached).toBe("DATABASE_URL");
    expect(restored.files).toBe(backup.manifest.uploads.files);

    // Row for row, sequence for sequence.
    expect(await tableChecksums(urlOf(targetName))).toEqual(await tableChecksums(urlOf(sourceName)));

    const copy = connect(urlOf(targetName), 2);
    try {
      const [db, dbCopy] = [sourceDb.db, copy.db];
      expect(await getOfferPage(dbCopy, offerId)).toEqual(await getOfferPage(db, offerId));
      expect(await listOffers(dbCopy, { page: 1 })).toEqual(await listOffers(db, { page: 1 }));
      expect((await listOffers(dbCopy, { keyword: "حطين", page: 1 })).offers.map((offer) => offer.id)).toEqual([offerId]); // search index and ar_fold
      const inbox = parseInboxFilters(new URLSearchParams());
      const now = Date.UTC(2026, 6, 1);
      const viewer = { id: 0, role: "manager" } as const;
      expect(await listInbox(dbCopy, viewer, inbox, now)).toEqual(await listInbox(db, viewer, inbox, now));
      expect((await listInbox(dbCopy, viewer, inbox, now))[0]).toMatchObject({ name: "سارة" });
      expect(await listStaff(dbCopy)).toEqual(await listStaff(db));
      const [manager] = await dbCopy.select().from(staffUsers);
      expect(await verifyPassword("kalimat-sirr-tawila", manager!.passwordHash!)).toBe(true);

      const page = await getOfferPage(dbCopy, offerId);
      if (page?.kind !== "offer") throw new Error("the restored offer is not shown");
      expect(page.offer.images.map((image) => image.id)).toEqual([photoId]);
      for (const width of page.offer.images[0]!.variants) {
        const file = `${photoId}-${width}.webp`;
        const served = await servePhoto(targetDir, file, dbCopy);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(await (await servePhoto(sourceDir, file, db)).arrayBuffer()));
      }

      // New rows continue the restored numbering.
      const next = await createOffer(dbCopy);
      expect(next.id).toBeGreaterThan(offerId);
    } finally {
      await copy.pool.end();
    }
  }, 60_000);

  it("refuses to restore over data, before writing anything", async () => {
    const emptyDir = path.join(work, "empty-data");
    await expect(restoreBackup({ databaseUrl: urlOf(targetName), dataDir: emptyDir, embeddedPort: 1 }, backupFile)).rejects.toThrow(
      new RegExp(`The database ${targetName} is not empty \\(\\d+ tables, views or sequences\\): restore into an empty database`),
    );
    expect(fs.existsSync(path.join(emptyDir, "uploads"))).toBe(false);
    await expect(restoreBackup({ databaseUrl: urlOf("postgres"), dataDir: targetDir, embeddedPort: 1 }, backupFile)).rejects.toThrow(
      `${path.join(targetDir, "uploads")} already holds files: restore into an empty data folder.`,
    );
    await expect(restoreBackup({ databaseUrl: urlOf(targetName), dataDir: emptyDir, embeddedPort: 1 }, path.join(work, "missing.tar"))).rejects.toThrow(/No such file/);
  });

  it("keeps the archive readable by standard tools: tar with the manifest, the dump and the uploads", async () => {
    const listing = (await import("node:child_process")).execFileSync("tar", ["-tf", backupFile], { encoding: "utf8" }).split("\n");
    expect(listing).toContain(MANIFEST_FILE);
    expect(listing).toContain(DUMP_FILE);
    expect(listing.some((name) => name.startsWith("uploads/images/") && name.endsWith(".webp"))).toBe(true);
  });
});
