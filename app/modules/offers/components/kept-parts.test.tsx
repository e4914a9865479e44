import { describe, expect, it } from "vitest";
import { serverRender } from "../../../../tests/factories/server-render.tsx";
import { OfferCard } from "./offer-card.tsx";
import { FilterBar, OffersFilterForm } from "./filter-bar.tsx";
import type { OfferCard as OfferCardData } from "../offer-views.ts";

const photo = { id: "6e8b58c4158f7accb73910779311788e", width: 1600, height: 1067, variants: [400, 680, 800, 1500], avif: [400, 680, 800], colour: "#584848" };
const offers: OfferCardData[] = [
  {
    id: 4,
    title: "فيلا في حي الملقا",
    price: 3250000,
    propertyType: "فيلا",
    status: "للبيع",
    city: "الرياض",
    location: "الملقا",
    area: 420.5,
    bedrooms: 5,
    bathrooms: 4,
    rentPeriod: "",
    mainImage: photo,
  },
  {
    id: 5,
    title: "شقة للإيجار",
    price: 4500,
    propertyType: "شقة",
    status: "للإيجار",
    city: "جدة",
    location: "",
    area: 0,
    bedrooms: 0,
    bathrooms: 1,
    rentPeriod: "monthly",
    mainImage: null,
  },
  {
    id: 6,
    title: "محل تجاري",
    price: 95000,
    propertyType: "محل تجاري",
    status: "مؤجر",
    city: "الخبر",
    location: "العقربية",
    area: 140,
    bedrooms: 0,
    bathrooms: 0,
    rentPeriod: "yearly",
    mainImage: photo,
  },
];

describe("the list's parts the server keeps (decision 028)", () => {
  it("a card's kept markup is the card's own: the browser hydrates it unchanged (first card, a closed one, without a photo)", async () => {
    const page = (
      <>
        {offers.map((offer, index) => (
          <OfferCard key={offer.id} offer={offer} priority={index === 0} closed={offer.status === "مؤجر"} />
        ))}
      </>
    );
    const plain = await serverRender("/offers", page, { kept: false });
    expect(plain.match(/<article/g)).toHaveLength(3);
    // Twice: the second from what was kept.
    expect(await serverRender("/offers", page, { kept: true })).toBe(plain);
    expect(await serverRender("/offers", page, { kept: true })).toBe(plain);
  });

  it("the filters' lists keep each one's chosen value", async () => {
    const cities = ["الرياض", "جدة", "الخبر"];
    const types = ["شقة", "فيلا"];
    for (const values of [{ page: 1 }, { page: 1, city: "جدة", propertyType: "فيلا", bedrooms: 3 }]) {
      const page = (
        <>
          <FilterBar cities={cities} propertyTypes={types} />
          <OffersFilterForm cities={cities} neighbourhoods={{ جدة: ["الروضة"] }} propertyTypes={types} values={values} activeCount={0} view={undefined} />
        </>
      );
      const plain = await serverRender("/offers", page, { kept: false });
      expect(await serverRender("/offers", page, { kept: true })).toBe(plain);
      expect(await serverRender("/offers", page, { kept: true })).toBe(plain);
    }
    expect(
      await serverRender(
        "/offers",
        <OffersFilterForm cities={cities} neighbourhoods={{}} propertyTypes={types} values={{ page: 1, city: "جدة" }} activeCount={1} view={undefined} />,
        {
          kept: true,
        },
      ),
    ).toMatch(/<option selected="">جدة<\/option>/);
  });
});
