import { z } from "zod";
import { optionalIdentityFields } from "~/modules/auth/index.ts";
import { optionalEmailField, optionalPhoneField, requiredEmailField, typedTextField } from "~/utils/form-fields.ts";
import { toAsciiDigits } from "~/utils/numbers.ts";

/** The settings page's texts (our own wording: the firm's texts do not cover this page). */
export const SETTINGS_MESSAGES = {
  notificationsSaved: "تم حفظ إعدادات الإشعارات",
  firmSaved: "تم حفظ بيانات المنشأة، وتظهر الآن في الموقع",
  whatsappInvalid: "رقم واتساب غير صحيح، اكتب رقم جوال مثل ٠٥٠١٢٣٤٥٦٧، ولرقم من خارج المملكة ابدأ بمفتاح الدولة",
  whatsappNeededForReport: "يرجى إدخال رقم واتساب المدير لإرسال التقرير اليومي عبر واتساب",
  hourInvalid: "يرجى اختيار ساعة من القائمة",
  phoneInvalid: "رقم الهاتف غير صحيح، اكتبه مثل ٠١١٢٣٤٥٦٧٨ أو ٩٢٠٠٠٠٠٠٠، ولرقم من خارج المملكة ابدأ بمفتاح الدولة",
  commercialRegistrationInvalid: "رقم السجل التجاري من ١٠ أرقام",
  falLicenceInvalid: "رقم رخصة فال أرقام فقط",
  coordinateInvalid: "اكتب رقمًا عشريًا، مثل ٢٤٫٧١٣٦",
  coordinatesBoth: "يرجى إدخال خط العرض وخط الطول معًا، أو تركهما فارغين",
  coordinatesOutside: "الموقع خارج حدود المملكة العربية السعودية",
  adLicenceSaved: "تم حفظ إعدادات ترخيص الإعلانات",
  verificationLinkInvalid: "اكتب رابطًا كاملًا يبدأ بـ https://",
  verificationLinkPlaceholder: "يجب أن يحتوي الرابط على {licence} في موضع رقم الترخيص",
  mapSaved: "تم حفظ إعدادات الخريطة",
  mapTileUrlInvalid: "اكتب رابطًا كاملًا يبدأ بـ https://",
  mapTileUrlPlaceholders: "يجب أن يحتوي الرابط على {z} و{x} و{y} في مواضع التكبير والإحداثيات",
  availabilitySaved: "تم حفظ إعدادات تأكيد توفر العروض",
  availabilityDaysInvalid: "اكتب عدد أيام من ١ إلى ٩٠",
} as const;

export const SETTINGS_LIMITS = { address: 300, workingHours: 200, phone: 30, whatsapp: 30, number: 20, link: 500 } as const;

/** Saudi Arabia's bounding box: a firm's map point outside it is a typing mistake. */
const SAUDI_BOUNDS = { lat: { min: 16, max: 33 }, lng: { min: 34, max: 56 } } as const;

