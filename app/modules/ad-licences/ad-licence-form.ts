/**
 * The offer form's section «بيانات ترخيص الإعلان» and the rent period (decision 017): their Zod
 * parts, texts and starting values, wired into offerFormSchema (offer-form-schema.ts). Read as the
 * form posts them: `adLicence.number`, `adLicence.disclosures.disputes` ("yes"/"no"), `rentPeriod`; every
 * value is text. The rule "no advertised offer without a licence in force" needs the settings and
 * the clock, so it is the server's (saveOffer); the schema checks what one form can say alone.
 * Back-office bundle only.
 */
import { z } from "zod";
import { stripBidiControls } from "~/utils/bidi.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";
import {
  ADVERTISER_CAPACITIES,
  EMPTY_DISCLOSURES,
  RENT_PERIODS,
  type AdvertiserCapacity,
  type OfferAdLicence,
  type OfferDisclosures,
  type RentPeriod,
  type YesNoUnknown,
} from "./ad-licence.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

export const AD_LICENCE_MESSAGES = {
  numberInvalid: formatDigitsArabic("رقم ترخيص الإعلان أرقام فقط، مثل 7200123456"),
  numberRequired: "يرجى إدخال رقم ترخيص الإعلان مع تاريخيه",
  issuedRequired: "يرجى إدخال تاريخ إصدار الترخيص",
  expiresRequired: "يرجى إدخال تاريخ انتهاء الترخيص",
  dateInvalid: "تاريخ غير صحيح، اختره من التقويم",
  expiryBeforeIssue: "تاريخ انتهاء الترخيص يجب أن يكون بعد تاريخ إصداره",
  capacityRequired: "يرجى اختيار صفة المعلن",
  deedInvalid: formatDigitsArabic("رقم الصك أرقام فقط، مثل 310123456789"),
  nationalAddressInvalid: formatDigitsArabic("العنوان الوطني المختصر 4 أحرف إنجليزية ثم 4 أرقام، مثل RRRD2929"),
  detailsRequired: "يرجى كتابة التفاصيل عند اختيار «نعم»",
  tooLong: "النص أطول من المسموح",
  rentPeriodRequired: "يرجى اختيار فترة الإيجار: سنوي أو شهري أو يومي",
  /** The server's rule (saveOffer), on the licence number field. */
  requiredToPublish: "لا يمكن نشر عرض للبيع أو للإيجار دون ترخيص إعلان ساري: أدخل رقم الترخيص وتاريخي إصداره وانتهائه، أو غيّر حالة العرض",
  expiredToPublish: "انتهت صلاحية ترخيص الإعلان: لا يمكن نشر عرض للبيع أو للإيجار دون ترخيص إعلان ساري، جدّد الترخيص أو غيّر حالة العرض",
  expiredDate: "هذا التاريخ مضى: الترخيص منتهٍ",
} as const;

export const AD_LICENCE_LIMITS = { number: 20, deedNumber: 20, details: 1000, guarantees: 1000 } as const;

/** The status whose offers need a rent period. */
export const RENT_STATUS = "للإيجار";

/** Spaces, dashes and invisible direction marks that pasting a number brings along. */
const NUMBER_NOISE = /[\s\-\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** Optional digits (Arabic-Indic converted, spaces and dashes dropped), "" when blank; anything else refused. */
const digitsText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => toAsciiDigits(value ?? "").replace(NUMBER_NOISE, ""))
    .refine((value) => value === "" || (value.length <= max && /^\d+$/.test(value)), message);

/** A real calendar day as `YYYY-MM-DD` (what a date input posts; Arabic-Indic digits read too), or "" when blank. */
export function readLicenceDate(input: string): string | null {
  const value = toAsciiDigits(input).trim();
  if (value === "") return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 2000 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return value;
}

const licenceDate = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const date = readLicenceDate(value ?? "");
    if (date !== null) return date;
    ctx.addIssue({ code: "custom", message: AD_LICENCE_MESSAGES.dateInvalid });
    return z.NEVER;
  });

/** Optional text people type: bidi controls removed, trimmed, "" when blank. */
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => stripBidiControls(value ?? "").trim())
    .refine((value) => value.length <= max, AD_LICENCE_MESSAGES.tooLong);

/** The national address short code: four Latin letters and four digits (RRRD2929), upper-cased; "" when blank. */
function normaliseNationalAddress(input: string): string {
  return toAsciiDigits(input).replace(NUMBER_NOISE, "").toUpperCase();
}

/** A yes/no question posted by two radio buttons: "yes" is yes; "no", nothing or anything else is no. */
const yesNo = z
  .string()
  .optional()
  .transform((value) => value === "yes");

/** The yes/no disclosures and the field that holds their details when the answer is yes. */
const DISCLOSURE_QUESTIONS = [
  { key: "disputes", details: "disputesDetails" },
  { key: "mortgage", details: "mortgageDetails" },
  { key: "unrecordedRights", details: "unrecordedRightsDetails" },
] as const;

