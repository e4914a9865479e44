import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { viewings } from "~/db/schema.ts";
import { checkFormRate } from "~/modules/form-guard/form-guard.server.ts";
import { HONEYPOT_FIELD } from "~/modules/form-guard/honeypot.ts";
import { hitRateLimit, PUBLIC_FORM_LIMIT } from "~/modules/form-guard/rate-limit.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { formData } from "../../../tests/factories/form-data.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { handleViewingRequest, viewingSlotChoices } from "./viewing-request-action.server.ts";

const db = useTestDatabase();
let address = 0;
const nextAddress = () => `10.9.0.${++address}`;
type Reply = { data: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

describe("a visitor's request for a viewing, as posted from the offer page", () => {
  it("has the inquiry form's checks: no bot check refused, a honeypot quietly ignored, a slot the firm does not open refused; what was typed comes back", async () => {
    const offer = await createOffer(db());
    const [firstDay] = await viewingSlotChoices({ db: db() });
    const slot = firstDay!.slots[0]!.value;
    const fields = { intent: "viewing", name: "ريم", phone: "0501239876", slot };

    const noProof = (await handleViewingRequest({ db: db() }, nextAddress(), offer.id, formData(fields))) as unknown as Reply;
    expect(noProof.data.error?.[""]).toEqual([MESSAGES.botCheckFailed]);
    expect(noProof.data.initialValue).toMatchObject({ name: "ريم", phone: "0501239876" });

    const bot = (await handleViewingRequest(
      { db: db() },
      nextAddress(),
      offer.id,
      formData({ ...fields, [HONEYPOT_FIELD]: "spam", altcha: await solvedProof(db()) }),
    )) as unknown as Reply;
    expect(bot.data.status).toBe("success");

    const closed = (await handleViewingRequest(
      { db: db() },
      nextAddress(),
      offer.id,
      formData({ ...fields, slot: new Date(Date.parse(slot) + 30 * 60_000).toISOString(), altcha: await solvedProof(db()) }),
    )) as unknown as Reply;
    expect(closed.data.error?.slot).toEqual(["هذا الموعد لم يعد متاحًا، يرجى اختيار موعد آخر"]);
    expect(await db().$count(viewings, eq(viewings.offerId, offer.id))).toBe(0);

    const asked = (await handleViewingRequest({ db: db() }, nextAddress(), offer.id, formData({ ...fields, altcha: await solvedProof(db()) }))) as unknown as Reply;
    expect(asked.data.status).toBe("success");
    const [row] = await db().select().from(viewings).where(eq(viewings.offerId, offer.id));
    expect(row).toMatchObject({ status: "requested" });
    expect(row!.startsAt.toISOString()).toBe(slot);
  });

  it("counts in its own rate-limit bucket: a visitor past the inquiry limit may still ask for a viewing, and past the viewing limit may still inquire", async () => {
    const offer = await createOffer(db());
    const [firstDay] = await viewingSlotChoices({ db: db() });
    const ask = async (from: string, slotIndex: number) =>
      (await handleViewingRequest(
        { db: db() },
        from,
        offer.id,
        formData({ intent: "viewing", name: "ريم", phone: "0501239876", slot: firstDay!.slots[slotIndex % firstDay!.slots.length]!.value, altcha: await solvedProof(db()) }),
      )) as unknown as Reply & { init?: { status?: number; headers?: HeadersInit } };

    const inquirer = nextAddress();
    for (let i = 0; i <= PUBLIC_FORM_LIMIT.limit; i++) await hitRateLimit(db(), { scope: "inquiry", address: inquirer });
    expect((await checkFormRate(db(), "inquiry", inquirer)).ok).toBe(false);
    expect((await ask(inquirer, 0)).data.status).toBe("success");

    const asker = nextAddress();
    for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i++) await hitRateLimit(db(), { scope: "viewing-request", address: asker });
    const refused = await ask(asker, 1);
    expect(refused.init?.status).toBe(429);
    expect(refused.data.error?.[""]).toEqual([MESSAGES.tooManyRequests]);
    expect(refused.data.initialValue).toMatchObject({ name: "ريم", phone: "0501239876" });
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect((await checkFormRate(db(), "inquiry", asker)).ok).toBe(true);
  });

  it("lists the next 14 days' open times in Arabic, each still to come", async () => {
    const days = await viewingSlotChoices({ db: db() }, new Date("2026-12-02T07:00:00Z"));
    // Sunday to Thursday, 16:00 to 21:00 in one-hour slots (the default): Wednesday 2 Dec is the first.
    expect(days[0]).toMatchObject({ day: "2026-12-02", label: "الأربعاء ٢ ديسمبر" });
    expect(days[0]!.slots.map((s) => s.label)).toEqual(["٤:٠٠ م", "٥:٠٠ م", "٦:٠٠ م", "٧:٠٠ م", "٨:٠٠ م"]);
    expect(days[0]!.slots[0]!.value).toBe("2026-12-02T13:00:00.000Z");
    expect(days.map((d) => d.day)).toEqual([
      "2026-12-02",
      "2026-12-03",
      "2026-12-06",
      "2026-12-07",
      "2026-12-08",
      "2026-12-09",
      "2026-12-10",
      "2026-12-13",
      "2026-12-14",
      "2026-12-15",
    ]);
  });
});
