import { z } from "zod";
import { COMMISSION_KINDS, MANAGED_PROPERTY_KINDS, MANAGEMENT_SERVICES, OWNER_KINDS, type ManagementService, type OwnerKind } from "~/db/column-types.ts";
import { optionalEmailField, optionalPhoneField, personNameField, phoneField, typedTextField } from "~/utils/form-fields.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";
import { cleanTypedNumber, isCrNumber, isSaudiNationalId, readSaudiIban } from "./identity-numbers.ts";
import { readRecordReference } from "~/utils/record-reference.ts";

export { COMMISSION_KINDS, MANAGED_PROPERTY_KINDS, MANAGEMENT_SERVICES, OWNER_KINDS };
export type { CommissionKind, ManagementService, OwnerKind } from "~/db/column-types.ts";

/** The property-management pages' texts (our own wording: SPEC.md has none for them). */
export const PM_MESSAGES = {
  ownerAdded: "تمت إضافة المالك",
  ownerSaved: "تم حفظ بيانات المالك",
  propertyAdded: "تمت إضافة العقار",
  unitAdded: "تمت إضافة الوحدة",
  unitSaved: "تم حفظ الوحدة",
  unitRemoved: "تم حذف الوحدة",
  contractAdded: "تمت إضافة عقد الإدارة",
  propertySaved: "تم حفظ بيانات العقار",
  contractSaved: "تم حفظ عقد الإدارة",
  contractEnded: "تم إنهاء عقد الإدارة",
  contractEndOutside: "يجب أن يقع آخر يوم بين بداية العقد ونهايته الحالية",
  kindRequired: "يرجى اختيار نوع المالك",
  nameRequired: "يرجى إدخال الاسم",
  nationalIdRequired: "يرجى إدخال رقم الهوية أو الإقامة",
  nationalIdInvalid: formatDigitsArabic("رقم الهوية أو الإقامة غير صحيح: 10 أرقام تبدأ بـ 1 للهوية أو 2 للإقامة، يرجى التأكد منه"),
  crRequired: "يرجى إدخال رقم السجل التجاري",
  crInvalid: formatDigitsArabic("رقم السجل التجاري غير صحيح: 10 أرقام"),
  identityTaken: "يوجد مالك مسجل بهذا الرقم",
  ibanRequired: "يرجى إدخال رقم الآيبان",
  ibanInvalid: formatDigitsArabic("رقم الآيبان غير صحيح: يبدأ بـ SA ويليه 22 رقمًا، يرجى التأكد منه"),
  propertyKindRequired: "يرجى اختيار نوع العقار",
  propertyNameRequired: "يرجى إدخال اسم العقار",
  cityRequired: "يرجى اختيار المدينة",
  neighbourhoodRequired: "يرجى اختيار الحي",
  unitLabelRequired: "يرجى إدخال رقم الوحدة",
  unitLabelTaken: "يوجد في هذا العقار وحدة بنفس الرقم",
  unitTypeRequired: "يرجى اختيار نوع الوحدة",
  areaInvalid: "يرجى إدخال المساحة بالأرقام، مثل ١٢٠",
  roomsInvalid: "يرجى إدخال عدد الغرف بالأرقام، مثل ٣",
  offerUnknown: "العرض غير موجود، يرجى اختياره من القائمة",
  unitSingle: "العقار المفرد وحدة واحدة، ولا تضاف إليه وحدة أخرى",
  unitHasLease: "لا يمكن حذف وحدة عليها عقد إيجار",
  startRequired: "يرجى إدخال تاريخ بداية العقد",
  endRequired: "يرجى إدخال تاريخ نهاية العقد",
  dateInvalid: "التاريخ غير صحيح",
  endBeforeStart: "يجب أن يكون تاريخ النهاية بعد تاريخ البداية",
  commissionKindRequired: "يرجى اختيار طريقة احتساب العمولة",
  percentInvalid: formatDigitsArabic("يرجى إدخال نسبة بين 0.01 و 100 بمنزلتين عشريتين على الأكثر، مثل 7.5"),
  amountInvalid: formatDigitsArabic("يرجى إدخال مبلغ بالريال بمنزلتين عشريتين على الأكثر، مثل 12,000"),
  servicesRequired: "يرجى اختيار خدمة واحدة على الأقل",
  contractOverlap: "يوجد عقد إدارة ساري لهذا العقار في هذه الفترة، ولا يجتمع عقدان على عقار واحد في يوم واحد",
  readOnly: "صلاحيتك في إدارة الأملاك للاطلاع فقط",
  notFound: "السجل غير موجود",
} as const;

