import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EMPTY_DETAILS } from "../../../tests/factories/offers.ts";
import { EMPTY_DISCLOSURES } from "~/modules/ad-licences/ad-licence.ts";
import { licenceEndedMarkup, offerJsonLd, offerLicenceView, offerPageMarkup, offerSummaryView, type OfferPageContext } from "./offer-page-markup.server.tsx";
import type { OfferPageView } from "./offer-views.ts";

const NOW = new Date("2026-05-10T09:00:00Z");
const DAY = 86_400_000;

const context: OfferPageContext = {
  settings: {
    companyPhone: "011 000 0000",
    companyWhatsapp: "966500000000",
    falLicence: "1200000000",
    licenceVerificationTemplate: "https://rega.gov.sa/ad-licence?number={licence}",
  },
  companyName: "دار الركائز العقارية",
  publicUrl: "https://aqar.example",
  now: NOW,
};

function pageOffer(overrides: Partial<OfferPageView> = {}): OfferPageView {
  return {
    id: 42,
    title: "شقة للإيجار في الملقا",
    price: 60_000,
    propertyType: "شقة",
    status: "للإيجار",
    city: "الرياض",
    location: "الملقا",
    area: 200,
    bedrooms: 3,
    bathrooms: 2,
    rentPeriod: "yearly",
    mainImage: null,
    description: "شقة واسعة",
    isCorner: false,
    floors: "",
    locationUrl: "",
    coordinates: null,
    details: { ...EMPTY_DETAILS, plotNumber: "418" },
    units: [],
    adLicence: {
      number: "7100000123",
      issuedOn: "2025-01-31",
      expiresOn: "2026-12-31",
      capacity: "broker",
      deedNumber: "310112345678",
      nationalAddress: "RRRD2929",
      disclosures: { ...EMPTY_DISCLOSURES, mortgage: true, mortgageDetails: "رهن لصالح بنك الرياض", buildingCode: "yes" },
    },
    images: [],
    createdAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
    updatedAt: new Date(NOW.getTime() - DAY).toISOString(),
    availableConfirmedAt: new Date(NOW.getTime() - 3 * DAY).toISOString(),
    ...overrides,
  };
}

/** The words a visitor reads: the price format's direction marks dropped, its no-break space a space. */
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").replace(/\u00a0/g, " ");

describe("«بيانات الإعلان»", () => {
  it("lists the licence with its dates in both calendars, the firm's FAL, name and capacity, deed, national address and plot", async () => {
    const view = await offerLicenceView(pageOffer(), context);
    expect(view?.rows).toEqual([
      { label: "رقم ترخيص الإعلان", value: "7100000123", identifier: true },
      { label: "تاريخ إصدار الترخيص", value: "٣١ يناير ٢٠٢٥م", note: "الموافق ١ شعبان ١٤٤٦ هـ" },
      { label: "تاريخ انتهاء الترخيص", value: "٣١ ديسمبر ٢٠٢٦م", note: "الموافق ٢٢ رجب ١٤٤٨ هـ" },
      { label: "رقم رخصة فال", value: "1200000000", identifier: true },
      { label: "اسم المعلن", value: "دار الركائز العقارية" },
      { label: "صفة المعلن", value: "وسيط عقاري" },
      { label: "رقم الصك", value: "310112345678", identifier: true },
      { label: "العنوان الوطني", value: "RRRD2929", identifier: true },
      { label: "رقم القطعة", value: "418", identifier: true },
    ]);
    expect(view?.disclosures).toEqual([
      "لا توجد نزاعات قائمة على العقار",
      "يوجد رهن أو قيد على العقار: رهن لصالح بنك الرياض",
      "لا توجد حقوق أو التزامات على العقار غير مذكورة في الصك",
      "العقار مطابق لكود البناء السعودي",
    ]);
  });

  it("shows nothing for a field left empty, and no block at all without a licence number", async () => {
    const offer = pageOffer({ details: EMPTY_DETAILS });
    offer.adLicence = { ...offer.adLicence, issuedOn: null, capacity: "", deedNumber: "", nationalAddress: "" };
    const view = await offerLicenceView(offer, { ...context, settings: { ...context.settings, falLicence: "" } });
    expect(view?.rows.map((row) => row.label)).toEqual(["رقم ترخيص الإعلان", "تاريخ انتهاء الترخيص", "اسم المعلن"]);
    expect(await offerLicenceView(pageOffer({ adLicence: { ...offer.adLicence, number: "" } }), context)).toBeNull();
  });

  it("draws a QR code that a reader decodes to the licence's verification link, labelled for screen readers", async () => {
    const view = await offerLicenceView(pageOffer(), context);
    expect(view?.qr?.url).toBe("https://rega.gov.sa/ad-licence?number=7100000123");
    const svg = view!.qr!.svg;
    expect(svg).toMatch(/^<svg role="img" aria-label="رمز QR للتحقق من ترخيص الإعلان رقم ٧١٠٠٠٠٠١٢٣" /);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe("https://rega.gov.sa/ad-licence?number=7100000123");
  });

  it("says when REGA last confirmed the licence, the day in Riyadh in the house style; nothing when it has not (decision 047)", async () => {
    // 22:30 UTC on 27 November is already 28 November in Riyadh.
    const offer = pageOffer();
    offer.adLicence = { ...offer.adLicence, verifiedAt: "2026-11-27T22:30:00.000Z" };
    const markup = await offerPageMarkup(offer, context);
    expect((await offerLicenceView(offer, context))?.verifiedOn).toBe("٢٨ نوفمبر ٢٠٢٦م");
    expect(markup.licenceHtml).toContain("تم التحقق من الترخيص لدى الهيئة العامة للعقار في ٢٨ نوفمبر ٢٠٢٦م");
    expect((await offerLicenceView(pageOffer(), context))?.verifiedOn).toBeNull();
    expect((await offerPageMarkup(pageOffer(), context)).licenceHtml).not.toContain("تم التحقق من الترخيص");
  });

  it("has no QR code while the settings give no verification link", async () => {
    const view = await offerLicenceView(pageOffer(), { ...context, settings: { ...context.settings, licenceVerificationTemplate: "" } });
    expect(view?.qr).toBeNull();
    expect(view?.rows).toHaveLength(9);
  });
});

