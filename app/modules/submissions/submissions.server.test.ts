import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppServices } from "~/context.ts";
import { images, submissionImages, submissions } from "~/db/schema.ts";
import { imagesDir, settledImageFiles, testStorage } from "../../../tests/factories/storage.ts";
import { createMailer, type Mailer } from "~/modules/messaging/mail.server.ts";
import { readOutbox } from "~/modules/messaging/outbox.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import { settings } from "~/db/schema.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { deliverQueuedEmails } from "../../../tests/factories/mail-queue.ts";
import { VALID_SUBMISSION } from "../../../tests/factories/submissions.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { HONEYPOT_FIELD } from "../form-guard/honeypot.ts";
import { OTHER_NEIGHBOURHOOD, SUBMISSION_MESSAGES, SUBMISSION_PHOTOS } from "./limits.ts";
import { readSubmissionUpload, UPLOAD_LIMITS } from "./read-upload.server.ts";
import { handleSubmissionPost } from "./submission-post.server.ts";
import { choiceErrors, parseArea, parseExpectedPrice, submissionSchema } from "./submission-schema.ts";
import { createSubmission } from "./submissions.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-submissions-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

const CHOICES = { propertyTypes: ["شقة", "فيلا", "أرض"], cities: ["الرياض", "جدة"] };

/** The form's text fields as posted, read with the schema. */
function parseFields(fields: Record<string, string>) {
  return parseSubmission(formData(fields), submissionSchema);
}

/** The messages per field, the schema's and then the lists' (as the server checks them); none for valid fields. */
function errorsOf(fields: Record<string, string>) {
  const submission = parseFields(fields);
  if (submission.status !== "success") return submission.reply().error;
  const errors = choiceErrors(submission.value, CHOICES);
  return Object.keys(errors).length ? errors : null;
}

