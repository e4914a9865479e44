// What the reports say is on the site and what is hidden, and the offers list each figure links to:
// the same rule as the public pages (publicOffersCondition), one reason per hidden offer.
import { beforeAll, describe, expect, it } from "vitest";
import { createOffer } from "../../../tests/factories/offers.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { listAdminOffers } from "~/modules/offer-admin/offer-admin.server.ts";
import { parseAdminOfferFilters } from "~/modules/offer-admin/admin-offer-filters.ts";
import { HIDDEN_REASONS } from "./offer-visibility.ts";
import { countOffersByVisibility, getPublicOfferTitle, listOffers } from "./offers.server.ts";

const db = useTestDatabase();
const ids: Record<string, number> = {};
const past = new Date(Date.now() - 3 * 86_400_000);

beforeAll(async () => {
  const make = async (key: string, overrides: Parameters<typeof createOffer>[1]) => (ids[key] = (await createOffer(db(), { title: key, ...overrides })).id);
  await make("shown", {});
  await make("shownRent", { status: "للإيجار", rentPeriod: "yearly" });
  await make("ended", { adLicenceExpiresOn: "2026-01-01", adLicenceEndsAt: past });
  await make("unlicensed", { adLicenceNumber: "", adLicenceIssuedOn: null, adLicenceExpiresOn: null, adLicenceEndsAt: null });
  await make("sold", { status: "مباع" });
  await make("reserved", { status: "محجوز" });
  // A sold offer whose licence has also ended counts once, under its status.
  await make("soldEnded", { status: "مباع", adLicenceEndsAt: past });
  // Nobody confirmed it is still available for 60 days (decision 046); unlicensed too, it counts under its confirmation.
  await make("unconfirmed", { availableConfirmedAt: new Date(Date.now() - 60 * 86_400_000) });
  await make("unconfirmedUnlicensed", {
    availableConfirmedAt: new Date(Date.now() - 60 * 86_400_000),
    adLicenceNumber: "",
    adLicenceIssuedOn: null,
    adLicenceExpiresOn: null,
    adLicenceEndsAt: null,
  });
});

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const expected = (...keys: string[]) => keys.map((key) => ids[key]!).sort((a, b) => a - b);

describe("the offers on the site now and those hidden, by reason", () => {
  it("counts each offer once: shown, or hidden for the first reason that applies", async () => {
    const counts = await countOffersByVisibility(db());
    expect(counts).toEqual({ total: 9, shown: 2, hidden: { status: 3, "licence-ended": 1, unconfirmed: 2, "no-licence": 1 } });
    expect(counts.shown + HIDDEN_REASONS.reduce((sum, reason) => sum + counts.hidden[reason], 0)).toBe(counts.total);
  });

  it("«ظاهرة للزوار الآن» is what the public list shows", async () => {
    const publicList = await listOffers(db(), { page: 1 });
    expect((await countOffersByVisibility(db())).shown).toBe(publicList.total);
    expect(idsOf((await listAdminOffers(db(), { sort: "new", page: 1, hidden: "none" })).rows)).toEqual(idsOf(publicList.offers));
  });

  it("each figure's link lists exactly the offers it counts", async () => {
    const list = async (hidden: string) => {
      const found = await listAdminOffers(db(), parseAdminOfferFilters(new URLSearchParams({ hidden })));
      expect(found.total).toBe(found.rows.length);
      return idsOf(found.rows);
    };
    expect(await list("none")).toEqual(expected("shown", "shownRent"));
    expect(await list("status")).toEqual(expected("sold", "reserved", "soldEnded"));
    expect(await list("licence-ended")).toEqual(expected("ended"));
    expect(await list("unconfirmed")).toEqual(expected("unconfirmed", "unconfirmedUnlicensed"));
    expect(await list("no-licence")).toEqual(expected("unlicensed"));
    // Anything else is no filter.
    expect(await list("everything")).toHaveLength(9);
  });
});

describe("an offer's title named to a visitor (the contact page's prefill)", () => {
  it("is given for an offer on the site and for no hidden one", async () => {
    expect(await getPublicOfferTitle(db(), ids.shown!)).toBe("shown");
    for (const key of ["ended", "unlicensed", "sold", "reserved", "soldEnded"]) expect(await getPublicOfferTitle(db(), ids[key]!)).toBeUndefined();
    expect(await getPublicOfferTitle(db(), 999_999)).toBeUndefined();
  });
});
