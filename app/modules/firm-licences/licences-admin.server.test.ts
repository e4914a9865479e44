import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, count, eq } from "drizzle-orm";
import type pg from "pg";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { images, licences } from "~/db/schema.ts";
import { imagesDir, settledImageFiles, testStorage, variantFiles } from "../../../tests/factories/storage.ts";
import type { Db } from "~/db/client.server.ts";
import type { Role } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { auditLog } from "~/db/schema.ts";
import { action as pageAction, loader as pageLoader } from "~/routes/admin/licenses.tsx";
import { action as uploadAction } from "~/routes/admin/licence-upload.ts";
import { loader as publicLoader } from "~/routes/site/licenses.tsx";
import { LICENCE_UPLOAD_BODY_LIMIT } from "~/utils/body-limits.ts";
import { bodyLimitFor } from "../../../tests/setup/route-table.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission, type FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { licenceCountText, remainingLicencesText } from "./licence-count.ts";
import { handleLicencePost, handleLicenceUpload } from "./licences-action.server.ts";
import { addUploadedLicence, deleteLicence, listAdminLicences, renameLicence, reorderLicences } from "./licences-admin.server.ts";
import { checkLicenceUrl, LICENCE_LIMITS, LICENCE_MESSAGES, LICENCE_REASONS, licenceLinkSchema, licenceUploadSchema } from "./licences-schema.ts";
import { addLicence, countLicences, listLicences } from "./licences.server.ts";

const db = useTestDatabase({ connections: 6 });
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "aqar-licences-admin-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa", DATA_DIR: dataDir });
const services = () => ({ db: db(), env, storage }) as AppServices;

const member = (role: Role, id = 1): StaffProfile => ({ id, name: "عضو", username: `member${id}`, email: "", phone: "+966500000000", role, active: true });
const manager = member("manager");
// A real row behind the manager: additions and deletions name their author in the audit log.
beforeAll(async () => {
  manager.id = (await createStaffUser(db(), { name: "عضو", username: "licences.boss", phone: "0551119101", role: "manager" })).id;
});
const uploadBody = { limit: LICENCE_UPLOAD_BODY_LIMIT, tooLarge: false };

async function png(width = 600, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: "#e8dcc4" } })
    .png()
    .toBuffer();
}

/** A link licence straight through the module: the quickest way to fill the list. */
const link = (n: number) => addLicence(db(), { alt: `ترخيص ${n}`, externalUrl: `https://example.sa/${n}.png` });

async function fill(n: number) {
  for (let i = 1; i <= n; i++) await link(i);
}

/** The upload form as the page's script posts it (multipart form data). */
function uploadRequest({ alt, file, headers }: { alt?: string; file?: { bytes: Uint8Array; name?: string; type?: string } | null; headers?: Record<string, string> }) {
  // The description first, as the page sends it: a refused image still has its description given back.
  const form = new FormData();
  if (alt !== undefined) form.append("alt", alt);
  if (file !== null) {
    const bytes = file?.bytes ?? new Uint8Array();
    form.append("image", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file?.type ?? "image/png" }), file?.name ?? "licence.png");
  }
  return new Request("https://aqar.example.sa/admin/licenses/upload", { method: "POST", body: form, headers });
}

async function upload(options: Parameters<typeof uploadRequest>[0]) {
  const response = await handleLicenceUpload(services(), manager, uploadRequest(options), uploadBody);
  return { status: response.status, reply: (await response.json()) as FormReply };
}

/** A page post (add by link, edit, reorder, delete) through the module, as the route hands it on. */
async function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const answer = await handleLicencePost(services(), manager, form);
  if (answer instanceof Response) return { status: answer.status, reply: null, response: answer };
  return { status: answer.init?.status ?? 200, reply: answer.data, response: null };
}

/** A parsed form's value, or its messages. */
const outcome = <V>(submission: { status?: string; value?: V; error?: unknown }) => (submission.status === "success" ? { value: submission.value } : { error: submission.error });

