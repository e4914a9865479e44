import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { requireAdLicence } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { getOfferPage, listOfferSitemapEntries, listOffers, searchOffers } from "./offers.server.ts";

const db = useTestDatabase();

/** Where a visitor can find an offer: the list, the search, the sitemap and its page. */
async function publicPlaces(id: number, keyword: string) {
  const [list, search, sitemap, page] = await Promise.all([
    listOffers(db(), { page: 1 }, 100),
    searchOffers(db(), keyword, 100),
    listOfferSitemapEntries(db()),
    getOfferPage(db(), id),
  ]);
  return {
    list: list.offers.some((o) => o.id === id),
    search: search.some((o) => o.id === id),
    sitemap: sitemap.some((o) => o.id === id),
    page: page?.kind ?? "not-found",
  };
}

const everywhere = { list: true, search: true, sitemap: true, page: "offer" };
const nowhere = (page: string) => ({ list: false, search: false, sitemap: false, page });

afterEach(() => requireAdLicence(db(), true));

describe("the ad licence on public pages (decision 017)", () => {
  it("takes an offer off every public place at the moment its licence ends, checked by the query itself", async () => {
    await requireAdLicence(db(), false); // the end of a licence counts even when the rule is off
    const offer = await createOffer(db(), { title: "شقة ينتهي ترخيصها الآن" });
    await db()
      .update(offers)
      .set({ adLicenceEndsAt: sql`now() + interval '1200 milliseconds'` })
      .where(eq(offers.id, offer.id));
    expect(await publicPlaces(offer.id, "ينتهي ترخيصها")).toEqual(everywhere);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await publicPlaces(offer.id, "ينتهي ترخيصها")).toEqual(nowhere("licence-ended"));
  });

  it("hides a for-sale or for-rent offer without a licence while the settings require one, and only then", async () => {
    const unlicensed = await createOffer(db(), { title: "فيلا بلا ترخيص", adLicenceNumber: "", adLicenceEndsAt: null, adLicenceExpiresOn: null });
    const rent = await createOffer(db(), { title: "شقة إيجار بلا ترخيص", status: "للإيجار", adLicenceNumber: "", adLicenceEndsAt: null, adLicenceExpiresOn: null });
    const sold = await createOffer(db(), { title: "أرض مباعة بلا ترخيص", status: "مباع", adLicenceNumber: "", adLicenceEndsAt: null, adLicenceExpiresOn: null });
    await requireAdLicence(db(), true);
    expect(await publicPlaces(unlicensed.id, "فيلا بلا ترخيص")).toEqual(nowhere("not-found"));
    expect(await publicPlaces(rent.id, "شقة إيجار بلا ترخيص")).toEqual(nowhere("not-found"));
    // Not an advertisement, so no licence is asked of it; sold, it is only in «تم بيعها أو تأجيرها مؤخرًا» and on its own page (decision 027).
    expect(await publicPlaces(sold.id, "أرض مباعة")).toEqual(nowhere("offer"));
    await requireAdLicence(db(), false);
    expect(await publicPlaces(unlicensed.id, "فيلا بلا ترخيص")).toEqual(everywhere);
  });

  it("skips hidden offers when linking an offer page to its neighbours", async () => {
    await requireAdLicence(db(), true);
    const base = Date.UTC(2030, 0, 1);
    const newer = await createOffer(db(), { createdAt: new Date(base + 2000) });
    const hidden = await createOffer(db(), { createdAt: new Date(base + 1000), adLicenceEndsAt: new Date(Date.now() - 1000) });
    const older = await createOffer(db(), { createdAt: new Date(base) });
    const page = await getOfferPage(db(), older.id);
    expect(page?.kind === "offer" && page.previous?.id).toBe(newer.id);
    expect((await getOfferPage(db(), hidden.id))?.kind).toBe("licence-ended");
  });
});
