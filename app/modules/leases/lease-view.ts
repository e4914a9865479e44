import { formatCountArabic, formatDateWithHijri, formatMoneyArabic, type CountWords } from "~/utils/format.ts";

const TENANTS: CountWords = { zero: "لا يوجد مستأجرون", one: "مستأجر واحد", two: "مستأجران", few: "مستأجرين", many: "مستأجرًا", other: "مستأجر" };
export const tenantsText = (count: number) => formatCountArabic(count, TENANTS);

/** A yearly rent as COPY.md writes it: «٤٥٬٠٠٠٫٠٠ ر.س. سنويًا». */
export const yearlyRentText = (halalas: number) => `${formatMoneyArabic(halalas / 100)} سنويًا`;
export const moneyText = (halalas: number) => formatMoneyArabic(halalas / 100);

/** The days a lease is in force, with their Hijri days (a lease's dates have legal weight, COPY.md). */
export const leasePeriodText = (lease: { startsOn: string; endsOn: string }) => `من ${formatDateWithHijri(lease.startsOn)} إلى ${formatDateWithHijri(lease.endsOn)}`;

/** Where a lease stands on `today` (a Riyadh day). */
export function leaseState(lease: { startsOn: string; endsOn: string; terminatedOn: string | null }, today: string): { label: string; tone: string } {
  if (lease.terminatedOn && lease.terminatedOn < today) return { label: "أُنهي مبكرًا", tone: "bg-stone-100 text-stone-700" };
  const last = lease.terminatedOn ?? lease.endsOn;
  if (last < today) return { label: "منتهٍ", tone: "bg-stone-100 text-stone-700" };
  if (lease.startsOn > today) return { label: "لم يبدأ", tone: "bg-blue-50 text-blue-900" };
  return { label: "ساري", tone: "bg-emerald-50 text-emerald-800" };
}
