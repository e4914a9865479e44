// Issue 30: a photo storage that stops answering (a bucket down, before or during the upload) or a
// local folder that refuses writes must not stop the process: the upload answers 503 with
// Retry-After, keeps what was typed, keeps no row, and a retry once the storage is back succeeds.
// An unhandled rejection fails the Vitest run by itself, so these tests also prove there is none.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { images, settings, submissions } from "~/db/schema.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { createMailer } from "~/modules/messaging/mail.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { handlePhotoUpload } from "~/modules/offer-admin/photo-upload.server.ts";
import { handleSubmissionPost } from "~/modules/submissions/submission-post.server.ts";
import { SUBMISSION_PHOTOS } from "~/modules/submissions/limits.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { parseStorageUrl } from "~/utils/storage-url.server.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3-server.ts";
import { VALID_SUBMISSION } from "../../../tests/factories/submissions.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { settleImageWork, sweepOrphanFiles } from "./images.server.ts";
import { createStorage, type PhotoStorage } from "./storage.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-storage-faults-"));
afterAll(() => removeDataFolder(dataDir));

beforeAll(async () => {
  await seedLookupDefaults(db());
  await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
});

const photo = (width = 1600) =>
  sharp({ create: { width, height: Math.round(width * 0.66), channels: 3, background: "#7a9" } })
    .jpeg()
    .toBuffer();

function services(storage: PhotoStorage): AppServices {
  const env = { ...parseEnv({}), DATA_DIR: dataDir };
  return {
    db: db(),
    env,
    mailer: createMailer(env),
    sms: createSmsSender(env),
    events: { subscribe: () => () => undefined, ready: async () => undefined, close: async () => undefined },
    storage,
  };
}

let address = 0;
async function postSubmission(storage: PhotoStorage, photos: Buffer[]) {
  const form = formData({ ...VALID_SUBMISSION, altcha: await solvedProof(db()) });
  for (const [i, bytes] of photos.entries()) form.append(SUBMISSION_PHOTOS.field, new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `p${i}.jpg`);
  const request = new Request("http://localhost:3000/api/submissions", { method: "POST", body: form });
  const answer = await handleSubmissionPost(services(storage), `10.9.0.${++address}`, request);
  return {
    status: answer.init?.status ?? 200,
    headers: new Headers(answer.init?.headers),
    reply: answer.data as { status: string; error?: Record<string, string[]>; initialValue?: Record<string, string> },
  };
}

const rows = async () => ({ submissions: (await db().select().from(submissions)).length, images: (await db().select().from(images)).length });

function bucket(server: TestS3Server): Promise<PhotoStorage> {
  const parsed = parseStorageUrl(server.url, dataDir);
  if (!("config" in parsed)) throw new Error(parsed.problems.join("; "));
  return createStorage(parsed.config);
}

/** The storage, but the S3 server is stopped once `after` writes have gone through (the upload is under way). */
function stoppingAfter(storage: PhotoStorage, server: TestS3Server, after: number): PhotoStorage {
  let writes = 0;
  return {
    ...storage,
    list: (prefix) => storage.list(prefix),
    async put(key, bytes, type) {
      await storage.put(key, bytes, type);
      if (++writes === after) await server.close();
    },
  };
}

function expectRefusedKeepingTheForm(answer: Awaited<ReturnType<typeof postSubmission>>) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get("Retry-After")).toBe("30");
  expect(answer.reply.status).toBe("error");
  expect(answer.reply.error?.[""]).toEqual([MESSAGES.photosNotSaved]);
  expect(answer.reply.initialValue).toMatchObject({ clientName: VALID_SUBMISSION.clientName, description: VALID_SUBMISSION.description });
}

describe("a photo storage that stops answering", () => {
  it("a bucket stopped before the upload: 503 with Retry-After, the form given back, no rows; a retry on a running bucket succeeds", async () => {
    const server = await startS3Server();
    const storage = await bucket(server);
    await server.close();
    const before = await rows();
    expectRefusedKeepingTheForm(await postSubmission(storage, [await photo()]));
    expect(await rows()).toEqual(before);

    const again = await startS3Server();
    try {
      const retry = await postSubmission(await bucket(again), [await photo()]);
      expect(retry.reply.status).toBe("success");
      expect((await rows()).submissions).toBe(before.submissions + 1);
    } finally {
      await settleImageWork();
      await again.close();
    }
  });

  it("a bucket stopped during the upload (after some variants were written): the same answer and no rows; the files left are the sweep's", async () => {
    const server = await startS3Server();
    const storage = await bucket(server);
    const before = await rows();
    expectRefusedKeepingTheForm(await postSubmission(stoppingAfter(storage, server, 2), [await photo(), await photo(1200)]));
    expect(await rows()).toEqual(before);
  });

  it("a local folder that refuses writes: the submission and the back office's photo upload answer 503; once it takes writes again, they succeed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-readonly-"));
    // A file where the images folder should be: every write under it fails (root ignores permissions, not this).
    fs.mkdirSync(path.join(dir, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(dir, "uploads", "images"), "not a folder");
    const storage = testStorage(dir);
    const before = await rows();
    expectRefusedKeepingTheForm(await postSubmission(storage, [await photo()]));

    const staff = { id: 1, role: "manager" } as StaffProfile;
    const photoRequest = async () => new Request("http://localhost:3000/admin/offers/photos", { method: "POST", body: new Uint8Array(await photo()) });
    const refused = await handlePhotoUpload(services(storage), staff, await photoRequest(), "offer photo");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(await refused.json()).toEqual({ ok: false, error: MESSAGES.photosNotSaved });
    expect(await rows()).toEqual(before);

    fs.rmSync(path.join(dir, "uploads", "images"));
    expect((await postSubmission(storage, [await photo()])).reply.status).toBe("success");
    await settleImageWork();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("the sweep of photo files no row names", () => {
  it("removes them once a day old, on the disk and in a bucket, and keeps every file a row names", async () => {
    const server = await startS3Server();
    try {
      for (const storage of [testStorage(dataDir), await bucket(server)]) {
        const kept = await postSubmission(storage, [await photo()]);
        expect(kept.reply.status).toBe("success");
        await settleImageWork();
        const orphan = "0123456789abcdef0123456789abcdef";
        await storage.put(`images/${orphan}-400.webp`, Buffer.from("RIFF"), "image/webp");
        await storage.put(`images/${orphan}-800.avif`, Buffer.from("avif"), "image/avif");
        const keys = async () => {
          const found: string[] = [];
          for await (const { key } of storage.list("images/")) found.push(key);
          return found.sort();
        };
        const all = await keys();
        // Young files are left alone: an upload writes its files before its row.
        expect(await sweepOrphanFiles(db(), storage)).toBe(0);
        const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
        expect(await sweepOrphanFiles(db(), storage, tomorrow)).toBe(2);
        expect(await keys()).toEqual(all.filter((key) => !key.includes(orphan)));
        const named = (await db().select({ id: images.id }).from(images)).map((row) => row.id);
        for (const key of await keys())
          expect(
            named.some((id) => key.includes(id)),
            key,
          ).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});