export const OWNER_KIND_LABELS: Record<OwnerKind, string> = { person: "فرد", establishment: "منشأة" };
export const PROPERTY_KIND_LABELS = { building: "عمارة بوحداتها", unit: "وحدة مفردة" } as const;
export const COMMISSION_KIND_LABELS = { percent: "نسبة من الإيجار المحصّل", fixed: "مبلغ ثابت سنويًا" } as const;
export const SERVICE_LABELS: Record<ManagementService, string> = {
  "rent-collection": "تحصيل الإيجار",
  maintenance: "الصيانة",
  marketing: "التسويق",
  "lease-management": "إدارة العقود",
  "owner-statements": "كشوف حساب المالك",
};

const PM_LIMITS = { name: 120, address: 300, label: 40, floor: 20, meter: 30, commissionHalalas: 100_000_000_00 } as const;

/** A record's id from the page: digits only. */
export const idField = () =>
  z
    .string(PM_MESSAGES.notFound)
    .regex(/^\d{1,9}$/, PM_MESSAGES.notFound)
    .transform(Number);

const shortText = (max: number) => typedTextField({ max });

/**
 * What every party (an owner, a tenant) is: a person with their national id or iqama (checked with
 * its check digit) or an establishment with its CR number, a name, an optional e-mail. Each form
 * adds its own phones; `checkPartyIdentity` checks the number against the kind.
 */
export const partyShape = {
  kind: z.enum(OWNER_KINDS, PM_MESSAGES.kindRequired),
  name: personNameField({ required: PM_MESSAGES.nameRequired, max: PM_LIMITS.name }),
  identityNumber: z.string("").trim().transform(cleanTypedNumber),
  email: optionalEmailField(),
};

/** The party's number as its kind asks: a person's id or iqama, an establishment's CR (superRefine of a schema built on `partyShape`). */
export function checkPartyIdentity(party: { kind: OwnerKind; identityNumber: string }, context: z.RefinementCtx) {
  const person = party.kind === "person";
  const issue = (message: string) => context.addIssue({ code: "custom", path: ["identityNumber"], message });
  if (!party.identityNumber) issue(person ? PM_MESSAGES.nationalIdRequired : PM_MESSAGES.crRequired);
  else if (person ? !isSaudiNationalId(party.identityNumber) : !isCrNumber(party.identityNumber)) issue(person ? PM_MESSAGES.nationalIdInvalid : PM_MESSAGES.crInvalid);
}

/** An owner: a party with one phone required and up to two more, and the bank account's Saudi IBAN, typed with spaces or Arabic-Indic digits, kept in its electronic form. */
export const ownerSchema = z
  .object({
    ...partyShape,
    phone1: phoneField(),
    phone2: optionalPhoneField(),
    phone3: optionalPhoneField(),
    iban: z
      .string(PM_MESSAGES.ibanRequired)
      .trim()
      .min(1, PM_MESSAGES.ibanRequired)
      .transform(readSaudiIban)
      .refine((iban) => iban !== null, PM_MESSAGES.ibanInvalid)
      .transform((iban) => iban ?? ""),
  })
  .superRefine(checkPartyIdentity);

export type OwnerInput = z.output<typeof ownerSchema>;
export const ownerEditSchema = ownerSchema.and(z.object({ id: idField() }));

/** A managed property: a building or one unit, its city and neighbourhood from the lookup lists, an optional map point. */
export const propertySchema = z.object({
  kind: z.enum(MANAGED_PROPERTY_KINDS, PM_MESSAGES.propertyKindRequired),
  name: typedTextField({ required: PM_MESSAGES.propertyNameRequired, max: PM_LIMITS.name }),
  city: z.string(PM_MESSAGES.cityRequired).trim().min(1, PM_MESSAGES.cityRequired),
  neighbourhood: z.string(PM_MESSAGES.neighbourhoodRequired).trim().min(1, PM_MESSAGES.neighbourhoodRequired),
  address: shortText(PM_LIMITS.address),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
});
export type PropertyInput = z.output<typeof propertySchema>;

const wholeNumber = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((typed, context) => {
      const value = readTypedNumber(typed ?? "", { max, whole: true });
      if (value === null) context.addIssue({ code: "custom", message });
      return value ?? 0;
    });

