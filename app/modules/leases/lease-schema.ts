import { z } from "zod";
import { LEASE_SCHEDULES, type LeaseSchedule } from "~/db/column-types.ts";
import { checkPartyIdentity, cleanTypedNumber, idField, isoDay, partyShape, PM_MESSAGES, toHundredths } from "~/modules/property-management/index.ts";
import { phoneField, typedTextField } from "~/utils/form-fields.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { readTypedNumber } from "~/utils/numbers.ts";

export { LEASE_SCHEDULES };
export type { LeaseSchedule };

/** The tenants' and leases' texts (SPEC.md has none for them; COPY.md's rules). */
export const LEASE_MESSAGES = {
  tenantAdded: "تمت إضافة المستأجر",
  tenantSaved: "تم حفظ بيانات المستأجر",
  tenantTaken: "يوجد مستأجر مسجل بهذا الرقم",
  tenantRequired: "يرجى اختيار المستأجر",
  tenantUnknown: "المستأجر المختار غير موجود",
  unitUnknown: "الوحدة غير موجودة",
  leaseAdded: "تمت إضافة عقد الإيجار",
  leaseRenewed: "تم تجديد عقد الإيجار",
  leaseTerminated: "تم إنهاء عقد الإيجار",
  ejarRequired: "يرجى إدخال رقم العقد في منصة إيجار",
  ejarInvalid: formatDigitsArabic("رقم عقد إيجار أرقام فقط، من 6 إلى 20 رقمًا"),
  ejarTaken: "يوجد عقد إيجار مسجل بهذا الرقم في منصة إيجار",
  rentRequired: "يرجى إدخال الإيجار السنوي",
  rentInvalid: formatDigitsArabic("يرجى إدخال الإيجار السنوي بالريال بمنزلتين عشريتين على الأكثر، مثل 45,000"),
  depositInvalid: formatDigitsArabic("يرجى إدخال مبلغ التأمين بالريال بمنزلتين عشريتين على الأكثر، مثل 2,000، أو تركه فارغًا"),
  scheduleRequired: "يرجى اختيار دورية السداد",
  leaseOverlap: "يوجد عقد إيجار ساري لهذه الوحدة في هذه الفترة، ولا يجتمع عقدان على وحدة واحدة في يوم واحد",
  alreadyRenewed: "جُدّد هذا العقد من قبل",
  cannotRenewTerminated: "لا يُجدَّد عقد أُنهي مبكرًا",
  terminateRequired: "يرجى إدخال تاريخ آخر يوم في العقد",
  terminateOutside: "يجب أن يقع تاريخ الإنهاء بين بداية العقد ونهايته",
  alreadyTerminated: "أُنهي هذا العقد من قبل",
  freezeAdded: "تمت إضافة تجميد الإيجار",
  freezeRemoved: "تم حذف تجميد الإيجار",
  freezeManagerOnly: "إضافة تجميد الإيجار وحذفه للمدير فقط",
  noteTooLong: "الملاحظة طويلة جدًا",
} as const;

export const SCHEDULE_LABELS: Record<LeaseSchedule, string> = { monthly: "شهري", quarterly: "ربع سنوي", "half-yearly": "نصف سنوي", yearly: "سنوي" };

/** The most a year's rent may be: a billion riyals in halalas (a typo of extra zeros stops here). */
const RENT_MAX_RIYALS = 1_000_000_000;

/** Riyals as typed (Arabic-Indic digits, spaces, «٬» or «,» separators, «٫» or «.») → exact halalas. */
const riyalsField = ({ required, invalid }: { required?: string; invalid: string }) =>
  z
    .string()
    .trim()
    .optional()
    .transform((typed, context) => {
      const text = (typed ?? "").trim();
      if (!text) {
        if (required) context.addIssue({ code: "custom", message: required });
        return 0;
      }
      const halalas = toHundredths(text, RENT_MAX_RIYALS);
      // toHundredths refuses 0: a deposit of nothing may be typed as 0 or left empty.
      if (halalas === null && (required || readTypedNumber(text, { max: RENT_MAX_RIYALS }) !== 0)) context.addIssue({ code: "custom", message: invalid });
      return halalas ?? 0;
    });

/** A tenant: a party (decision 051's person or establishment) with one phone, the one the reminders go to. */
export const tenantSchema = z.object({ ...partyShape, phone: phoneField() }).superRefine(checkPartyIdentity);
export type TenantInput = z.output<typeof tenantSchema>;

/**
 * A lease of a unit: the tenant, the Ejar contract number, the dates (Riyadh days, both inclusive),
 * the yearly rent and the deposit in halalas, the schedule. `renews`: the lease it renews (the
 * renewal form sends it).
 */
export const leaseSchema = z
  .object({
    unitId: idField(),
    tenantId: z.string(LEASE_MESSAGES.tenantRequired).trim().min(1, LEASE_MESSAGES.tenantRequired).pipe(idField()),
    renews: z
      .string()
      .optional()
      .transform((typed) => (typed && /^\d{1,9}$/.test(typed) ? Number(typed) : null)),
    ejarNumber: z
      .string(LEASE_MESSAGES.ejarRequired)
      .trim()
      .min(1, LEASE_MESSAGES.ejarRequired)
      .transform(cleanTypedNumber)
      .refine((digits) => /^\d{6,20}$/.test(digits), LEASE_MESSAGES.ejarInvalid),
    startsOn: isoDay(PM_MESSAGES.startRequired),
    endsOn: isoDay(PM_MESSAGES.endRequired),
    yearlyRent: riyalsField({ required: LEASE_MESSAGES.rentRequired, invalid: LEASE_MESSAGES.rentInvalid }),
    deposit: riyalsField({ invalid: LEASE_MESSAGES.depositInvalid }),
    schedule: z.enum(LEASE_SCHEDULES, LEASE_MESSAGES.scheduleRequired),
  })
  .superRefine((lease, context) => {
    if (lease.startsOn && lease.endsOn && lease.endsOn < lease.startsOn) context.addIssue({ code: "custom", path: ["endsOn"], message: PM_MESSAGES.endBeforeStart });
  });
export type LeaseInput = z.output<typeof leaseSchema>;

/** A lease ended early: its last day in force. */
export const terminateSchema = z.object({ terminatedOn: isoDay(LEASE_MESSAGES.terminateRequired) });

/** A city's rent freeze: from, to (open-ended when empty), a note. */
export const freezeSchema = z
  .object({
    city: z.string(PM_MESSAGES.cityRequired).trim().min(1, PM_MESSAGES.cityRequired),
    startsOn: isoDay(PM_MESSAGES.startRequired),
    endsOn: z
      .string()
      .trim()
      .optional()
      .transform((typed) => typed || "")
      .pipe(z.union([z.literal(""), isoDay(PM_MESSAGES.endRequired)])),
    note: z
      .string()
      .optional()
      .transform((note) => (note ?? "").trim())
      .pipe(typedTextField({ max: 300 })),
  })
  .superRefine((freeze, context) => {
    if (freeze.endsOn && freeze.startsOn && freeze.endsOn < freeze.startsOn) context.addIssue({ code: "custom", path: ["endsOn"], message: PM_MESSAGES.endBeforeStart });
  });
export type FreezeInput = z.output<typeof freezeSchema>;

/** Who may change tenants and leases: the manager and the employees; the accountant reads (decision 051). */
export const canEditLeases = (role: string) => role === "manager" || role === "staff";
