import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { viewings } from "~/db/schema.ts";
import type { ClientChoice } from "~/modules/clients/index.ts";
import { createInquiry } from "~/modules/inquiries/inquiries.server.ts";
import { createSmsSender } from "~/modules/messaging/sms.server.ts";
import type { OfferChoice } from "~/modules/offers/index.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleViewingPost } from "./viewing-action.server.ts";
import { VIEWING_MESSAGES } from "./viewing-labels.ts";
import { loadBookingForm } from "./viewing-pages.server.ts";
import { answerViewingClients, answerViewingOffers } from "./viewing-pickers.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const sms = createSmsSender({ SMS_TRANSPORT: "outbox", DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "viewing-pickers-test-")) });
const services = () => ({ db: db(), env, sms });
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

let office: Office;
let villa: { id: number };
let saad: { id: number };

beforeAll(async () => {
  office = await createOffice(db());
  villa = await createOffer(db(), { title: "فيلا مكة الفاخرة", city: "جدة", location: "الشاطئ" });
  const inquiry = await createInquiry(db(), { name: "سعد العتيبي", phone: "+966501239876", email: "", message: "", propertyId: villa.id, propertyTitle: "" });
  saad = { id: inquiry.clientId! };
});

type Answer<T> = { status: number; body: { choices?: T[]; error?: string } };
const ask = async <T>(answer: typeof answerViewingOffers, user: StaffProfile, q: string): Promise<Answer<T>> => {
  const response = await answer(services(), user, new URL(`https://aqar.example.sa/admin/viewings/x?q=${encodeURIComponent(q)}`));
  return { status: response.status, body: (await response.json()) as Answer<T>["body"] };
};
const offersFor = (q: string, user = office.employee) => ask<OfferChoice>(answerViewingOffers, user, q);
const clientsFor = (q: string, user = office.employee) => ask<ClientChoice>(answerViewingClients, user, q);

describe("the scheduling form's pickers", () => {
  it("answer whoever may book a viewing (the manager, an employee) and refuse the accountant (403)", async () => {
    for (const search of [offersFor, clientsFor]) {
      expect(await search("", office.accountant)).toEqual({ status: 403, body: { error: VIEWING_MESSAGES.bookingDenied } });
      expect((await search("", office.manager)).status).toBe(200);
      expect((await search("", office.employee)).status).toBe(200);
    }
  });

  it("find offers by title or place, Arabic-aware, and by number first (12, #12, ١٢)", async () => {
    expect((await offersFor("مكه")).body.choices!.map((offer) => offer.label)).toEqual(["فيلا مكة الفاخرة"]);
    expect((await offersFor("الشاطئ")).body.choices!.map((offer) => offer.id)).toEqual([villa.id]);
    for (const q of [String(villa.id), `#${villa.id}`, arabicDigits(`#${villa.id}`)]) {
      expect((await offersFor(q)).body.choices![0]).toEqual({ id: villa.id, label: "فيلا مكة الفاخرة", city: "جدة", location: "الشاطئ" });
    }
  });

  it("find clients by name, by a phone typed any way (whole or a part), and by number", async () => {
    const expected = { id: saad.id, label: "سعد العتيبي", phone: "050 123 9876" };
    for (const q of ["العتيبي", "٠٥٠ ١٢٣ ٩٨٧٦", "+966 50 123 9876", "9876", "١٢٣٩٨٧", `#${saad.id}`, arabicDigits(String(saad.id))]) {
      expect((await clientsFor(q)).body.choices, q).toContainEqual(expected);
    }
    expect((await clientsFor("عميل لا وجود له")).body.choices).toEqual([]);
  });

  it("list at most 20, and reach the 501st client and offer the old lists cut off", async () => {
    await db().execute(sql`insert into clients (name, last_activity_at) select 'عميلة رقم ' || n, now() - n * interval '1 minute' from generate_series(1, 520) n`);
    for (let i = 0; i < 22; i += 1) await createOffer(db(), { title: `شقة للبيع رقم ${i}` });
    expect((await clientsFor("عميلة رقم")).body.choices).toHaveLength(20);
    expect((await clientsFor("")).body.choices).toHaveLength(20);
    expect((await offersFor("شقة للبيع")).body.choices).toHaveLength(20);
    // The least recently active of 520: the 500 most active the old select listed did not hold her.
    expect((await clientsFor("عميلة رقم 520")).body.choices!.map((client) => client.label)).toEqual(["عميلة رقم 520"]);
  });
});

describe("booking with the pickers", () => {
  const book = async (fields: Record<string, string>) =>
    readAnswer(
      await handleViewingPost(
        services(),
        office.manager,
        formData({ intent: "book", staffId: String(office.employee.id), day: "2099-03-04", time: "17:00", minutes: "60", ...fields }),
        "/admin/viewings",
      ),
      env,
    );

  it("takes the picked numbers, or the numbers typed without JavaScript (#12, ١٢)", async () => {
    const answer = await book({ offerId: arabicDigits(`#${villa.id}`), clientId: arabicDigits(String(saad.id)) });
    expect(answer).toMatchObject({ status: 302, toast: { text: VIEWING_MESSAGES.booked } });
    expect(await db().select({ offerId: viewings.offerId }).from(viewings).where(eq(viewings.clientId, saad.id))).toEqual([{ offerId: villa.id }]);
  });

  it("refuses an offer or client that does not exist, under its field, keeping what was typed and booking nothing", async () => {
    const before = (await db().select().from(viewings)).length;
    const unknownOffer = await book({ offerId: "#999999", clientId: String(saad.id), time: "18:00" });
    expect(unknownOffer).toMatchObject({ status: 409, errors: { offerId: [VIEWING_MESSAGES.offerUnknown] }, initialValue: { offerId: "#999999" } });
    const unknownClient = await book({ offerId: String(villa.id), clientId: "٩٩٩٩٩٩", time: "18:00" });
    expect(unknownClient).toMatchObject({ status: 409, errors: { clientId: [VIEWING_MESSAGES.clientUnknown] }, initialValue: { clientId: "٩٩٩٩٩٩" } });
    // A name typed and not picked from the list: said under the field before anything is looked up.
    const typedName = await book({ offerId: "فيلا مكة", clientId: "سعد", time: "18:00" });
    expect(typedName).toMatchObject({
      status: 400,
      errors: { offerId: [VIEWING_MESSAGES.offerUnknown], clientId: [VIEWING_MESSAGES.clientUnknown] },
      initialValue: { offerId: "فيلا مكة", clientId: "سعد" },
    });
    expect(await book({ offerId: "", clientId: "", time: "18:00" })).toMatchObject({
      errors: { offerId: [VIEWING_MESSAGES.offerRequired], clientId: [VIEWING_MESSAGES.clientRequired] },
    });
    expect((await db().select().from(viewings)).length).toBe(before);
  });

  it("opens prefilled with the offer and client shown as picked", async () => {
    const form = await loadBookingForm(db(), office.employee, new URL(`https://aqar.example.sa/admin/viewings/new?client=${saad.id}`));
    expect(form.picked).toEqual({ offer: null, client: { id: saad.id, label: "سعد العتيبي", phone: "050 123 9876" } });
    expect(form).not.toHaveProperty("clients");
    expect(form).not.toHaveProperty("offers");
  });
});