/** The stored data of valid fields. */
function valueOf(fields: Record<string, string>) {
  const submission = parseFields(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  expect(choiceErrors(submission.value, CHOICES)).toEqual({});
  return submission.value;
}

/** A FormReply answer as status and body. */
const answerOf = (answer: { data: unknown; init: ResponseInit | null }) => ({ status: answer.init?.status ?? 200, reply: answer.data });

async function jpegWithExif(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: "#6a9" } })
    .jpeg()
    .withExif({ IFD0: { Make: "OwnerPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 42/1 0/1" } })
    .toBuffer();
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array | Buffer }>, headers: Record<string, string> = {}) {
  const form = formData(fields);
  for (const file of files) form.append(SUBMISSION_PHOTOS.field, new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
  return new Request("http://localhost:3000/api/submissions", { method: "POST", body: form, headers });
}

const countRows = async () => ({
  submissions: (await db().select().from(submissions)).length,
  images: (await db().select().from(images)).length,
  files: (await settledImageFiles(dataDir)).length,
});

describe("owner submission validation", () => {
  it("accepts the required fields and keeps e-mail optional", () => {
    expect(valueOf(VALID_SUBMISSION)).toMatchObject({ clientPhone: "+966551234567", clientEmail: "", area: 450, neighbourhood: "حطين" });
  });

  it("names every missing required field", () => {
    expect(errorsOf({})).toEqual({
      clientName: [SUBMISSION_MESSAGES.nameRequired],
      clientPhone: [MESSAGES.phoneRequired],
      propertyType: [SUBMISSION_MESSAGES.typeRequired],
      city: [SUBMISSION_MESSAGES.cityRequired],
      neighbourhood: [SUBMISSION_MESSAGES.neighbourhoodRequired],
      area: [SUBMISSION_MESSAGES.areaRequired],
      description: [SUBMISSION_MESSAGES.descriptionRequired],
      goal: [SUBMISSION_MESSAGES.goalRequired],
    });
  });

  it("asks what the owner wants: sale, rent or management, nothing else", () => {
    for (const goal of ["sale", "rent", "management"]) expect(valueOf({ ...VALID_SUBMISSION, goal })).toMatchObject({ goal });
    const { goal: _, ...withoutGoal } = VALID_SUBMISSION;
    expect(errorsOf(withoutGoal)).toEqual({ goal: [SUBMISSION_MESSAGES.goalRequired] });
    for (const goal of ["", "بيع", "gift"]) expect(errorsOf({ ...VALID_SUBMISSION, goal })).toEqual({ goal: [SUBMISSION_MESSAGES.goalRequired] });
  });

  it("reads an optional expected price in whole riyals, Arabic-Indic or Latin, grouped by spaces or commas; refuses anything else", () => {
    expect(valueOf(VALID_SUBMISSION)).toMatchObject({ expectedPrice: null });
    expect(valueOf({ ...VALID_SUBMISSION, expectedPrice: "  " })).toMatchObject({ expectedPrice: null });
    const read: Array<[string, number]> = [
      ["1250000", 1_250_000],
      ["١٢٥٠٠٠٠", 1_250_000],
      ["1,250,000", 1_250_000],
      ["١٬٢٥٠٬٠٠٠", 1_250_000],
      ["١ ٢٥٠ ٠٠٠", 1_250_000],
      ["1 250 000", 1_250_000],
      ["٨٥٠،٠٠٠", 850_000],
    ];
    for (const [typed, price] of read) expect(valueOf({ ...VALID_SUBMISSION, expectedPrice: typed }), typed).toMatchObject({ expectedPrice: price });
    expect(parseExpectedPrice("٧٥ ٠٠٠")).toBe(75_000);
    for (const expectedPrice of ["مليون", "1.5", "١٫٥", "-500", "0", "1e6", "12,34", "99999999999999", "500 ألف"]) {
      expect(errorsOf({ ...VALID_SUBMISSION, expectedPrice }), expectedPrice).toEqual({ expectedPrice: [SUBMISSION_MESSAGES.priceInvalid] });
    }
  });

  it("reads the area as digits (Arabic-Indic and thousands separators welcome) and refuses anything else", () => {
    expect(parseArea("٤٥٠")).toBe(450);
    expect(parseArea("1,250.5")).toBe(1250.5);
    expect(valueOf({ ...VALID_SUBMISSION, area: "١٬٢٥٠" })).toMatchObject({ area: 1250 });
    // "1e20" used to be stored as 1, "-5" and words as 0.
    for (const area of ["1e20", "-5", "كبيرة", "1,5", "999999999999"]) {
      expect(errorsOf({ ...VALID_SUBMISSION, area })).toEqual({ area: [SUBMISSION_MESSAGES.areaInvalid] });
    }
  });

  it("names lose bidi controls and marks; a name that is only controls is missing; phones pasted with marks are read", () => {
    const value = valueOf({ ...VALID_SUBMISSION, clientName: "\u202Eعبدالله\u202C \u200Fالقحطاني\u2066", clientPhone: "\u202A055 123 4567\u202C", description: "وصف\u202E مقلوب" });
    expect(value).toMatchObject({ clientName: "عبدالله القحطاني", clientPhone: "+966551234567", description: "وصف مقلوب" });
    expect(errorsOf({ ...VALID_SUBMISSION, clientName: "\u202E\u2067 \u200F" })).toEqual({ clientName: [SUBMISSION_MESSAGES.nameRequired] });
  });

  it("checks a given e-mail, the type and city against the lists, and takes a typed neighbourhood for 'other'", () => {
    expect(errorsOf({ ...VALID_SUBMISSION, clientEmail: "nope" })).toMatchObject({ clientEmail: [MESSAGES.emailInvalid] });
    expect(errorsOf({ ...VALID_SUBMISSION, city: "أتلانتس" })).toMatchObject({ city: [SUBMISSION_MESSAGES.cityRequired] });
    expect(errorsOf({ ...VALID_SUBMISSION, propertyType: "قلعة" })).toMatchObject({ propertyType: [SUBMISSION_MESSAGES.typeRequired] });
    expect(valueOf({ ...VALID_SUBMISSION, neighbourhood: OTHER_NEIGHBOURHOOD, neighbourhoodOther: "حي الخزامى" })).toMatchObject({ neighbourhood: "حي الخزامى" });
    expect(errorsOf({ ...VALID_SUBMISSION, neighbourhood: OTHER_NEIGHBOURHOOD })).toMatchObject({ neighbourhood: [SUBMISSION_MESSAGES.neighbourhoodRequired] });
    // The "other" box shown and left empty: named under that box, where the person types.
    expect(errorsOf({ ...VALID_SUBMISSION, neighbourhood: OTHER_NEIGHBOURHOOD, neighbourhoodOther: " " })).toEqual({
      neighbourhoodOther: [SUBMISSION_MESSAGES.neighbourhoodRequired],
    });
    // A city without a list posts the box alone.
    const { neighbourhood: _, ...withoutList } = VALID_SUBMISSION;
    expect(valueOf({ ...withoutList, neighbourhoodOther: "حي الورود" })).toMatchObject({ neighbourhood: "حي الورود" });
    expect(errorsOf({ ...withoutList, neighbourhoodOther: "" })).toEqual({ neighbourhoodOther: [SUBMISSION_MESSAGES.neighbourhoodRequired] });
  });
});

describe("upload limits on the server", () => {
  it("reads the text fields and the photos, skipping an empty file input", async () => {
    const upload = await readSubmissionUpload(
      multipart(VALID_SUBMISSION, [
        { name: "a.jpg", bytes: await jpegWithExif() },
        { name: "", bytes: new Uint8Array() },
      ]),
    );
    expect(upload.ok).toBe(true);
    expect(upload.fields.get("clientName")).toBe(VALID_SUBMISSION.clientName);
    expect(upload.ok && upload.files).toHaveLength(1);
  });

  it("refuses a photo over 5 MB and keeps the text read before it", async () => {
    const big = new Uint8Array(SUBMISSION_PHOTOS.maxBytes + 1);
    const refusal = await readSubmissionUpload(multipart(VALID_SUBMISSION, [{ name: "big.jpg", bytes: big }]));
    expect(refusal).toMatchObject({ ok: false, message: SUBMISSION_MESSAGES.photoTooLarge, status: 413 });
    expect(refusal.fields.get("description")).toBe(VALID_SUBMISSION.description);
  });

  it("refuses an eleventh photo", async () => {
    const small = await jpegWithExif(40, 40);
    const files = Array.from({ length: SUBMISSION_PHOTOS.max + 1 }, (_, i) => ({ name: `${i}.jpg`, bytes: small }));
    expect(await readSubmissionUpload(multipart(VALID_SUBMISSION, files))).toMatchObject({ ok: false, message: SUBMISSION_MESSAGES.tooManyPhotos });
  });

  it("refuses a declared body larger than 10 photos of 5 MB without reading it", async () => {
    const request = new Request("http://localhost/api/submissions", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(UPLOAD_LIMITS.maxTotalSize + 1) },
      body: "--x--",
    });
    expect(await readSubmissionUpload(request)).toMatchObject({ ok: false, message: SUBMISSION_MESSAGES.requestTooLarge, status: 413 });
  });

  it("stops reading the stream at the limit: the rest of a huge body is never pulled", async () => {
    const boundary = "----limit";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const chunk = new Uint8Array(64 * 1024).fill(0xff);
    const total = 200 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api/submissions", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await readSubmissionUpload(request)).toMatchObject({ ok: false, message: SUBMISSION_MESSAGES.photoTooLarge });
    expect(pulled).toBeLessThan(SUBMISSION_PHOTOS.maxBytes + 2 * 1024 * 1024);
  });
});