describe("the head of the offer page", () => {
  it("gives the rent period after the price, the price per square metre, the reference and the dates, and the firm's numbers", () => {
    const view = offerSummaryView(pageOffer(), context, "https://aqar.example/offer/42");
    expect(visible(view.price + view.period)).toBe("٦٠٬٠٠٠ ر.س. سنويًا");
    expect(view.priceSar).toBe("60,000 SAR");
    expect(visible(view.perMetre)).toBe("٣٠٠ ر.س. للمتر المربع سنويًا");
    // Identifiers are given as stored; IdentifierText writes their digits and keeps their order.
    expect(view.reference).toBe("42");
    expect(view.added.text).toBe("قبل ٣ أيام");
    expect(view.updated?.text).toBe("أمس");
    expect(view.callHref).toBe("tel:+966110000000");
    const chat = new URL(view.whatsappHref);
    expect(`${chat.origin}${chat.pathname}`).toBe("https://wa.me/966500000000");
    expect(chat.searchParams.get("text")).toBe("السلام عليكم، أرغب في الاستفسار عن العرض: شقة للإيجار في الملقا (رقم العرض ٤٢)\nhttps://aqar.example/offer/42");
  });

  it("says when the firm last confirmed the offer is available, in Riyadh days with the words agreeing (decision 046)", () => {
    const confirmed = (at: string) => offerSummaryView(pageOffer({ availableConfirmedAt: at }), context, "https://aqar.example/offer/42").confirmed?.text;
    expect(confirmed(new Date(NOW.getTime() - 3 * DAY).toISOString())).toBe("تم التأكد من توفره قبل ٣ أيام");
    expect(confirmed(new Date(NOW.getTime() - 11 * DAY).toISOString())).toBe("تم التأكد من توفره قبل ١١ يومًا");
    // 09:00 UTC is 12:00 in Riyadh; 20:59 UTC the evening before is 23:59 there: yesterday, though less than a day ago.
    expect(confirmed("2026-05-09T20:59:00Z")).toBe("تم التأكد من توفره أمس");
    expect(confirmed("2026-05-09T21:00:00Z")).toBe("تم التأكد من توفره اليوم");
    expect(confirmed("2026-05-08T09:00:00Z")).toBe("تم التأكد من توفره أول أمس");
    // A sold or rented offer's page says what happened instead.
    expect(offerSummaryView(pageOffer(), context, "https://aqar.example/offer/42", true).confirmed).toBeNull();
  });

  it("says no period for a sale, no price per metre without an area, no update on the day it was added, no buttons without numbers", () => {
    const createdAt = new Date(NOW.getTime() - 2 * 3_600_000).toISOString();
    const view = offerSummaryView(
      pageOffer({ status: "للبيع", rentPeriod: "", area: 0, createdAt, updatedAt: new Date(NOW.getTime() - 3_600_000).toISOString() }),
      { ...context, settings: { ...context.settings, companyPhone: "", companyWhatsapp: "" } },
      "https://aqar.example/offer/42",
    );
    expect(view.period).toBe("");
    expect(view.perMetre).toBe("");
    expect(view.added.text).toBe("اليوم");
    expect(view.updated).toBeNull();
    expect([view.callHref, view.whatsappHref]).toEqual(["", ""]);
  });

  it("is markup the page shows as is, with the licence block beside it, and the floating button's message", async () => {
    const markup = await offerPageMarkup(pageOffer(), context);
    expect(markup.summaryHtml).toContain("<h1");
    expect(markup.summaryHtml).toContain('href="tel:+966110000000"');
    expect(markup.summaryHtml).toContain('<bdo dir="ltr" class="[unicode-bidi:isolate-override] whitespace-nowrap font-bold text-ink" data-identifier="">٤٢</bdo>');
    expect(markup.licenceHtml).toContain('<bdo dir="ltr" class="[unicode-bidi:isolate-override] whitespace-nowrap" data-identifier="">٧١٠٠٠٠٠١٢٣</bdo>');
    expect(markup.licenceHtml).toContain('<bdo dir="ltr" class="[unicode-bidi:isolate-override] whitespace-nowrap" data-identifier="" data-latin-digits="">RRRD2929</bdo>');
    expect(markup.licenceHtml).toContain("بيانات الإعلان");
    expect(markup.whatsappMessage).toContain("https://aqar.example/offer/42");
    expect((await offerPageMarkup(pageOffer({ adLicence: { ...pageOffer().adLicence, number: "" } }), context)).licenceHtml).toBe("");
  });
});

