/**
 * The property-management section of the reports page (issue 33): what the server sends and the
 * words the page and the exports share. Money is in halalas (exact integers) until it is written.
 */
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";

const n = formatNumberArabic;

/** Arrears are aged by whole days past the due date (1 to 30, 31 to 60 …); the last bucket has no end. */
export const AGEING_BUCKETS = [
  { key: "d30", label: `${n(0)}–${n(30)} يومًا`, upTo: 30 },
  { key: "d60", label: `${n(31)}–${n(60)} يومًا`, upTo: 60 },
  { key: "d90", label: `${n(61)}–${n(90)} يومًا`, upTo: 90 },
  { key: "over90", label: `أكثر من ${n(90)} يومًا`, upTo: null },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]["key"];

/** Leases ending within these many days (each count includes the shorter ones). */
export const ENDING_WINDOWS = [30, 60, 90] as const;

interface OccupancyRow {
  propertyId: number;
  propertyName: string;
  ownerId: number;
  ownerName: string;
  units: number;
  leased: number;
}

interface CollectionRow {
  propertyId: number;
  propertyName: string;
  instalments: number;
  dueHalalas: number;
  collectedHalalas: number;
}

/** Unpaid halalas of overdue instalments per bucket, for a property or an owner (or all). */
export interface AgeingRow {
  id: number;
  name: string;
  buckets: Record<AgeingBucket, number>;
  totalHalalas: number;
}

interface EndingLease {
  leaseId: number;
  tenantName: string;
  propertyId: number;
  propertyName: string;
  unitLabel: string;
  endsOn: string;
  daysLeft: number;
}

interface MaintenanceCostRow {
  propertyId: number;
  propertyName: string;
  charges: number;
  amountHalalas: number;
}

export interface PropertyReport {
  today: string;
  occupancy: { rows: OccupancyRow[]; units: number; leased: number };
  collection: { rows: CollectionRow[]; instalments: number; dueHalalas: number; collectedHalalas: number; previous: { dueHalalas: number; collectedHalalas: number } };
  ageing: { byProperty: AgeingRow[]; byOwner: AgeingRow[]; total: AgeingRow };
  ending: { counts: Record<(typeof ENDING_WINDOWS)[number], number>; leases: EndingLease[] };
  maintenance: { rows: MaintenanceCostRow[]; amountHalalas: number; charges: number };
}

/** A rate in tenths of a percent, exact from two integers; null when nothing was due. */
export function rateTenths(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
}

export const unitCountText = (n: number) => formatCountArabic(n, { zero: "لا وحدات", one: "وحدة واحدة", two: "وحدتان", few: "وحدات", many: "وحدة", other: "وحدة" });
export const leaseCountText = (n: number) => formatCountArabic(n, { zero: "لا عقود", one: "عقد واحد", two: "عقدان", few: "عقود", many: "عقدًا", other: "عقد" });
export const daysLeftText = (n: number) => formatCountArabic(n, { zero: "ينتهي اليوم", one: "يوم واحد", two: "يومان", few: "أيام", many: "يومًا", other: "يوم" });