/** A unit: number, type (lookup list), floor, area, rooms, meter numbers, and the offer marketing it. */
export const unitSchema = z.object({
  label: typedTextField({ required: PM_MESSAGES.unitLabelRequired, max: PM_LIMITS.label }),
  type: z.string(PM_MESSAGES.unitTypeRequired).trim().min(1, PM_MESSAGES.unitTypeRequired),
  floor: z
    .string()
    .optional()
    .transform((typed) => cleanTypedNumber(typed ?? "").slice(0, PM_LIMITS.floor)),
  area: wholeNumber(NUMBER_LIMITS.area, PM_MESSAGES.areaInvalid),
  rooms: wholeNumber(NUMBER_LIMITS.count, PM_MESSAGES.roomsInvalid),
  electricityMeter: z
    .string()
    .optional()
    .transform((typed) => cleanTypedNumber(typed ?? "").slice(0, PM_LIMITS.meter)),
  waterMeter: z
    .string()
    .optional()
    .transform((typed) => cleanTypedNumber(typed ?? "").slice(0, PM_LIMITS.meter)),
  // The picker posts the offer's number; without JavaScript «12», «#12», «١٢» typed; a title typed and not picked is refused.
  offerId: z
    .string()
    .optional()
    .transform((typed, context) => {
      if (!typed?.trim()) return null;
      const id = readRecordReference(typed);
      if (!id) context.addIssue({ code: "custom", message: PM_MESSAGES.offerUnknown });
      return id;
    }),
});
export type UnitInput = z.output<typeof unitSchema>;
export const unitEditSchema = unitSchema.extend({ id: idField() });

/**
 * An amount typed with at most two decimals, as an exact integer of hundredths: a percentage
 * becomes basis points (7.5 → 750), riyals become halalas (12,000.50 → 1,200,050). Null when it is
 * not such a number or is 0.
 */
export function toHundredths(typed: string, max: number): number | null {
  const value = readTypedNumber(typed, { max });
  if (value === null || value === 0) return null;
  const hundredths = Math.round(value * 100);
  return Math.abs(value * 100 - hundredths) < 1e-6 ? hundredths : null;
}

export const isoDay = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .refine(
      (day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      PM_MESSAGES.dateInvalid,
    );

/** The commission in hundredths: basis points of at most 100 %, or halalas of at most the fixed-amount limit. */
const commissionOf = ({ commissionKind, commissionValue }: { commissionKind: string; commissionValue?: string | undefined }) =>
  toHundredths(commissionValue ?? "", commissionKind === "percent" ? 100 : PM_LIMITS.commissionHalalas / 100);

/** A management contract: dates (Riyadh calendar days, both inclusive), the commission, the services. */
export const contractSchema = z
  .object({
    startsOn: isoDay(PM_MESSAGES.startRequired),
    endsOn: isoDay(PM_MESSAGES.endRequired),
    commissionKind: z.enum(COMMISSION_KINDS, PM_MESSAGES.commissionKindRequired),
    commissionValue: z.string().trim().optional(),
    services: z.preprocess(
      (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? (value as unknown[]) : [value]),
      z.array(z.enum(MANAGEMENT_SERVICES)).min(1, PM_MESSAGES.servicesRequired),
    ),
  })
  .superRefine((contract, context) => {
    if (contract.startsOn && contract.endsOn && contract.endsOn < contract.startsOn) context.addIssue({ code: "custom", path: ["endsOn"], message: PM_MESSAGES.endBeforeStart });
    const percent = contract.commissionKind === "percent";
    if (contract.commissionKind && commissionOf(contract) === null)
      context.addIssue({ code: "custom", path: ["commissionValue"], message: percent ? PM_MESSAGES.percentInvalid : PM_MESSAGES.amountInvalid });
  })
  .transform((contract) => {
    const percent = contract.commissionKind === "percent";
    const hundredths = commissionOf(contract);
    return {
      startsOn: contract.startsOn,
      endsOn: contract.endsOn,
      commissionKind: contract.commissionKind,
      commissionBasisPoints: percent ? hundredths : null,
      commissionHalalas: percent ? null : hundredths,
      services: [...new Set(contract.services)],
    };
  });
export type ContractInput = z.output<typeof contractSchema>;

// ---- Editing (issue 33, tenants and leases part): a property's details, a contract's terms, a contract ended early ----

/** A property's details edited: its kind stays (a building's units depend on it). */
export const propertyEditSchema = propertySchema.pick({ name: true, city: true, neighbourhood: true, address: true });
export type PropertyEditInput = z.output<typeof propertyEditSchema>;
export const contractEditSchema = contractSchema.and(z.object({ id: idField() }));
/** A contract ended early: its new last day. */
export const contractEndSchema = z.object({ id: idField(), endsOn: isoDay(PM_MESSAGES.endRequired) });

/** Who may change owners, properties, units and contracts: the manager and the employees; the accountant reads. */
export const canEditPropertyManagement = (role: string) => role === "manager" || role === "staff";

/** The unit form's offer picker's search (GET `?q=`, answered for who may edit units). */
export const UNIT_OFFERS_URL = "/admin/properties/offers";