const disclosuresFormSchema = z
  .object({
    disputes: yesNo,
    disputesDetails: optionalText(AD_LICENCE_LIMITS.details),
    mortgage: yesNo,
    mortgageDetails: optionalText(AD_LICENCE_LIMITS.details),
    unrecordedRights: yesNo,
    unrecordedRightsDetails: optionalText(AD_LICENCE_LIMITS.details),
    guarantees: optionalText(AD_LICENCE_LIMITS.guarantees),
    buildingCode: z
      .string()
      .optional()
      .transform((value): YesNoUnknown => (value === "yes" || value === "no" ? value : "unknown")),
  })
  .superRefine((disclosures, ctx) => {
    for (const { key, details } of DISCLOSURE_QUESTIONS) {
      if (disclosures[key] && disclosures[details] === "") ctx.addIssue({ code: "custom", path: [details], message: AD_LICENCE_MESSAGES.detailsRequired });
    }
  })
  // A "no" keeps no details (what was typed before the answer changed is not saved).
  .transform((disclosures): OfferDisclosures => ({
    ...disclosures,
    disputesDetails: disclosures.disputes ? disclosures.disputesDetails : "",
    mortgageDetails: disclosures.mortgage ? disclosures.mortgageDetails : "",
    unrecordedRightsDetails: disclosures.unrecordedRights ? disclosures.unrecordedRightsDetails : "",
  }));

export const adLicenceFormSchema = z
  .object({
    number: digitsText(AD_LICENCE_LIMITS.number, AD_LICENCE_MESSAGES.numberInvalid),
    issuedOn: licenceDate,
    expiresOn: licenceDate,
    capacity: z
      .string()
      .optional()
      .transform((value): AdvertiserCapacity | "" => ADVERTISER_CAPACITIES.find((capacity) => capacity === value) ?? ""),
    deedNumber: digitsText(AD_LICENCE_LIMITS.deedNumber, AD_LICENCE_MESSAGES.deedInvalid),
    nationalAddress: z
      .string()
      .optional()
      .transform((value) => normaliseNationalAddress(value ?? ""))
      .refine((value) => value === "" || /^[A-Z]{4}\d{4}$/.test(value), AD_LICENCE_MESSAGES.nationalAddressInvalid),
    disclosures: disclosuresFormSchema.prefault({}),
  })
  .superRefine((licence, ctx) => {
    // A licence is its number and both dates: one of them alone is a licence half typed.
    const given = [licence.number, licence.issuedOn, licence.expiresOn].some((value) => typeof value === "string" && value !== "");
    if (!given) return;
    if (licence.number === "") ctx.addIssue({ code: "custom", path: ["number"], message: AD_LICENCE_MESSAGES.numberRequired });
    if (licence.issuedOn === "") ctx.addIssue({ code: "custom", path: ["issuedOn"], message: AD_LICENCE_MESSAGES.issuedRequired });
    if (licence.expiresOn === "") ctx.addIssue({ code: "custom", path: ["expiresOn"], message: AD_LICENCE_MESSAGES.expiresRequired });
    if (licence.capacity === "") ctx.addIssue({ code: "custom", path: ["capacity"], message: AD_LICENCE_MESSAGES.capacityRequired });
    if (typeof licence.issuedOn === "string" && typeof licence.expiresOn === "string" && licence.issuedOn && licence.expiresOn && licence.expiresOn <= licence.issuedOn) {
      ctx.addIssue({ code: "custom", path: ["expiresOn"], message: AD_LICENCE_MESSAGES.expiryBeforeIssue });
    }
  })
  .transform((licence): OfferAdLicence => ({
    ...licence,
    issuedOn: licence.issuedOn || null,
    expiresOn: licence.expiresOn || null,
  }));

/** The rent period as posted: one of RENT_PERIODS or "" (whether it is needed depends on the status: offerFormSchema). */
export const rentPeriodField = z
  .string()
  .optional()
  .transform((value): RentPeriod | "" => RENT_PERIODS.find((period) => period === value) ?? "");

// ---- The form's starting values ----

type YesNo = "yes" | "no";

export interface AdLicenceFormValues {
  number: string;
  issuedOn: string;
  expiresOn: string;
  capacity: AdvertiserCapacity | "";
  deedNumber: string;
  nationalAddress: string;
  disclosures: DisclosuresFormValues;
}

interface DisclosuresFormValues {
  disputes: YesNo;
  disputesDetails: string;
  mortgage: YesNo;
  mortgageDetails: string;
  unrecordedRights: YesNo;
  unrecordedRightsDetails: string;
  guarantees: string;
  buildingCode: YesNoUnknown;
}

/** A new offer's advertiser is the firm, a broker. */
const NEW_OFFER_CAPACITY: AdvertiserCapacity = "broker";

/** The section's values for a stored licence, or a new offer's. */
export function adLicenceFormValues(licence?: OfferAdLicence): AdLicenceFormValues {
  const d = licence?.disclosures ?? EMPTY_DISCLOSURES;
  const answer = (yes: boolean): YesNo => (yes ? "yes" : "no");
  return {
    number: licence?.number ?? "",
    issuedOn: licence?.issuedOn ?? "",
    expiresOn: licence?.expiresOn ?? "",
    capacity: licence ? licence.capacity : NEW_OFFER_CAPACITY,
    deedNumber: licence?.deedNumber ?? "",
    nationalAddress: licence?.nationalAddress ?? "",
    disclosures: {
      disputes: answer(d.disputes),
      disputesDetails: d.disputesDetails,
      mortgage: answer(d.mortgage),
      mortgageDetails: d.mortgageDetails,
      unrecordedRights: answer(d.unrecordedRights),
      unrecordedRightsDetails: d.unrecordedRightsDetails,
      guarantees: d.guarantees,
      buildingCode: d.buildingCode,
    },
  };
}
