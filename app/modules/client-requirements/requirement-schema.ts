import { z } from "zod";
import { REQUIREMENT_PURPOSES, type RequirementPurpose } from "~/db/column-types.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";

/** The requirements page's texts (our own wording: SPEC gives none for this page). */
export const REQUIREMENT_MESSAGES = {
  added: "تمت إضافة الطلب",
  saved: "تم حفظ الطلب",
  paused: "تم إيقاف الطلب، ولن تُطابَق معه العروض الجديدة",
  resumed: "تم تفعيل الطلب",
  purposeRequired: "يرجى اختيار الغرض: شراء أو استئجار",
  typesRequired: "يرجى اختيار نوع عقار واحد على الأقل",
  budgetInvalid: formatDigitsArabic("اكتب المبلغ بالريال وبالأرقام فقط، مثل 1,250,000، أو اتركه فارغًا"),
  areaInvalid: formatDigitsArabic("اكتب المساحة بالأرقام فقط، مثل 450، أو اتركها فارغة"),
  roomsInvalid: formatDigitsArabic("اكتب عدد الغرف بالأرقام فقط، مثل 3، أو اتركه فارغًا"),
  budgetOrder: "الحد الأعلى للميزانية أقل من الحد الأدنى",
  areaOrder: "الحد الأعلى للمساحة أقل من الحد الأدنى",
  unknown: "هذا الطلب غير موجود",
  notYours: "هذا العميل ليس من عملائك، فلا يمكنك فتح طلباته",
} as const;

/** How the page names each purpose: what the client wants to do. */
export const PURPOSE_LABELS: Record<RequirementPurpose, string> = { sale: "شراء", rent: "استئجار" };

/** A list of texts as a form posts it (boxes sharing a name): several values, one alone, or none. */
const textList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]))
  .transform((values) => [...new Set(values.map((v) => v.replace(/\s+/g, " ").trim()).filter((v) => v !== "" && v.length <= 80))].slice(0, 100));

/**
 * A limit typed as a person types numbers (spaces, commas, Arabic-Indic digits: readTypedNumber);
 * blank is no limit (null), anything else that is not a number is refused with `message`.
 */
const limit = (message: string, max: number, whole: boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
      const number = readTypedNumber(value, { max, whole });
      if (number !== null) return number;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

/** One requirement as the form posts it; `id` is set when an existing one is edited. */
export const requirementSchema = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    purpose: z.enum(REQUIREMENT_PURPOSES, { message: REQUIREMENT_MESSAGES.purposeRequired }),
    propertyTypes: textList.refine((types) => types.length > 0, REQUIREMENT_MESSAGES.typesRequired),
    cities: textList,
    neighbourhoods: textList,
    budgetMin: limit(REQUIREMENT_MESSAGES.budgetInvalid, NUMBER_LIMITS.price, true),
    budgetMax: limit(REQUIREMENT_MESSAGES.budgetInvalid, NUMBER_LIMITS.price, true),
    roomsMin: limit(REQUIREMENT_MESSAGES.roomsInvalid, NUMBER_LIMITS.count, true),
    areaMin: limit(REQUIREMENT_MESSAGES.areaInvalid, NUMBER_LIMITS.area, false),
    areaMax: limit(REQUIREMENT_MESSAGES.areaInvalid, NUMBER_LIMITS.area, false),
  })
  .superRefine((value, ctx) => {
    if (value.budgetMin !== null && value.budgetMax !== null && value.budgetMax < value.budgetMin) {
      ctx.addIssue({ code: "custom", path: ["budgetMax"], message: REQUIREMENT_MESSAGES.budgetOrder });
    }
    if (value.areaMin !== null && value.areaMax !== null && value.areaMax < value.areaMin) {
      ctx.addIssue({ code: "custom", path: ["areaMax"], message: REQUIREMENT_MESSAGES.areaOrder });
    }
  });

export type RequirementInput = z.output<typeof requirementSchema>;

/** Pausing or resuming a requirement. */
export const requirementActiveSchema = z.object({
  id: z.coerce.number().int().positive(),
  active: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** «تم التواصل» on a match. */
export const matchContactedSchema = z.object({ id: z.coerce.number().int().positive() });
