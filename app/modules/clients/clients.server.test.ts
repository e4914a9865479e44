import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { clientEvents, clientPhones, clients, inquiries, submissions } from "~/db/schema.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { replyToInquiry } from "~/modules/inquiries/inbox.server.ts";
import { createSubmission } from "~/modules/submissions/submissions.server.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice } from "../../../tests/factories/office.ts";
import { testStorage } from "../../../tests/factories/storage.ts";
import { STORED_SUBMISSION } from "../../../tests/factories/submissions.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";

const db = useTestDatabase();

const inquiry = (phone: string, extra: Partial<Parameters<typeof createInquiry>[1]> = {}) =>
  createInquiry(db(), { name: "سعد", phone, email: "", message: "مهتم", propertyTitle: "", ...extra });

describe("clients recognised by their phone (decision 045)", () => {
  it("makes one client of two messages from one phone, with both on the timeline", async () => {
    const offer = await createOffer(db());
    const first = await inquiry("+966501234567", { propertyId: offer.id });
    const second = await inquiry("+966501234567", { name: "سعد العتيبي", email: "saad@example.sa" });
    const other = await inquiry("+966551234567");
    expect(first.clientId).not.toBeNull();
    expect(second.clientId).toBe(first.clientId);
    expect(other.clientId).not.toBe(first.clientId);

    const [client] = await db().select().from(clients).where(eq(clients.id, first.clientId!));
    // The first message's name stays; an e-mail given later is kept.
    expect(client).toMatchObject({ name: "سعد", email: "saad@example.sa", stage: "new", firstReplyAt: null });
    const events = await db().select().from(clientEvents).where(eq(clientEvents.clientId, first.clientId!)).orderBy(clientEvents.id);
    expect(events.map((e) => [e.kind, e.refId])).toEqual([
      ["inquiry", first.id],
      ["contact", second.id],
    ]);
  });

  it("makes one client when the same phone's first two messages arrive at once", async () => {
    const rows = await Promise.all(Array.from({ length: 6 }, () => inquiry("+966501112233")));
    expect(new Set(rows.map((r) => r.clientId)).size).toBe(1);
    expect(await db().select().from(clientPhones).where(eq(clientPhones.phone, "+966501112233"))).toHaveLength(1);
    expect(await db().$count(clientEvents, eq(clientEvents.clientId, rows[0]!.clientId!))).toBe(6);
  });

  it("joins an owner's submission to the client who asked before", async () => {
    const asked = await inquiry("+966501234567");
    const submitted = await createSubmission(
      db(),
      testStorage(fs.mkdtempSync(path.join(os.tmpdir(), "clients-test-"))),
      { ...STORED_SUBMISSION, clientPhone: "+966501234567", goal: "sale" },
      [
        {
          fileName: "a.jpg",
          bytes: await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c84" } })
            .jpeg()
            .toBuffer(),
        },
      ],
    );
    expect(submitted.clientId).toBe(asked.clientId);
    const [stored] = await db().select().from(submissions).where(eq(submissions.id, submitted.id));
    expect(stored!.clientId).toBe(asked.clientId);
  });

  it("stops the first-answer clock at the first reply only, and puts each reply on the timeline", async () => {
    const { employee, manager } = await createOffice(db());
    const asked = await inquiry("+966501234567", { email: "saad@example.sa" });
    const firstAt = new Date("2026-11-01T09:00:00Z");
    expect(await replyToInquiry({ db: db() }, employee, asked.id, "whatsapp", "أهلًا", () => firstAt)).toBeNull();
    expect(await replyToInquiry({ db: db() }, manager, asked.id, "email", "تفضل", () => new Date("2026-11-02T09:00:00Z"))).toBeNull();
    const [client] = await db().select().from(clients).where(eq(clients.id, asked.clientId!));
    expect(client!.firstReplyAt).toEqual(firstAt);
    const replies = await db().select().from(clientEvents).where(eq(clientEvents.kind, "reply")).orderBy(clientEvents.id);
    expect(replies.map((r) => [r.actorId, r.refId, r.details.method])).toEqual([
      [employee.id, asked.id, "whatsapp"],
      [manager.id, asked.id, "email"],
    ]);
  });

  it("leaves the message in place when its client is deleted", async () => {
    const asked = await inquiry("+966501234567");
    await db().delete(clients).where(eq(clients.id, asked.clientId!));
    const [stored] = await db().select().from(inquiries).where(eq(inquiries.id, asked.id));
    expect(stored).toMatchObject({ id: asked.id, clientId: null });
  });
});
