import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { offers } from "~/db/schema.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { requireAdLicence } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { PAGE_SIZE, type OfferFilters } from "~/modules/search/filters.ts";
import { listOffers } from "~/modules/offers/offers.server.ts";
import { listMapMarkers, loadOffersMapView, MAP_MARKER_CAP } from "./offers-map.server.ts";

const db = useTestDatabase();

afterEach(() => requireAdLicence(db(), true));

/** Riyadh's centre and an area around it: 46.6-46.8 east, 24.6-24.8 north. */
const AREA = "46.6,24.6,46.8,24.8";
const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);
const filters = (more: Partial<OfferFilters> = {}): OfferFilters => ({ city: "مدينة الخريطة", page: 1, ...more });

describe("the map search's area (decision 022)", () => {
  it("finds the offers inside the area, its edges included, and none outside or without a point", async () => {
    const city = "مدينة الخريطة";
    const inside = await createOffer(db(), { city, lat: 24.7, lng: 46.7 });
    const onEdge = await createOffer(db(), { city, lat: 24.8, lng: 46.6 }); // the north-west corner
    const outside = await createOffer(db(), { city, lat: 24.81, lng: 46.7 });
    const farAway = await createOffer(db(), { city, lat: 21.5, lng: 39.2 });
    const noPoint = await createOffer(db(), { city, lat: null, lng: null });

    const inArea = await listOffers(db(), filters({ bbox: AREA }));
    expect(ids(inArea.offers)).toEqual(ids([inside, onEdge]));
    expect(inArea.total).toBe(2);
    const { markers, capped } = await listMapMarkers(db(), filters({ bbox: AREA }));
    expect(ids(markers)).toEqual(ids([inside, onEdge]));
    expect(capped).toBe(false);
    expect(markers.find((marker) => marker.id === inside.id)).toMatchObject({ lat: 24.7, lng: 46.7, title: inside.title, rentPeriod: "" });

    // Without an area: every offer with a point is on the map; the one without is counted below it.
    const view = await loadOffersMapView(db(), filters());
    expect(ids(view.list.offers)).toEqual(ids([inside, onEdge, outside, farAway]));
    expect(ids(view.markers)).toEqual(ids([inside, onEdge, outside, farAway]));
    expect(view.offMap).toMatchObject({ total: 1, totalIsLowerBound: false });
    expect(ids(view.offMap.offers)).toEqual([noPoint.id]);
    // The area narrows the list and the markers, not the offers without a point (they are in no area).
    const narrowed = await loadOffersMapView(db(), filters({ bbox: AREA }));
    expect(ids(narrowed.list.offers)).toEqual(ids([inside, onEdge]));
    expect(ids(narrowed.offMap.offers)).toEqual([noPoint.id]);
  });

  it("combines with every other filter and the keyword", async () => {
    const city = "مدينة التصفية";
    const villa = await createOffer(db(), { city, title: "فيلا الخريطة الواسعة", propertyType: "فيلا", price: 2_000_000, bedrooms: 5, area: 500, lat: 24.7, lng: 46.7 });
    const flat = await createOffer(db(), {
      city,
      title: "شقة الخريطة",
      propertyType: "شقة",
      status: "للإيجار",
      rentPeriod: "yearly",
      price: 60_000,
      bedrooms: 2,
      area: 120,
      lat: 24.71,
      lng: 46.71,
    });
    await createOffer(db(), { city: "مدينة أخرى", title: "فيلا في مدينة أخرى", propertyType: "فيلا", lat: 24.7, lng: 46.7 });
    const inCity = { city, page: 1, bbox: AREA } satisfies OfferFilters;
    const cases: [Partial<OfferFilters>, number[]][] = [
      [{}, [villa.id, flat.id]],
      [{ propertyType: "فيلا" }, [villa.id]],
      [{ status: "للإيجار" }, [flat.id]],
      [{ minPrice: 1_000_000 }, [villa.id]],
      [{ maxArea: 200 }, [flat.id]],
      [{ bedrooms: 4 }, [villa.id]],
      [{ keyword: "شقة" }, [flat.id]],
      [{ keyword: "فيلا", bbox: "39,21,40,22" }, []],
    ];
    for (const [more, expected] of cases) {
      const found = await loadOffersMapView(db(), { ...inCity, ...more });
      expect(ids(found.list.offers), JSON.stringify(more)).toEqual([...expected].sort((a, b) => a - b));
      expect(ids(found.markers), JSON.stringify(more)).toEqual([...expected].sort((a, b) => a - b));
    }
    const rent = await listMapMarkers(db(), { ...inCity, status: "للإيجار" });
    expect(rent.markers).toEqual([{ id: flat.id, lat: 24.71, lng: 46.71, label: "٦٠ ألف", rentPeriod: "yearly", title: "شقة الخريطة" }]);
  });

  it("never shows a hidden offer: an ended licence, or an unlicensed ad while the rule is on", async () => {
    const city = "مدينة الإخفاء";
    const shown = await createOffer(db(), { city, lat: 24.7, lng: 46.7 });
    await createOffer(db(), { city, lat: 24.7, lng: 46.7, adLicenceEndsAt: new Date(Date.now() - 1000) });
    const unlicensed = await createOffer(db(), { city, lat: 24.7, lng: 46.7, adLicenceNumber: "", adLicenceEndsAt: null, adLicenceExpiresOn: null });
    const unlicensedOffMap = await createOffer(db(), { city, lat: null, lng: null, adLicenceNumber: "", adLicenceEndsAt: null, adLicenceExpiresOn: null });
    await requireAdLicence(db(), true);
    let view = await loadOffersMapView(db(), { city, page: 1, bbox: AREA });
    expect(ids(view.list.offers)).toEqual([shown.id]);
    expect(ids(view.markers)).toEqual([shown.id]);
    expect(view.offMap.total).toBe(0);
    await requireAdLicence(db(), false); // the rule off: the unlicensed ads are shown, the ended licence still is not
    view = await loadOffersMapView(db(), { city, page: 1, bbox: AREA });
    expect(ids(view.markers)).toEqual(ids([shown, unlicensed]));
    expect(ids(view.offMap.offers)).toEqual([unlicensedOffMap.id]);
  });

  it("caps the markers in the list's order and still shows the list's page", async () => {
    const city = "مدينة الكثرة";
    // MAP_MARKER_CAP + 30 offers in the area, newest first by id; one statement.
    await db().execute(sql`
      insert into ${offers} (title, price, property_type, status, city, details, ad_licence_number, ad_licence_ends_at, created_at, lat, lng)
      select 'عرض كثير ' || g, 1000 * g, 'شقة', 'للبيع', ${city}, '{}'::jsonb, '7100000001', now() + interval '1 year',
             timestamptz '2026-01-01' + g * interval '1 minute', 24.7 + g * 0.0001, 46.7
      from generate_series(1, ${MAP_MARKER_CAP + 30}) g`);
    const newest = await listMapMarkers(db(), { city });
    expect(newest.capped).toBe(true);
    expect(newest.markers).toHaveLength(MAP_MARKER_CAP);
    expect(newest.markers[0]!.title).toBe(`عرض كثير ${MAP_MARKER_CAP + 30}`);
    // The cheapest first when the list is in price order: the cap follows the list.
    const cheapest = await listMapMarkers(db(), { city, priceSort: "low" });
    expect(cheapest.markers[0]!.title).toBe("عرض كثير 1");
    // With a keyword every one of them has: the same markers in the same order, read from the postings (decision 002).
    for (const priceSort of [undefined, "low", "high", "perM2"] as const) {
      expect(await listMapMarkers(db(), { city, priceSort, keyword: "كثير" }), priceSort).toEqual(await listMapMarkers(db(), { city, priceSort }));
    }
    expect((await listMapMarkers(db(), { city, keyword: "كثير للإيجار" })).markers).toEqual([]);
    // A page of the list past the cap: its offers get markers too.
    const lastPage = Math.ceil((MAP_MARKER_CAP + 30) / PAGE_SIZE);
    const view = await loadOffersMapView(db(), { city, page: lastPage });
    expect(view.markersCapped).toBe(true);
    const onMap = new Set(view.markers.map((marker) => marker.id));
    expect(view.list.offers.length).toBeGreaterThan(0);
    expect(view.list.offers.every((offer) => onMap.has(offer.id))).toBe(true);
    expect(view.markers.length).toBe(MAP_MARKER_CAP + view.list.offers.length);
  });

  it("is served by offers_map_idx, a B-tree on (lat, lng), and offers_map_recent_idx, both covering the filters' columns", async () => {
    await db().execute(sql`vacuum analyze ${offers}`); // the pages all-visible, as autovacuum leaves them: an index-only scan is costed as one
    const plans = await db().transaction(async (tx) => {
      // On a test's few rows the planner would read the table whole; the bench checks its choices at 100,000 offers.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) => (await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`)).rows.map((row) => row["QUERY PLAN"]).join("\n");
      const where = sql`lat between 24.70 and 24.71 and lng between 46.70 and 46.71 and status = 'للبيع' and bedrooms >= 2 and price <= 900000`;
      await tx.execute(sql`set local enable_bitmapscan = off`); // an index-only scan of the area
      const area = await explain(sql`select id, price, price_per_m2, created_at from ${offers} where ${where}`);
      await tx.execute(sql`set local enable_bitmapscan = on`);
      await tx.execute(sql`set local enable_sort = off`); // the newest first, walked
      const walk = await explain(sql`select id, price, price_per_m2, created_at from ${offers} where ${where} order by created_at desc, id desc limit 501`);
      return { area, walk };
    });
    expect(plans.area).toMatch(/Index Only Scan using offers_map_idx/);
    expect(plans.walk, plans.walk).toMatch(/Index Only Scan using offers_map_recent_idx/);
  });

  it("keeps a point whole: both coordinates or none", async () => {
    await expect(createOffer(db(), { lat: 24.7, lng: null })).rejects.toThrow();
    await expect(createOffer(db(), { lat: null, lng: 46.7 })).rejects.toThrow();
  });
});
