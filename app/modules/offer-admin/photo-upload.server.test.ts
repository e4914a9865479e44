import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { handleFinanceRequest } from "~/modules/finance/finance-action.server.ts";
import { hitStaffUploadLimit, STAFF_UPLOAD_LIMITS, type StaffUploadKind } from "~/modules/form-guard/rate-limit.server.ts";
import { settleImageWork } from "~/modules/images/images.server.ts";
import { handleLicenceUpload } from "~/modules/firm-licences/licences-action.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { LICENCE_UPLOAD_BODY_LIMIT } from "~/utils/body-limits.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handlePhotoUpload } from "./photo-upload.server.ts";

const db = useTestDatabase({ connections: 8 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-upload-limits-"));
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa", DATA_DIR: dataDir });
const services = () => ({ db: db(), env, storage: testStorage(dataDir) }) as unknown as AppServices;
let jpeg: Buffer;
const staff: Record<"manager" | "accountant", StaffProfile> = {} as never;

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 500, height: 400, channels: 3, background: "#a97" } })
    .jpeg()
    .toBuffer();
  staff.manager = await createStaffUser(db(), { name: "المدير", username: "uploads.boss", phone: "0551119401", role: "manager" });
  staff.accountant = await createStaffUser(db(), { name: "المحاسب", username: "uploads.acc", phone: "0551119402", role: "accountant" });
});
afterAll(async () => {
  await settleImageWork();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Brings a person's count of this kind to `left` short of the limit, as earlier uploads would have. */
async function spend(user: StaffProfile, kind: StaffUploadKind, left: number) {
  for (let i = 0; i < STAFF_UPLOAD_LIMITS[kind].limit - left; i++) await hitStaffUploadLimit(db(), user.id, kind);
}

const photoPost = (url: string) => new Request(url, { method: "POST", body: new Uint8Array(jpeg), headers: { origin: "https://aqar.example.sa", "content-type": "image/jpeg" } });

describe("the staff's uploads are limited per person and kind, under concurrency", () => {
  it("offer photos: of five sent at once with two left, two are stored and three refused (429, Retry-After, the message); content images keep their own count", async () => {
    await spend(staff.manager, "offer-photo", 2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => handlePhotoUpload(services(), staff.manager, photoPost("https://aqar.example.sa/admin/offers/photos"), "offer photo")),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ ok: false, error: MESSAGES.tooManyRequests });
    // Another kind, and another person, are not held back by it.
    expect((await handlePhotoUpload(services(), staff.manager, photoPost("https://aqar.example.sa/admin/content/images"), "content image")).status).toBe(200);
    expect((await handlePhotoUpload(services(), staff.accountant, photoPost("https://aqar.example.sa/admin/offers/photos"), "offer photo")).status).toBe(200);
  });

  it("licences and receipts: past the limit, refused with the message before the image pipeline", async () => {
    await spend(staff.manager, "licence", 0);
    const form = new FormData();
    form.set("alt", "رخصة فال");
    form.set("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "licence.jpg");
    const licence = await handleLicenceUpload(
      services(),
      staff.manager,
      new Request("https://aqar.example.sa/admin/licenses/upload", { method: "POST", body: form, headers: { origin: "https://aqar.example.sa" } }),
      {
        limit: LICENCE_UPLOAD_BODY_LIMIT,
        tooLarge: false,
      },
    );
    expect(licence.status).toBe(429);
    expect(((await licence.json()) as { error: Record<string, string[]> }).error[""]).toEqual([MESSAGES.tooManyRequests]);

    await spend(staff.accountant, "receipt", 0);
    const request = new FormData();
    request.set("intent", "request");
    request.set("description", "أحبار");
    request.set("amount", "120");
    request.set("type", "expense");
    request.set("receipt", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "receipt.jpg");
    const receipt = await handleFinanceRequest(services(), staff.accountant, new Request("https://aqar.example.sa/admin/finance", { method: "POST", body: request }));
    const { init, data } = receipt as unknown as { init?: { status?: number }; data: { error?: Record<string, string[]> } };
    expect(init?.status).toBe(429);
    expect(data.error?.[""]).toEqual([MESSAGES.tooManyRequests]);
  });
});
