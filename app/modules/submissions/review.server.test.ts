import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, stagedImages, submissions } from "~/db/schema.ts";
import { auditTrail } from "~/modules/audit/audit.server.ts";
import { imagesDir, testStorage } from "../../../tests/factories/storage.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { settings } from "~/db/schema.ts";
import { loadNewOfferForm } from "~/modules/offer-admin/offer-form-page.server.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { handleReviewAction } from "./review-action.server.ts";
import { listSubmissionCards, offerStartFromSubmission, rejectSubmission, startOfferFromSubmission } from "./review.server.ts";
import { submissionStatusView, SUBMISSION_REVIEW_MESSAGES } from "./status.ts";
import { createSubmission } from "./submissions.server.ts";

const db = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-review-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));

let manager: StaffProfile;
let jpeg: Uint8Array;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "نورة", username: "noura.t", phone: "0551110003", role: "manager" });
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a63" } })
    .jpeg()
    .toBuffer();
});

const submission = (wish: { goal: "sale" | "rent" | "management"; expectedPrice: number | null } = { goal: "rent", expectedPrice: 95_000 }) =>
  createSubmission(
    db(),
    storage,
    {
      clientName: "عبدالله",
      clientPhone: "+966551234567",
      clientEmail: "",
      propertyType: "فيلا",
      city: "الرياض",
      neighbourhood: "حطين",
      area: 450,
      description: "فيلا دورين",
      ...wish,
    },
    [
      { fileName: "a.jpg", bytes: jpeg },
      { fileName: "b.jpg", bytes: jpeg },
    ],
  );

describe("owner submissions: statuses and review", () => {
  it("badges: pending yellow, reviewed blue, rejected red, anything else raw in grey", () => {
    expect(["pending", "reviewed", "rejected", "archived"].map((s) => submissionStatusView(s))).toEqual([
      { label: "قيد المراجعة", tone: "yellow" },
      { label: "تمت المراجعة", tone: "blue" },
      { label: "مرفوض", tone: "red" },
      { label: "archived", tone: "grey" },
    ]);
  });

  it("reject sets rejected once, with an audit entry", async () => {
    const row = await submission();
    expect(await rejectSubmission(db(), manager, row.id)).toBeNull();
    expect(await rejectSubmission(db(), manager, row.id)).toBe(SUBMISSION_REVIEW_MESSAGES.notAllowed);
    expect((await auditTrail(db(), "submission", row.id)).map((e) => [e.action, e.actorName])).toEqual([["reject", "نورة"]]);
    const [card] = (await listSubmissionCards(db())).filter((c) => c.id === row.id);
    expect(card).toMatchObject({ status: "rejected", lastAction: { action: "reject", actorName: "نورة" } });
    expect(card!.photos).toHaveLength(2);
  });

  it("an offer from a submission: reviewed, and its photos copied (not moved) and waiting for the form", async () => {
    const row = await submission();
    const [before] = await listSubmissionCards(db());
    const result = await startOfferFromSubmission(db(), storage, manager, row.id);
    if (!result.ok) throw new Error(result.error);
    expect(result.photoIds).toHaveLength(2);
    expect(result.photoIds).not.toContain(before!.photos[0]!.id);
    const [after] = await db().select().from(submissions).where(eq(submissions.id, row.id));
    expect(after!.status).toBe("reviewed");
    for (const id of result.photoIds) {
      expect(await db().select().from(stagedImages).where(eq(stagedImages.imageId, id))).toHaveLength(1);
      expect(fs.existsSync(path.join(imagesDir(dataDir), `${id}-400.webp`))).toBe(true);
    }
    // The originals stay with the submission.
    const [card] = (await listSubmissionCards(db())).filter((c) => c.id === row.id);
    expect(card!.photos.map((p) => p.id)).toEqual(before!.photos.map((p) => p.id));
    expect(await db().select().from(images).where(eq(images.id, before!.photos[0]!.id))).toHaveLength(1);

    const start = await offerStartFromSubmission(db(), row.id, [...result.photoIds].reverse());
    expect(start?.submission.neighbourhood).toBe("حطين");
    expect(start?.photos.map((p) => p.id)).toEqual([...result.photoIds].reverse());
    // Only staged photos are taken: a submission's own photo id is not.
    expect((await offerStartFromSubmission(db(), row.id, [before!.photos[0]!.id]))?.photos).toEqual([]);
    expect((await auditTrail(db(), "submission", row.id)).map((e) => [e.action, e.details])).toEqual([["offer-started", { from: "pending", photos: 2 }]]);
  });

  it("the page's buttons: reject stays on the page; an offer opens the form filled; a refusal is said about the whole form, 400", async () => {
    const services = { db: db(), env: { ...parseEnv({}), DATA_DIR: dataDir }, storage };
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return handleReviewAction(services, manager, form);
    };
    const row = await submission();
    const started = await post({ intent: "offer", id: String(row.id) });
    if (!(started instanceof Response)) throw new Error(JSON.stringify(started.data));
    expect(started.status).toBe(302);
    const to = new URL(started.headers.get("location")!, "http://localhost");
    expect([to.pathname, to.searchParams.get("from"), to.searchParams.get("photos")?.split(",")]).toEqual([
      "/admin/offers/new",
      String(row.id),
      [expect.any(String), expect.any(String)],
    ]);

    const rejected = await post({ intent: "reject", id: String(row.id) });
    if (rejected instanceof Response) throw new Error("redirected");
    expect([rejected.init?.status ?? 200, rejected.data.status]).toEqual([200, "success"]);
    for (const intent of ["reject", "offer"]) {
      const refused = await post({ intent, id: String(row.id) });
      if (refused instanceof Response) throw new Error("redirected");
      expect([refused.init?.status, refused.data.error?.[""]], intent).toEqual([400, [SUBMISSION_REVIEW_MESSAGES.notAllowed]]);
    }
    for (const [fields, message] of [
      [{ intent: "reject", id: "999999" }, SUBMISSION_REVIEW_MESSAGES.notFound],
      [{ intent: "reject", id: "x" }, SUBMISSION_REVIEW_MESSAGES.notFound],
      [{ intent: "archive", id: String(row.id) }, SUBMISSION_REVIEW_MESSAGES.invalidRequest],
    ] as const) {
      const refused = await post(fields);
      if (refused instanceof Response) throw new Error("redirected");
      expect([refused.init?.status, refused.data.error?.[""]], JSON.stringify(fields)).toEqual([400, [message]]);
    }
  });

  it("the card shows what the owner wants and the price; the new offer starts from them (بيع→للبيع، تأجير→للإيجار)", async () => {
    await seedLookupDefaults(db());
    await db().insert(settings).values({ id: 1 }).onConflictDoNothing();
    const cases = [
      [{ goal: "sale", expectedPrice: 1_250_000 }, "للبيع", "1250000"],
      [{ goal: "rent", expectedPrice: 95_000 }, "للإيجار", "95000"],
      // Management leaves the form's own defaults: the firm sets the offer's status and price.
      [{ goal: "management", expectedPrice: null }, "للبيع", "0"],
    ] as const;
    for (const [wish, status, price] of cases) {
      const row = await submission(wish);
      const [card] = (await listSubmissionCards(db())).filter((c) => c.id === row.id);
      expect(card, wish.goal).toMatchObject(wish);
      const form = await loadNewOfferForm(db(), new URLSearchParams({ from: String(row.id) }));
      expect([form.initial.values.status, form.initial.values.price], wish.goal).toEqual([status, price]);
    }
  });
});