describe("storing a submission", () => {
  let sent: Array<{ to: string; subject: string; body: string }> = [];
  const recordingMailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  const services = (mailer: Mailer = recordingMailer): AppServices => ({
    db: db(),
    env: { ...parseEnv({}), DATA_DIR: dataDir },
    mailer,
    sms: createSmsSender({ ...parseEnv({}), DATA_DIR: dataDir }),
    // Submissions never touch offers; nothing listens here.
    events: { subscribe: () => () => undefined, ready: async () => undefined, close: async () => undefined },
    storage,
  });
  let address = 0;
  const nextAddress = () => `10.0.0.${++address}`;

  beforeAll(async () => {
    await seedLookupDefaults(db());
    await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
  });

  beforeEach(async () => {
    sent = [];
    await db().update(settings).set({ managerEmail: "manager@example.sa" });
    invalidateSettings();
  });

  async function post(fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array | Buffer }>, mailer?: Mailer) {
    return handleSubmissionPost(services(mailer), nextAddress(), multipart({ ...fields, altcha: await solvedProof(db()) }, files));
  }

  it("stores a pending submission with its photos re-encoded without EXIF/GPS, and mails the manager", async () => {
    const outcome = await post({ ...VALID_SUBMISSION, expectedPrice: "٢ ٥٠٠ ٠٠٠" }, [
      { name: "front.jpg", bytes: await jpegWithExif() },
      { name: "side.jpg", bytes: await jpegWithExif(900, 900) },
    ]);
    expect(answerOf(outcome)).toEqual({ status: 200, reply: { status: "success", initialValue: null } });
    const [row] = await db().select().from(submissions).where(eq(submissions.clientName, VALID_SUBMISSION.clientName));
    expect(row).toMatchObject({ status: "pending", clientPhone: "+966551234567", city: "الرياض", area: 450, goal: "sale", expectedPrice: 2_500_000 });
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
    const photos = await db().select().from(submissionImages).where(eq(submissionImages.submissionId, row!.id));
    expect(photos.map((p) => p.position)).toEqual([0, 1]);
    const stored = path.join(imagesDir(dataDir), `${photos[0]!.imageId}-400.webp`);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(fs.readFileSync(stored).includes(Buffer.from("OwnerPhone"))).toBe(false);
    // Queued with the submission (decision 032), sent by the scheduler's job.
    await deliverQueuedEmails(db(), recordingMailer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "manager@example.sa", subject: expect.stringContaining("فيلا") as unknown });
    // The owner's wish and price reach the manager with the rest.
    const body = sent[0]!.body;
    expect(body).toContain("المطلوب: بيع");
    expect(body).toMatch(/السعر المتوقع: \u200F?٢٬٥٠٠٬٠٠٠/);
  });

  it("refuses a price that is not one, or a missing goal, under their fields with nothing stored and what was typed given back", async () => {
    const before = await countRows();
    const { goal: _, ...withoutGoal } = VALID_SUBMISSION;
    const refused = await post({ ...withoutGoal, expectedPrice: "مليون ونص" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(answerOf(refused)).toMatchObject({
      status: 400,
      reply: {
        status: "error",
        error: { goal: [SUBMISSION_MESSAGES.goalRequired], expectedPrice: [SUBMISSION_MESSAGES.priceInvalid] },
        initialValue: { expectedPrice: "مليون ونص" },
      },
    });
    expect(await countRows()).toEqual(before);
  });

  it("refuses the phone «12345» under its field, storing nothing and keeping what was typed", async () => {
    const before = await countRows();
    const refused = await post({ ...VALID_SUBMISSION, clientPhone: "12345" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(answerOf(refused)).toMatchObject({ status: 400, reply: { status: "error", error: { clientPhone: [MESSAGES.phoneInvalid] }, initialValue: { clientPhone: "12345" } } });
    expect(await countRows()).toEqual(before);
  });

  it("stores a name without its bidi override, and refuses an area of 1e20 with nothing stored", async () => {
    const before = await countRows();
    const refused = await post({ ...VALID_SUBMISSION, area: "1e20" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(answerOf(refused)).toMatchObject({ status: 400, reply: { status: "error", error: { area: [SUBMISSION_MESSAGES.areaInvalid] }, initialValue: { area: "1e20" } } });
    expect(await countRows()).toEqual(before);

    const outcome = await post({ ...VALID_SUBMISSION, clientName: "\u202Eنايف\u202C الشهري\u200F", area: "٢٬٥٠٠" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(outcome.data.status).toBe("success");
    const [row] = await db().select().from(submissions).where(eq(submissions.clientName, "نايف الشهري"));
    expect(row).toMatchObject({ clientName: "نايف الشهري", area: 2500 });
  });

  it("refuses a text file named .jpg and leaves nothing behind, even after a good photo", async () => {
    const before = await countRows();
    const outcome = await post(VALID_SUBMISSION, [
      { name: "good.jpg", bytes: await jpegWithExif() },
      { name: "fake.jpg", bytes: Buffer.from("this is not a photo") },
    ]);
    expect(answerOf(outcome)).toMatchObject({ status: 400, reply: { status: "error", error: { photos: [SUBMISSION_MESSAGES.photosUnreadable] } } });
    expect(await countRows()).toEqual(before);
  });

  it("needs at least one photo and gives back what was typed", async () => {
    const outcome = await post(VALID_SUBMISSION, []);
    expect(answerOf(outcome)).toMatchObject({
      status: 400,
      reply: { status: "error", error: { photos: [SUBMISSION_MESSAGES.photosRequired] }, initialValue: { clientName: VALID_SUBMISSION.clientName } },
    });
  });

  it("answers a photo over 5 MB under the photos, with 413 and the text read before it", async () => {
    const outcome = await post(VALID_SUBMISSION, [{ name: "big.jpg", bytes: new Uint8Array(SUBMISSION_PHOTOS.maxBytes + 1) }]);
    expect(answerOf(outcome)).toMatchObject({
      status: 413,
      reply: { status: "error", error: { photos: [SUBMISSION_MESSAGES.photoTooLarge] }, initialValue: { description: VALID_SUBMISSION.description } },
    });
  });

  it("refuses a type outside the lists under its field, keeping what was typed", async () => {
    const outcome = await post({ ...VALID_SUBMISSION, propertyType: "قلعة" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(answerOf(outcome)).toMatchObject({ status: 400, reply: { error: { propertyType: [SUBMISSION_MESSAGES.typeRequired] }, initialValue: { propertyType: "قلعة" } } });
  });

  it("removes the stored photos when the database write fails", async () => {
    const before = await countRows();
    const failing = new Proxy(db(), {
      get: (target, key, receiver): unknown => (key === "transaction" ? () => Promise.reject(new Error("database went away")) : Reflect.get(target, key, receiver)),
    });
    await expect(createSubmission(failing, storage, valueOf(VALID_SUBMISSION), [{ fileName: "a.jpg", bytes: await jpegWithExif() }])).rejects.toThrow("database went away");
    expect(await countRows()).toEqual(before);
  });

  it("answers a filled honeypot with success and stores nothing", async () => {
    const before = await countRows();
    const outcome = await post({ ...VALID_SUBMISSION, [HONEYPOT_FIELD]: "spam" }, [{ name: "a.jpg", bytes: await jpegWithExif() }]);
    expect(outcome.data.status).toBe("success");
    expect(await countRows()).toEqual(before);
  });

  it("refuses a post without the proof of work, keeping the text", async () => {
    const outcome = await handleSubmissionPost(services(), nextAddress(), multipart(VALID_SUBMISSION, [{ name: "a.jpg", bytes: await jpegWithExif() }]));
    expect(answerOf(outcome)).toMatchObject({
      status: 400,
      reply: { status: "error", error: { "": [MESSAGES.botCheckFailed] }, initialValue: { description: VALID_SUBMISSION.description } },
    });
  });

  it("still succeeds when the notification cannot be sent", async () => {
    const broken: Mailer = { send: () => Promise.reject(new Error("SMTP down")) };
    const outcome = await post(VALID_SUBMISSION, [{ name: "a.jpg", bytes: await jpegWithExif() }], broken);
    expect(outcome.data.status).toBe("success");
  });
});

describe("mail outbox", () => {
  it("writes one JSON line per message with to, subject, body and time", async () => {
    const mailer = createMailer({ MAIL_TRANSPORT: "outbox", DATA_DIR: dataDir, MAIL_FROM: "no-reply@localhost", SMTP_URL: undefined });
    await mailer.send({ to: "manager@example.sa", subject: "استفسار جديد", body: "نص" });
    const [entry] = await readOutbox(dataDir, "email");
    expect(entry).toEqual({ to: "manager@example.sa", subject: "استفسار جديد", body: "نص", at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown });
  });
});