/** Phones paste numbers with spaces, dashes, brackets and invisible direction marks. */
const NUMBER_NOISE = /[\s\-().\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/**
 * An optional WhatsApp number, by the one phone rule (utils/phone.ts): a mobile, stored as wa.me
 * wants it (E.164 without its "+"); "" when left empty.
 */
const whatsappField = () => optionalPhoneField({ mobile: true, form: "wa.me", invalid: SETTINGS_MESSAGES.whatsappInvalid });

/** A ticked box posts "on"; an unticked one posts nothing. */
const checkboxField = () =>
  z
    .literal("on")
    .optional()
    .transform((value) => value === "on");

/** The notifications section: where new inquiries and submissions are mailed, and the daily report. */
const notificationsFields = z.object({
  managerEmail: requiredEmailField(),
  managerWhatsapp: whatsappField(),
  dailyEmailReport: checkboxField(),
  dailyWhatsappReport: checkboxField(),
  dailyReportHour: z
    .string(SETTINGS_MESSAGES.hourInvalid)
    .regex(/^(?:[01]?\d|2[0-3])$/, SETTINGS_MESSAGES.hourInvalid)
    .transform(Number),
});

const whatsappForReport = (value: { dailyWhatsappReport: boolean; managerWhatsapp: string }, context: z.RefinementCtx) => {
  if (value.dailyWhatsappReport && !value.managerWhatsapp) {
    context.addIssue({ code: "custom", path: ["managerWhatsapp"], message: SETTINGS_MESSAGES.whatsappNeededForReport });
  }
};

export const notificationsSchema = notificationsFields.superRefine(whatsappForReport);

/**
 * The notifications form as posted: with the identity fields, which the server asks for only when
 * the manager's e-mail or WhatsApp changes (where the notices and reports go: a stolen session must
 * not redirect them).
 */
export const notificationsFormSchema = notificationsFields.extend(optionalIdentityFields()).superRefine(whatsappForReport);

/** The firm's phone, by the one phone rule: stored in E.164, shown as it is dialled at home (firm-details.server.tsx). */
const publicPhoneField = () => optionalPhoneField({ invalid: SETTINGS_MESSAGES.phoneInvalid });

/** Digits only (Arabic-Indic ones converted), or "" when left empty. */
const digitsField = (pattern: RegExp, message: string) =>
  z
    .string()
    .max(SETTINGS_LIMITS.number, message)
    .optional()
    .transform((value) => toAsciiDigits(value ?? "").replace(NUMBER_NOISE, ""))
    .refine((value) => value === "" || pattern.test(value), message);

/** A coordinate as typed ("24.7136", "٢٤٫٧١٣٦"), or null when left empty. */
const coordinateField = () =>
  z
    .string()
    .max(SETTINGS_LIMITS.number, SETTINGS_MESSAGES.coordinateInvalid)
    .optional()
    .transform((value) =>
      toAsciiDigits(value ?? "")
        .replace("٫", ".")
        .trim(),
    )
    .refine((value) => value === "" || /^-?\d{1,3}(?:\.\d{1,10})?$/.test(value), SETTINGS_MESSAGES.coordinateInvalid)
    .transform((value) => (value === "" ? null : Number(value)));

/** A line of text people type (bidi controls removed, trimmed), or "" when left empty. */
const optionalText = (max: number) => z.optional(typedTextField({ max })).transform((value) => value ?? "");

/** The firm's public details: the footer, the contact page and the site's JSON-LD. Any field may be empty (then not shown). */
export const firmDetailsSchema = z
  .object({
    companyPhone: publicPhoneField(),
    companyWhatsapp: whatsappField(),
    companyEmail: optionalEmailField(),
    companyAddress: optionalText(SETTINGS_LIMITS.address),
    workingHours: optionalText(SETTINGS_LIMITS.workingHours),
    commercialRegistration: digitsField(/^\d{10}$/, SETTINGS_MESSAGES.commercialRegistrationInvalid),
    falLicence: digitsField(/^\d{4,20}$/, SETTINGS_MESSAGES.falLicenceInvalid),
    mapLat: coordinateField(),
    mapLng: coordinateField(),
  })
  .superRefine((value, context) => {
    const { mapLat: lat, mapLng: lng } = value;
    if ((lat === null) !== (lng === null)) {
      context.addIssue({ code: "custom", path: [lat === null ? "mapLat" : "mapLng"], message: SETTINGS_MESSAGES.coordinatesBoth });
      return;
    }
    if (lat !== null && (lat < SAUDI_BOUNDS.lat.min || lat > SAUDI_BOUNDS.lat.max))
      context.addIssue({ code: "custom", path: ["mapLat"], message: SETTINGS_MESSAGES.coordinatesOutside });
    if (lng !== null && (lng < SAUDI_BOUNDS.lng.min || lng > SAUDI_BOUNDS.lng.max))
      context.addIssue({ code: "custom", path: ["mapLng"], message: SETTINGS_MESSAGES.coordinatesOutside });
  });

/** OpenStreetMap's tiles (SPEC §7's open map tile service): the maps' default, and what an emptied field saves. */
export const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** The parts of a tile address Leaflet must fill in: zoom, column and row ({s}, a server letter, and {r}, sharp screens' suffix, may be there too). */
const TILE_PLACEHOLDERS = ["{z}", "{x}", "{y}"] as const;

/** An https address once its placeholders are filled in (numbers and a letter stand in for them here). */
function isHttpsTileTemplate(template: string): boolean {
  try {
    const url = new URL(template.replaceAll("{z}", "6").replaceAll("{x}", "40").replaceAll("{y}", "27").replaceAll("{s}", "a").replaceAll("{r}", ""));
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The maps' tile images (decision 022): the map search, the offer page's map and the coordinate
 * pickers load them from this https template; left empty, OpenStreetMap's. The site's
 * Content-Security-Policy lets pages load images from any https host, so any such host works.
 */
export const mapSettingsSchema = z.object({
  mapTileUrl: z
    .string()
    .max(SETTINGS_LIMITS.link, SETTINGS_MESSAGES.mapTileUrlInvalid)
    .optional()
    .transform((value) => (value ?? "").replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, "").trim() || OSM_TILE_URL)
    .refine(isHttpsTileTemplate, SETTINGS_MESSAGES.mapTileUrlInvalid)
    .refine((value) => !isHttpsTileTemplate(value) || TILE_PLACEHOLDERS.every((part) => value.includes(part)), SETTINGS_MESSAGES.mapTileUrlPlaceholders),
});

/** Where `{licence}` stands in the verification link: the ad licence number replaces it (licenceVerificationUrl). */
const LICENCE_PLACEHOLDER = "{licence}";

/** An https address once `{licence}` is filled in (a number stands in for it here). */
function isHttpsTemplate(template: string): boolean {
  try {
    const url = new URL(template.replaceAll(LICENCE_PLACEHOLDER, "7200000000"));
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * The ad licence rule (decision 017): whether publishing a for-sale or for-rent offer needs a
 * licence in force, and the verification link the offer page's QR code opens — "" (no QR code) or
 * an https address with `{licence}` in it.
 */
export const adLicenceSettingsSchema = z.object({
  requireAdLicence: checkboxField(),
  licenceVerificationTemplate: z
    .string()
    .max(SETTINGS_LIMITS.link, SETTINGS_MESSAGES.verificationLinkInvalid)
    .optional()
    .transform((value) => (value ?? "").replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, "").trim())
    .refine((value) => value === "" || isHttpsTemplate(value), SETTINGS_MESSAGES.verificationLinkInvalid)
    .refine((value) => value === "" || !isHttpsTemplate(value) || value.includes(LICENCE_PLACEHOLDER), SETTINGS_MESSAGES.verificationLinkPlaceholder),
});

/** The longest confirmation period the manager may set, in days (decision 046). */
export const AVAILABILITY_DAYS_MAX = 90;

/**
 * Offers that are really available (decision 046): every this many days the offer's staff member
 * is asked to confirm it; a whole number of days from 1 to 90, typed in either digit style.
 */
export const availabilitySettingsSchema = z.object({
  availabilityConfirmDays: z
    .string(SETTINGS_MESSAGES.availabilityDaysInvalid)
    .max(SETTINGS_LIMITS.number, SETTINGS_MESSAGES.availabilityDaysInvalid)
    .transform((value) => toAsciiDigits(value).trim())
    .refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= AVAILABILITY_DAYS_MAX, SETTINGS_MESSAGES.availabilityDaysInvalid)
    .transform(Number),
});

export type AvailabilitySettings = z.output<typeof availabilitySettingsSchema>;
export type NotificationSettings = z.output<typeof notificationsSchema>;
export type AdLicenceSettings = z.output<typeof adLicenceSettingsSchema>;
export type FirmDetailsSettings = z.output<typeof firmDetailsSchema>;
export type MapSettings = z.output<typeof mapSettingsSchema>;

const clock = new Intl.DateTimeFormat("ar-SA", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

/** An hour of the day (0–23) as the firm reads a clock: "٨:٠٠ ص", "١:٠٠ م". */
export function formatHourArabic(hour: number): string {
  return clock.format(Date.UTC(2000, 0, 1, hour));
}

/** The hours the daily report may go out at (Asia/Riyadh). */
export const REPORT_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
