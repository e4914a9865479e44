import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context.ts";
import { createSession } from "~/modules/auth/sessions.server.ts";
import { requestFinanceApproval } from "~/modules/finance/finance.server.ts";
import { listSubmissionCards } from "~/modules/submissions/review.server.ts";
import { createSubmission } from "~/modules/submissions/submissions.server.ts";
import { getTask } from "~/modules/tasks/tasks.server.ts";
import type { Role } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { loader as imageLoader } from "~/routes/resources/image.ts";
import { loader as privateImageLoader } from "~/routes/resources/private-image.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { imageUrl } from "~/utils/image-ref.ts";
import { parseStorageUrl } from "~/utils/storage-url.server.ts";
import { startS3Server, type TestS3Server } from "../../../tests/setup/s3-server.ts";
import { STORED_SUBMISSION } from "../../../tests/factories/submissions.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { settleImageWork, storeImage } from "./images.server.ts";
import { createStorage, type PhotoStorage } from "./storage.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-private-images-"));
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa", DATA_DIR: dataDir });
let s3: TestS3Server;
const people: Partial<Record<Role, { user: StaffProfile; token: string }>> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  for (const [role, phone] of [
    ["manager", "0551119301"],
    ["accountant", "0551119302"],
    ["staff", "0551119303"],
  ] as const) {
    const user = await createStaffUser(db(), { name: `عضو ${role}`, username: `private.${role}`, phone, role });
    people[role] = { user, token: await createSession(db(), user.id) };
  }
});
afterAll(async () => {
  await settleImageWork();
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const photo = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: "#c9b79c" } })
    .jpeg()
    .toBuffer();

/** A GET of a URL through one of the two image routes, as `who` (a role's session, or nobody). */
async function get(storage: PhotoStorage, url: string, who?: Role) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db: db(), env, storage } as AppServices);
  const headers = who ? { cookie: `${cookieSettings(env).session}=${people[who]!.token}` } : undefined;
  const request = new Request(`https://aqar.example.sa${url}`, { headers });
  const [, base, file] = /^\/(images|private-images)\/(.+)$/.exec(url)!;
  const loader = base === "images" ? imageLoader : privateImageLoader;
  const response = await loader({ request, context, params: { file: file! } } as never);
  await response.body?.cancel();
  return { status: response.status, cacheControl: response.headers.get("Cache-Control") };
}

const backEnds: Array<[string, () => Promise<PhotoStorage>]> = [
  ["the local disk", () => createStorage({ kind: "local", dir: path.join(dataDir, "uploads") })],
  [
    "an S3-compatible bucket",
    async () => {
      const parsed = parseStorageUrl(s3.url, dataDir);
      if ("problems" in parsed) throw new Error(parsed.problems.join("; "));
      return createStorage(parsed.config);
    },
  ],
];

describe.each(backEnds)("receipts and owners' photos on %s are for the staff who may see them", (_name, open) => {
  let storage: PhotoStorage;
  beforeAll(async () => {
    storage = await open();
  });

  it("a submission photo: the owners' requests' roles only; never by /images/", async () => {
    const submission = await createSubmission(db(), storage, { ...STORED_SUBMISSION, goal: "sale" }, [{ fileName: "a.jpg", bytes: await photo() }]);
    const card = (await listSubmissionCards(db())).find((s) => s.id === submission.id)!;
    const image = card.photos[0]!;
    expect(image.private).toBe(true);
    const url = imageUrl(image, 400);
    expect(url).toMatch(/^\/private-images\/[a-f0-9]{32}-400\.webp$/);
    const publicUrl = url.replace("/private-images/", "/images/");

    expect(await get(storage, url)).toMatchObject({ status: 404 });
    expect(await get(storage, url, "accountant")).toMatchObject({ status: 403 });
    expect(await get(storage, url, "staff")).toEqual({ status: 200, cacheControl: "private, no-cache" });
    expect((await get(storage, url, "manager")).status).toBe(200);
    // The unguessable name alone is not enough, whoever asks.
    for (const who of [undefined, "manager"] as const) expect((await get(storage, publicUrl, who)).status).toBe(404);
  });

  it("a receipt: the finance roles only (manager and accountant); never by /images/", async () => {
    const receipt = await storeImage(db(), storage, await photo());
    const accountant = people.accountant!.user;
    const requested = await requestFinanceApproval(db(), accountant, { description: "أحبار", amount: 120, type: "expense", notes: "", receiptImageId: receipt.id });
    expect(requested.ok).toBe(true);
    if (!requested.ok) throw new Error(requested.error);
    const task = (await getTask(db(), people.manager!.user, requested.taskId))!;
    expect(task.receipt?.private).toBe(true);
    const url = imageUrl(task.receipt!, 800);
    expect(url.startsWith("/private-images/")).toBe(true);

    expect((await get(storage, url)).status).toBe(404);
    expect((await get(storage, url, "staff")).status).toBe(403);
    expect((await get(storage, url, "accountant")).status).toBe(200);
    expect((await get(storage, url, "manager")).status).toBe(200);
    expect((await get(storage, url.replace("/private-images/", "/images/"), "manager")).status).toBe(404);
  });

  it("an offer photo stays public; /private-images/ has nothing to give of it", async () => {
    const offerPhoto = await storeImage(db(), storage, await photo());
    const url = imageUrl(offerPhoto, 400);
    expect(await get(storage, url)).toEqual({ status: 200, cacheControl: "public, max-age=31536000, immutable" });
    expect((await get(storage, url.replace("/images/", "/private-images/"), "manager")).status).toBe(404);
  });
});