const storedFiles = () => settledImageFiles(dataDir);
/** The files the one image row left says it has. */
const filesOfTheImage = async () => variantFiles((await db().select().from(images))[0]!);
const imageRows = async () => (await db().select({ n: count() }).from(images))[0]!.n;
const positions = async () =>
  (await db().select({ id: licences.id, position: licences.position }).from(licences).orderBy(asc(licences.position), asc(licences.id))).map((r) => r.position);

/**
 * Runs `adds` while another connection holds the licences table, until `waiting` of them are stuck
 * behind it; then lets them all go at once. Without a lock of their own, every add would then count
 * the same rows before any of them inserts (the race the limit must survive), so these tests fail
 * if the adds stop taking turns.
 */
async function allAtOnce<T>(waiting: number, adds: () => Promise<T>): Promise<T> {
  // Two connections of the pool of its own: one holds the table, one watches who waits for it.
  const pool = (db() as Db & { $client: pg.Pool }).$client;
  const [holder, watcher] = [await pool.connect(), await pool.connect()];
  try {
    await holder.query("begin");
    await holder.query("lock table licences in access exclusive mode");
    const running = adds();
    for (let tries = 0; ; tries++) {
      const { rows } = await watcher.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
      if (rows[0]!.n >= waiting) break;
      if (tries > 500) throw new Error("the adds never reached the lock");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query("commit");
    return await running;
  } finally {
    holder.release();
    watcher.release();
  }
}

beforeEach(async () => {
  // The last test's later photo variants (680 px, AVIF) are written before their folder goes.
  await removeDataFolder(imagesDir(dataDir));
  await db().delete(licences);
  await db().delete(images);
});

describe("at most 10 licences, checked on the server", () => {
  it("adds up to 10; the 11th adds nothing", async () => {
    await fill(10);
    expect(await link(11)).toBeNull();
    expect(await countLicences(db())).toBe(10);
  });

  it("9 licences and 3 adds at the same moment (each on its own connection): exactly one goes in", async () => {
    await fill(9);
    const results = await allAtOnce(3, () => Promise.all([link(101), link(102), link(103)]));
    expect(results.filter((id) => id !== null)).toHaveLength(1);
    expect(await countLicences(db())).toBe(10);
    expect(await positions()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("14 adds at the same moment on an empty list: exactly 10, each in its own place", async () => {
    // Four at a time reach the table (six connections: two are the test's).
    const results = await allAtOnce(4, () => Promise.all(Array.from({ length: 14 }, (_, i) => link(200 + i))));
    expect(results.filter((id) => id !== null)).toHaveLength(10);
    expect(await countLicences(db())).toBe(10);
    expect(await positions()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("9 licences and 2 uploaded images added at the same moment: one goes in, the other's stored image (row and files) is removed", async () => {
    await fill(9);
    const [first, second] = [await png(), await png(700, 900)];
    const results = await allAtOnce(2, () => Promise.all([addUploadedLicence(db(), storage, first, "الأول"), addUploadedLicence(db(), storage, second, "الثاني")]));
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(await countLicences(db())).toBe(10);
    // Only the added licence's image is left: its row and its variants.
    expect(await imageRows()).toBe(1);
    expect(await storedFiles()).toEqual(await filesOfTheImage());
    const [kept] = await db().select().from(images);
    expect((await listLicences(db())).at(-1)?.image?.id).toBe(kept!.id);
  });

  it("9 licences and 2 uploads posted together: one is added, the other refused with the firm's message, nothing of it left", async () => {
    await fill(9);
    const [a, b] = await Promise.all([upload({ alt: "الأول", file: { bytes: await png() } }), upload({ alt: "الثاني", file: { bytes: await png(700, 900) } })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.reply.error).toEqual({ "": [LICENCE_MESSAGES.limitReached] });
    expect(refused.reply.initialValue).toEqual({ alt: refused === a ? "الأول" : "الثاني" });
    expect(await countLicences(db())).toBe(10);
    expect(await imageRows()).toBe(1);
    expect(await storedFiles()).toEqual(await filesOfTheImage());
  });

  it("an upload at 10 is refused before its image is stored, its description given back", async () => {
    await fill(10);
    const { status, reply } = await upload({ alt: "زائد", file: { bytes: await png() } });
    expect(status).toBe(409);
    expect(reply.error).toEqual({ "": [LICENCE_MESSAGES.limitReached] });
    expect(reply.initialValue).toEqual({ alt: "زائد" });
    expect(await imageRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("an upload refused by the add (the list filled since the first check) leaves nothing behind", async () => {
    await fill(10);
    expect(await addUploadedLicence(db(), storage, await png(), "متأخر")).toEqual({ ok: false });
    expect(await imageRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("an add by link at 10 is refused with the firm's message, the typed values given back", async () => {
    await fill(10);
    const { status, reply } = await post({ intent: "link", url: "https://example.sa/x.png", alt: "زائد" });
    expect(status).toBe(409);
    expect(reply?.error).toEqual({ "": [LICENCE_MESSAGES.limitReached] });
    expect(reply?.initialValue).toMatchObject({ url: "https://example.sa/x.png", alt: "زائد" });
    expect(await countLicences(db())).toBe(10);
  });

  it("the page says how many more may be added, the words agreeing with the number", () => {
    expect([10, 9, 8, 7, 0].map(remainingLicencesText)).toEqual([
      "لا يمكن إضافة تراخيص أخرى",
      "يمكنك إضافة ترخيص واحد آخر",
      "يمكنك إضافة ترخيصين آخرين",
      "يمكنك إضافة ٣ تراخيص أخرى",
      "يمكنك إضافة ١٠ تراخيص أخرى",
    ]);
    expect([0, 1, 2, 4, 10, 11].map(licenceCountText)).toEqual(["لا توجد تراخيص", "ترخيص واحد", "ترخيصان", "٤ تراخيص", "١٠ تراخيص", "١١ ترخيصًا"]);
  });
});

describe("image links: https only", () => {
  it.each([
    ["http://example.sa/a.png", LICENCE_MESSAGES.urlNotHttps],
    ["javascript:alert(1)", LICENCE_MESSAGES.urlNotHttps],
    ["JavaScript:alert(document.cookie)//https://x", LICENCE_MESSAGES.urlNotHttps],
    ["data:image/png;base64,iVBORw0KGgo=", LICENCE_MESSAGES.urlNotHttps],
    ["ftp://example.sa/a.png", LICENCE_MESSAGES.urlNotHttps],
    ["https://user:secret@example.sa/a.png", LICENCE_MESSAGES.urlCredentials],
    ["https://user@example.sa/a.png", LICENCE_MESSAGES.urlCredentials],
    ["//example.sa/a.png", LICENCE_MESSAGES.urlInvalid],
    ["example.sa/a.png", LICENCE_MESSAGES.urlInvalid],
    ["https://", LICENCE_MESSAGES.urlInvalid],
    [`https://example.sa/${"a".repeat(LICENCE_LIMITS.url)}.png`, LICENCE_MESSAGES.urlTooLong],
  ])("refuses %s", (url, error) => {
    expect(checkLicenceUrl(url)).toEqual({ ok: false, error });
  });

  it("keeps a full https address, normalised", () => {
    expect(checkLicenceUrl("  https://Example.SA/رخصة فال.png?size=2 ")).toEqual({ ok: true, url: "https://example.sa/%D8%B1%D8%AE%D8%B5%D8%A9%20%D9%81%D8%A7%D9%84.png?size=2" });
  });

  it("the link form: both link and description required (one message above the form); a bad link under its field", () => {
    const parse = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return outcome(parseSubmission(form, licenceLinkSchema));
    };
    expect(parse({ url: "", alt: "" }).error).toEqual({ "": [LICENCE_MESSAGES.linkRequired] });
    expect(parse({ url: "https://example.sa/a.png", alt: "   " }).error).toEqual({ "": [LICENCE_MESSAGES.linkRequired] });
    expect(parse({ alt: "رخصة" }).error).toEqual({ "": [LICENCE_MESSAGES.linkRequired] });
    expect(parse({ url: "http://example.sa/a.png", alt: "رخصة" }).error).toEqual({ url: [LICENCE_MESSAGES.urlNotHttps] });
    expect(parse({ url: "https://example.sa/a.png", alt: "ر".repeat(LICENCE_LIMITS.alt + 1) }).error).toEqual({ alt: [LICENCE_MESSAGES.altTooLong] });
    expect(parse({ url: "https://example.sa/a.png", alt: " \u202Eرخصة " }).value).toEqual({ url: "https://example.sa/a.png", alt: "رخصة" });
  });

  it("a refused link stores nothing; an accepted one goes last and the form is cleared", async () => {
    await link(1);
    const refused = await post({ intent: "link", url: "javascript:alert(1)", alt: "رخصة" });
    expect(refused.status).toBe(400);
    expect(refused.reply?.error).toEqual({ url: [LICENCE_MESSAGES.urlNotHttps] });
    expect(await countLicences(db())).toBe(1);
    const added = await post({ intent: "link", url: "https://example.sa/fal.png", alt: "رخصة فال" });
    expect(added.reply).toMatchObject({ status: "success", initialValue: null });
    expect((await listLicences(db())).at(-1)).toMatchObject({ alt: "رخصة فال", url: "https://example.sa/fal.png", image: null });
  });
});

describe("adding by upload", () => {
  it("stores the image through the pipeline and adds the licence last", async () => {
    await link(1);
    const { status, reply } = await upload({ alt: " السجل التجاري ", file: { bytes: await png(900, 1200) } });
    expect(status).toBe(200);
    expect(reply).toMatchObject({ status: "success", initialValue: null });
    const files = await storedFiles(); // once the 680-px variant and AVIF that follow the upload are written
    const added = (await listLicences(db())).at(-1)!;
    expect(added).toMatchObject({ alt: "السجل التجاري", url: null, image: { width: 900, height: 1200, variants: [400, 680, 800, 900] } });
    expect(files.filter((file) => file.endsWith(".webp"))).toEqual([400, 680, 800, 900].map((w) => `${added.image!.id}-${w}.webp`).sort());
    expect(files).toEqual(await filesOfTheImage());
  });

  it("asks for both the image and the description, storing nothing", async () => {
    for (const missing of [{ alt: "", file: { bytes: await png() } }, { alt: "رخصة", file: null }, { alt: "رخصة", file: { bytes: new Uint8Array(), name: "" } }, {}]) {
      const { status, reply } = await upload(missing);
      expect(status).toBe(400);
      expect(reply.error).toEqual({ "": [LICENCE_MESSAGES.uploadRequired] });
    }
    expect(await imageRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a plain form post (no file at all) is asked for the image, its description given back", async () => {
    const request = new Request("https://aqar.example.sa/admin/licenses/upload", { method: "POST", body: new URLSearchParams({ alt: "رخصة" }) });
    const response = await handleLicenceUpload(services(), manager, request, uploadBody);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { "": [LICENCE_MESSAGES.uploadRequired] }, initialValue: { alt: "رخصة" } });
  });

  it("refuses a file over 10 MB as it streams in (the rest is not read), under the image field; exactly 10 MB passes the size check", async () => {
    const big = new Uint8Array(LICENCE_LIMITS.maxBytes + 1);
    const { status, reply } = await upload({ alt: "كبير", file: { bytes: big } });
    expect(status).toBe(413);
    expect(reply.error).toEqual({ image: [LICENCE_MESSAGES.tooLarge] });
    expect(reply.initialValue).toEqual({ alt: "كبير" });
    // 10 MB exactly is read whole (and then refused as no image: zeros).
    const edge = await upload({ alt: "حد", file: { bytes: new Uint8Array(LICENCE_LIMITS.maxBytes) } });
    expect(edge.reply.error).toEqual({ "": [LICENCE_MESSAGES.uploadFailed(LICENCE_REASONS.unreadable)] });
    expect(await imageRows()).toBe(0);
  });

  it("refuses a NUL character in the description with 400, storing nothing", async () => {
    const refused = await upload({ alt: "رخصة\0فال", file: { bytes: await png() } });
    expect(refused.status).toBe(400);
    expect(await imageRows()).toBe(0);
  });

  it("refuses a body the request handler cut at the path's limit", async () => {
    expect(bodyLimitFor("/admin/licenses/upload")).toBe(LICENCE_UPLOAD_BODY_LIMIT);
    expect(LICENCE_UPLOAD_BODY_LIMIT).toBeGreaterThan(LICENCE_LIMITS.maxBytes);
    const response = await handleLicenceUpload(services(), manager, uploadRequest({ alt: "رخصة", file: { bytes: await png() } }), { ...uploadBody, tooLarge: true });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { image: [LICENCE_MESSAGES.tooLarge] } });
  });

  it("the browser's check says the same before sending", () => {
    const form = new FormData();
    form.append("image", new File([new Uint8Array(LICENCE_LIMITS.maxBytes + 1)], "big.png", { type: "image/png" }));
    form.append("alt", "كبير");
    expect(outcome(parseSubmission(form, licenceUploadSchema)).error).toEqual({ image: [LICENCE_MESSAGES.tooLarge] });
  });

  it("a file that is not an image: 'فشل رفع الصورة: {reason}', nothing stored", async () => {
    const { status, reply } = await upload({ alt: "رخصة", file: { bytes: new TextEncoder().encode("<html>not an image</html>"), name: "licence.png" } });
    expect(status).toBe(400);
    expect(reply.error).toEqual({ "": [`فشل رفع الصورة: ${LICENCE_REASONS.unreadable}`] });
    expect(await imageRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a post from another site, and anything but POST", async () => {
    const cross = await handleLicenceUpload(
      services(),
      manager,
      uploadRequest({ alt: "رخصة", file: { bytes: await png() }, headers: { Origin: "https://evil.example" } }),
      uploadBody,
    );
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ error: { "": [MESSAGES.crossSiteRefused] } });
    const get = await handleLicenceUpload(services(), manager, new Request("https://aqar.example.sa/admin/licenses/upload"), uploadBody);
    expect(get.status).toBe(405);
    expect(await countLicences(db())).toBe(0);
  });
});

describe("deleting", () => {
  it("removes the licence, its image row and its files; the others are renumbered", async () => {
    await link(1);
    const uploaded = await addUploadedLicence(db(), storage, await png(), "مرفوع");
    await link(3);
    expect(uploaded.ok).toBe(true);
    expect(await storedFiles()).toEqual(await filesOfTheImage());
    const { status, response } = await post({ intent: "delete", id: String(uploaded.ok && uploaded.id) });
    expect(status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/admin/licenses");
    expect(response?.headers.get("Set-Cookie")).toContain("toast");
    expect((await listLicences(db())).map((l) => l.alt)).toEqual(["ترخيص 1", "ترخيص 3"]);
    expect(await positions()).toEqual([0, 1]);
    expect(await imageRows()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a link licence goes without touching any image; an unknown one is said gone", async () => {
    const id = (await link(1))!;
    await addUploadedLicence(db(), storage, await png(), "مرفوع");
    expect(await deleteLicence(db(), storage, id)).toBe(true);
    expect(await imageRows()).toBe(1);
    expect(await storedFiles()).toEqual(await filesOfTheImage());
    const gone = await post({ intent: "delete", id: String(id) });
    expect(gone.status).toBe(404);
    expect(gone.reply?.error).toEqual({ "": [LICENCE_MESSAGES.gone] });
    expect((await post({ intent: "delete", id: "abc" })).reply?.error).toEqual({ "": [LICENCE_MESSAGES.deleteFailed] });
  });

  it("the public page no longer lists it at once (nothing caches licences)", async () => {
    const id = (await link(1))!;
    await link(2);
    const publicList = async () => (await publicLoader({ context: publicContext() } as never)).licences.map((l) => l.alt);
    expect(await publicList()).toEqual(["ترخيص 1", "ترخيص 2"]);
    await deleteLicence(db(), storage, id);
    expect(await publicList()).toEqual(["ترخيص 2"]);
    await post({ intent: "link", url: "https://example.sa/new.png", alt: "جديد" });
    expect(await publicList()).toEqual(["ترخيص 2", "جديد"]);
  });
});

describe("reordering", () => {
  it("saves the new order, positions renumbered 0…n-1", async () => {
    const [a, b, c] = [(await link(1))!, (await link(2))!, (await link(3))!];
    const { reply } = await post({ intent: "reorder", order: [c, a, b].join(",") });
    expect(reply?.status).toBe("success");
    expect((await listLicences(db())).map((l) => l.id)).toEqual([c, a, b]);
    expect(await positions()).toEqual([0, 1, 2]);
  });

  it("skips a licence deleted meanwhile and keeps one added meanwhile last", async () => {
    const [a, b, c] = [(await link(1))!, (await link(2))!, (await link(3))!];
    await deleteLicence(db(), storage, b);
    const d = (await link(4))!;
    expect(await reorderLicences(db(), [c, b, a])).toEqual([c, a, d]);
    expect((await listLicences(db())).map((l) => l.id)).toEqual([c, a, d]);
    expect(await positions()).toEqual([0, 1, 2]);
  });

  it("refuses an order naming a licence twice, or that is not a list of ids", async () => {
    const [a, b] = [(await link(1))!, (await link(2))!];
    for (const order of [`${a},${a},${b}`, "1,x", "", "-1", "1e3"]) {
      const { status, reply } = await post({ intent: "reorder", order });
      expect(status, order).toBe(400);
      expect(reply?.error).toEqual({ "": [LICENCE_MESSAGES.orderFailed] });
    }
    expect((await listLicences(db())).map((l) => l.id)).toEqual([a, b]);
  });

  it("concurrent reorders and adds leave distinct positions", async () => {
    const ids = [(await link(1))!, (await link(2))!, (await link(3))!];
    await Promise.all([reorderLicences(db(), [...ids].reverse()), link(4), reorderLicences(db(), [ids[1]!, ids[0]!, ids[2]!]), link(5)]);
    const rows = await positions();
    expect(new Set(rows).size).toBe(5);
    expect(await countLicences(db())).toBe(5);
  });
});

describe("editing a description in place", () => {
  it("saves the trimmed text; an empty or too long one is refused; an unknown licence is said gone", async () => {
    const id = (await link(1))!;
    expect((await post({ intent: "alt", id: String(id), alt: "  رخصة فال المحدثة \u202E" })).reply?.status).toBe("success");
    expect((await listLicences(db()))[0]!.alt).toBe("رخصة فال المحدثة");
    expect((await post({ intent: "alt", id: String(id), alt: "  " })).reply?.error).toEqual({ alt: [LICENCE_MESSAGES.altRequired] });
    expect((await post({ intent: "alt", id: String(id), alt: "ر".repeat(LICENCE_LIMITS.alt + 1) })).reply?.error).toEqual({ alt: [LICENCE_MESSAGES.altTooLong] });
    const gone = await post({ intent: "alt", id: "999999", alt: "أي وصف" });
    expect(gone.status).toBe(404);
    expect(gone.reply?.error).toEqual({ "": [LICENCE_MESSAGES.gone] });
    expect(await renameLicence(db(), 999999, "x")).toBe(false);
    expect((await listLicences(db()))[0]!.alt).toBe("رخصة فال المحدثة");
  });

  it("an unknown intent is a bad request", async () => {
    expect((await post({ intent: "probe" })).reply?.error).toEqual({ "": [MESSAGES.badRequest] });
  });
});

// ---- The routes: the manager's alone, in every loader and action (not only the guard's path check) ----

function publicContext() {
  const context = new RouterContextProvider();
  context.set(servicesContext, services());
  return context;
}

function adminContext(user: StaffProfile, servicesGiven: Partial<AppServices>) {
  const context = new RouterContextProvider();
  context.set(servicesContext, servicesGiven as AppServices);
  context.set(staffUserContext, user);
  return context;
}

/** A database no refused request may reach. */
const untouchableDb = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the database was used (${String(property)}) before the section check`);
    },
  },
) as AppServices["db"];

async function answer(fn: (args: never) => Promise<unknown>, request: Request, context: RouterContextProvider): Promise<unknown> {
  try {
    return await fn({ request, context, params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("the audit log", () => {
  it("keeps every licence added (by link or upload) and deleted: which, who and when", async () => {
    await db().delete(auditLog);
    const linked = await post({ intent: "link", url: "https://example.sa/audit.png", alt: "رخصة فال للتدقيق" });
    expect(linked.status).toBe(200);
    const uploaded = await upload({ alt: "السجل التجاري للتدقيق", file: { bytes: await png() } });
    expect(uploaded.status).toBe(200);
    const [byLink] = await db().select({ id: licences.id }).from(licences).where(eq(licences.alt, "رخصة فال للتدقيق"));
    await post({ intent: "delete", id: String(byLink!.id) });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entity, "licence")).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorId, e.actorName, e.details])).toEqual([
      ["licence-added", manager.id, "عضو", { alt: "رخصة فال للتدقيق", kind: "link" }],
      ["licence-added", manager.id, "عضو", { alt: "السجل التجاري للتدقيق", kind: "upload" }],
      ["licence-deleted", manager.id, "عضو", { alt: "رخصة فال للتدقيق", kind: "link" }],
    ]);
    expect(entries[2]!.entityId).toBe(byLink!.id);
    // A refused addition (the limit reached) leaves nothing.
    while ((await countLicences(db())) < LICENCE_LIMITS.max) await link(900 + (await countLicences(db())));
    await db().delete(auditLog);
    await post({ intent: "link", url: "https://example.sa/over.png", alt: "زائد" });
    expect(await db().select().from(auditLog)).toEqual([]);
  });
});

describe("the licences page is the manager's alone", () => {
  it("an accountant or an employee is sent to /admin from the page, its posts and the upload, before anything is read", async () => {
    await link(1);
    for (const role of ["accountant", "staff"] as const) {
      const context = adminContext(member(role, 2), { db: untouchableDb, env });
      const results = [
        await answer(pageLoader, new Request("https://aqar.example.sa/admin/licenses"), context),
        await answer(
          pageAction,
          new Request("https://aqar.example.sa/admin/licenses", { method: "POST", body: new URLSearchParams({ intent: "link", url: "https://example.sa/x.png", alt: "دخيل" }) }),
          context,
        ),
        await answer(uploadAction, uploadRequest({ alt: "دخيل", file: { bytes: await png() } }), context),
      ];
      for (const result of results) {
        expect(result).toBeInstanceOf(Response);
        expect((result as Response).status).toBe(302);
        expect((result as Response).headers.get("Location")).toBe("/admin");
      }
    }
    expect(await countLicences(db())).toBe(1);
  });

  it("the manager sees the list and its count", async () => {
    await link(1);
    await link(2);
    const loaded = await answer(pageLoader, new Request("https://aqar.example.sa/admin/licenses"), adminContext(manager, { db: db(), env }));
    expect(loaded).toEqual(await listAdminLicences(db()));
    expect((loaded as Awaited<ReturnType<typeof listAdminLicences>>).count).toBe(2);
  });
});
