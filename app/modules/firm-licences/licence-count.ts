import { formatNumberArabic } from "~/utils/format.ts";
import { LICENCE_LIMITS } from "./licences-schema.ts";

const plural = new Intl.PluralRules("ar");

/** "ترخيص واحد", "ترخيصان", "٣ تراخيص", "١١ ترخيصًا": the count with the word as Arabic agrees it with the number. */
export function licenceCountText(count: number): string {
  switch (plural.select(count)) {
    case "zero":
      return "لا توجد تراخيص";
    case "one":
      return "ترخيص واحد";
    case "two":
      return "ترخيصان";
    case "few":
      return `${formatNumberArabic(count)} تراخيص`;
    case "many":
      return `${formatNumberArabic(count)} ترخيصًا`;
    default:
      return `${formatNumberArabic(count)} ترخيص`;
  }
}

/** How many more licences may be added (SPEC §9: 10 minus the current count), in words. */
export function remainingLicencesText(count: number): string {
  const remaining = Math.max(0, LICENCE_LIMITS.max - count);
  switch (plural.select(remaining)) {
    case "zero":
      return "لا يمكن إضافة تراخيص أخرى";
    case "one":
      return "يمكنك إضافة ترخيص واحد آخر";
    case "two":
      return "يمكنك إضافة ترخيصين آخرين";
    case "few":
      return `يمكنك إضافة ${formatNumberArabic(remaining)} تراخيص أخرى`;
    case "many":
      return `يمكنك إضافة ${formatNumberArabic(remaining)} ترخيصًا آخر`;
    default:
      return `يمكنك إضافة ${formatNumberArabic(remaining)} ترخيص آخر`;
  }
}
