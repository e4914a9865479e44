import { formatPriceArabic } from "~/utils/format.ts";
import { RENT_PERIOD_ADVERBS, type OfferDisclosures, type RentPeriod } from "~/modules/ad-licences/index.ts";

/** After a rent offer's price, the period it is for (" سنويًا"); nothing for other offers. */
const periodSuffix = (rentPeriod: RentPeriod | "") => (rentPeriod ? ` ${RENT_PERIOD_ADVERBS[rentPeriod]}` : "");

/** An offer's price as the public pages write it; a rent offer's with its period: "٤٥٬٠٠٠ ر.س. سنويًا". */
export function offerPriceText(price: number, rentPeriod: RentPeriod | ""): string {
  return formatPriceArabic(price) + periodSuffix(rentPeriod);
}

/**
 * A monthly rent on the yearly scale the price orders use (decision 027): «≈ ٧٥٬٠٠٠ ر.س. سنويًا»
 * beside «٦٬٢٥٠ ر.س. شهريًا»; "" for a sale, a yearly or daily rent, or no price.
 */
export function yearlyRentText(price: number, rentPeriod: RentPeriod | ""): string {
  if (rentPeriod !== "monthly" || !(price > 0)) return "";
  return `≈ ${formatPriceArabic(price * 12)}${periodSuffix("yearly")}`;
}

/**
 * The price of a square metre, to the riyal: "٦٬٠٠٠ ر.س. للمتر المربع" (a rent offer's per period:
 * "… للمتر المربع سنويًا"); "" for an offer without an area or a price.
 */
export function pricePerMetreText(price: number, area: number, rentPeriod: RentPeriod | ""): string {
  if (!(area > 0) || !(price > 0)) return "";
  return `${formatPriceArabic(price / area)} للمتر المربع${periodSuffix(rentPeriod)}`;
}

/** "…: details" when the staff gave details, the sentence alone otherwise. */
const withDetails = (sentence: string, details: string) => (details.trim() ? `${sentence}: ${details.trim()}` : sentence);

/**
 * The disclosures REGA asks of an ad, as plain Arabic sentences in a fixed order: disputes,
 * mortgage or restriction, rights and obligations not in the deed (each said either way), the
 * Saudi building code (left out while unknown) and the guarantees (left out when none are given).
 */
export function disclosureSentences(disclosures: OfferDisclosures): string[] {
  const { disputes, mortgage, unrecordedRights, buildingCode, guarantees } = disclosures;
  const sentences = [
    disputes ? withDetails("يوجد نزاع قائم على العقار", disclosures.disputesDetails) : "لا توجد نزاعات قائمة على العقار",
    mortgage ? withDetails("يوجد رهن أو قيد على العقار", disclosures.mortgageDetails) : "لا يوجد رهن أو قيد على العقار",
    unrecordedRights
      ? withDetails("توجد حقوق أو التزامات على العقار غير مذكورة في الصك", disclosures.unrecordedRightsDetails)
      : "لا توجد حقوق أو التزامات على العقار غير مذكورة في الصك",
  ];
  if (buildingCode === "yes") sentences.push("العقار مطابق لكود البناء السعودي");
  if (buildingCode === "no") sentences.push("العقار غير مطابق لكود البناء السعودي");
  if (guarantees.trim()) sentences.push(`الضمانات: ${guarantees.trim()}`);
  return sentences;
}