describe("the listing's JSON-LD", () => {
  it("carries price and currency (a rent's per year), area in square metres, address and the licence as an identifier", () => {
    expect(offerJsonLd(pageOffer(), "https://aqar.example", "https://aqar.example/offer/42")).toMatchObject({
      "@type": "RealEstateListing",
      identifier: { "@type": "PropertyValue", name: "رقم ترخيص الإعلان", value: "7100000123" },
      address: { "@type": "PostalAddress", addressLocality: "الرياض", streetAddress: "الملقا", addressCountry: "SA" },
      offers: {
        "@type": "Offer",
        price: 60_000,
        priceCurrency: "SAR",
        priceSpecification: { "@type": "UnitPriceSpecification", price: 60_000, priceCurrency: "SAR", unitCode: "ANN" },
        itemOffered: { floorSize: { "@type": "QuantitativeValue", value: 200, unitCode: "MTK" }, address: { addressLocality: "الرياض" } },
      },
    });
  });

  it("leaves out what the offer does not have", () => {
    const jsonLd = offerJsonLd(pageOffer({ area: 0, rentPeriod: "", adLicence: { ...pageOffer().adLicence, number: "" } }), "https://aqar.example", "u");
    expect(jsonLd).not.toHaveProperty("identifier");
    expect(jsonLd.offers).not.toHaveProperty("priceSpecification");
    expect((jsonLd.offers as { itemOffered: object }).itemOffered).not.toHaveProperty("floorSize");
  });
});

describe("the 410 page", () => {
  it("says the licence has ended and links to offers of the same type in the same city", () => {
    const html = licenceEndedMarkup({ title: "فيلا في حطين", city: "الرياض", propertyType: "فيلا" }, []);
    expect(html).toContain("انتهت صلاحية ترخيص هذا الإعلان");
    const href = /<a href="([^"]+)"[^>]*>عروض مشابهة/.exec(html)![1]!.replaceAll("&amp;", "&");
    const similar = new URL(href, "https://aqar.example");
    expect(similar.pathname).toBe("/offers");
    expect(Object.fromEntries(similar.searchParams)).toEqual({ city: "الرياض", propertyType: "فيلا" });
    expect(html).toContain("عروض مشابهة في الرياض");
  });
});
