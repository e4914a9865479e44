import { formatCountArabic, formatDateWithHijri, formatDigitsArabic, formatMoneyArabic, type CountWords } from "~/utils/format.ts";
import { SERVICE_LABELS, type CommissionKind, type ManagementService } from "./pm-schema.ts";

/** Counts of the property-management pages, agreeing with their number (Intl.PluralRules through formatCountArabic). */
const UNITS: CountWords = { zero: "لا توجد وحدات", one: "وحدة واحدة", two: "وحدتان", few: "وحدات", many: "وحدة" };
const OWNERS: CountWords = { zero: "لا يوجد ملاك", one: "مالك واحد", two: "مالكان", few: "ملاك", many: "مالكًا", other: "مالك" };
export const unitsText = (count: number) => formatCountArabic(count, UNITS);
export const ownersText = (count: number) => formatCountArabic(count, OWNERS);

/**
 * A unit as a person names it. Its label is what the office typed in «رقم الوحدة»: a bare number or
 * code («٣», «A-12») reads «الوحدة ٣»; a label that names its kind already («شقة ٤») stays as it is.
 */
export function unitTitle(label: string): string {
  const digits = formatDigitsArabic(label.trim());
  return /(?=\p{L})\p{Script=Arabic}/u.test(label) ? digits : `الوحدة ${digits}`;
}

export interface ContractView {
  startsOn: string;
  endsOn: string;
  commissionKind: CommissionKind;
  commissionBasisPoints: number | null;
  commissionHalalas: number | null;
  services: ManagementService[];
}

const arabicPercent = new Intl.NumberFormat("ar-SA", { style: "percent", maximumFractionDigits: 2 });

/** The firm's commission as a person reads it: «٧٫٥٪ من الإيجار المحصّل» or «١٢٬٠٠٠٫٠٠ ر.س. سنويًا». */
export function commissionText(contract: Pick<ContractView, "commissionKind" | "commissionBasisPoints" | "commissionHalalas">): string {
  if (contract.commissionKind === "percent") return `${arabicPercent.format((contract.commissionBasisPoints ?? 0) / 10_000)} من الإيجار المحصّل`;
  return `${formatMoneyArabic((contract.commissionHalalas ?? 0) / 100)} سنويًا`;
}

export const servicesText = (services: readonly ManagementService[]) => services.map((service) => SERVICE_LABELS[service]).join("، ");

/** Where a contract stands on `today` (a Riyadh calendar day). */
export function contractState(contract: Pick<ContractView, "startsOn" | "endsOn">, today: string): { label: string; tone: string } {
  if (contract.endsOn < today) return { label: "منتهٍ", tone: "bg-stone-100 text-stone-700" };
  if (contract.startsOn > today) return { label: "لم يبدأ", tone: "bg-blue-50 text-blue-900" };
  return { label: "ساري", tone: "bg-emerald-50 text-emerald-800" };
}

export const periodText = (contract: Pick<ContractView, "startsOn" | "endsOn">) => `من ${formatDateWithHijri(contract.startsOn)} إلى ${formatDateWithHijri(contract.endsOn)}`;
