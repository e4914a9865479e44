/**
 * The reports page's data as the loader sends it (reports.server.ts builds it) and what the page
 * derives from it: changes against the previous period, durations and counts in words. Shared by
 * the page and the server.
 */
import type { InquiryStatus } from "~/modules/inquiries/status.ts";
import type { PropertyReport } from "~/modules/property-reports/index.ts";
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";
import type { ReportPeriod } from "./period.ts";

/** A figure of the period and of the previous period of the same length. */
export interface Compared {
  current: number;
  previous: number;
}

/** The same for a figure that may have no value (a median of nothing). */
interface ComparedMaybe {
  current: number | null;
  previous: number | null;
}

/** A group of offers: how many there are now, and how many were published in each period. */
export interface OfferGroup {
  name: string;
  now: number;
  published: Compared;
}

export type ListingKind = "sale" | "rent";

export const LISTING_KIND_LABELS: Record<ListingKind, string> = { sale: "بيع", rent: "إيجار" };

/** Offers counted for the asking price per m²: for sale (and sold), for rent (and rented). */
export const SALE_STATUSES = ["للبيع", "مباع"] as const;
export const RENT_STATUSES = ["للإيجار", "مؤجر"] as const;
/** Days on market end when an offer becomes one of these, and start again when it goes back on the list (drizzle/0028 writes them in its trigger: keep both alike). */
export const SOLD_STATUS = "مباع";
export const RENTED_STATUS = "مؤجر";
export const LISTED_STATUSES = ["للبيع", "للإيجار"] as const;

export interface PricePerMeterRow {
  kind: ListingKind;
  city: string;
  type: string;
  current: { average: number | null; count: number };
  previous: { average: number | null; count: number };
}

export interface DaysOnMarket {
  median: ComparedMaybe;
  average: ComparedMaybe;
  count: Compared;
}

export interface OffersReport {
  published: Compared;
  total: number;
  byStatus: OfferGroup[];
  byCity: OfferGroup[];
  byType: OfferGroup[];
  pricePerMeter: PricePerMeterRow[];
  /** How many (kind, city, type) groups there were beyond those listed. */
  pricePerMeterMore: number;
  daysOnMarket: { sold: DaysOnMarket; rented: DaysOnMarket; recordingSince: string | null };
  /** Visitors' search alerts on now (confirmed, not cancelled). */
  activeAlerts: number;
}

interface TopOffer {
  id: number;
  title: string;
  /** False when the offer was deleted since (its inquiries keep the title they were sent with). */
  exists: boolean;
  inquiries: Compared;
}

export interface InquiriesReport {
  received: Compared;
  /** Per day (or month) of the period, every bucket present. */
  perBucket: Array<{ key: string; count: number }>;
  byStatus: Array<{ status: InquiryStatus; count: Compared }>;
  /** Minutes from arrival to the first reply, over the period's inquiries that have one. */
  medianFirstReplyMinutes: ComparedMaybe;
  pendingNow: number;
  lateNow: number;
  topOffers: TopOffer[];
  fromOfferPages: Compared;
  fromContactPage: Compared;
}

export interface SubmissionsReport {
  received: Compared;
  rejected: Compared;
  /** Turned into offers: an offer was started from them (reviewed). */
  converted: Compared;
  pending: Compared;
}

export interface StaffReplies {
  id: number | null;
  name: string;
  replies: Compared;
  /** First replies: minutes from the inquiry's arrival. */
  medianFirstReplyMinutes: ComparedMaybe;
  firstReplies: Compared;
}

export interface AssigneeTasks {
  id: number | null;
  name: string;
  open: number;
  late: number;
}

/** Per staff member, the clients whose first message came in the period: the first-answer clock (issue 32, in working hours). */
interface StaffFirstAnswers {
  ownerId: number | null;
  ownerName: string;
  clients: number;
  answered: number;
  medianHours: number | null;
  /** Answered within the limit, of the clients whose clock has ended; null when none has. */
  withinShare: number | null;
}

export interface StaffReport {
  replies: StaffReplies[];
  tasks: AssigneeTasks[];
  firstAnswers: StaffFirstAnswers[];
}

interface FinanceMonth {
  month: string;
  income: number;
  expense: number;
  net: number;
}

export interface FinanceReport {
  income: Compared;
  expense: Compared;
  net: Compared;
  months: FinanceMonth[];
}

export const EXPORT_DATASETS = ["offers", "inquiries", "submissions", "tasks", "transactions", "instalments", "charges"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** The sheets' and files' Arabic names. */
export const EXPORT_DATASET_LABELS: Record<ExportDataset, string> = {
  offers: "العروض",
  inquiries: "الاستفسارات",
  submissions: "طلبات الملاك",
  tasks: "المهام",
  transactions: "المعاملات",
  instalments: "أقساط الإيجار",
  charges: "تكاليف الصيانة",
};

/**
 * At most this many rows of one dataset go into an export (newest first): a request holds a
 * database connection and a CPU while it writes, and a spreadsheet of more is not read by anyone;
 * a longer list is split by choosing a shorter period. The page says when a dataset passes it.
 */
export const EXPORT_ROW_CAP = 50_000;

export interface ReportsData {
  period: ReportPeriod;
  generatedAt: string;
  offers: OffersReport;
  inquiries: InquiriesReport;
  submissions: SubmissionsReport;
  staff: StaffReport;
  finance: FinanceReport;
  /** Property management (issue 33): occupancy, collection, arrears, leases ending, maintenance cost. */
  property: PropertyReport;
  /** Rows each export of the period holds (before the cap). */
  exportCounts: Record<ExportDataset, number>;
}

type ChangeDirection = "up" | "down" | "same" | "new" | "none";

export interface Change {
  direction: ChangeDirection;
  /** Rounded percentage of the previous value (absolute), when there is one to compare with. */
  percent: number | null;
  /** Said in words: the arrow and the colour only repeat it. */
  text: string;
}

/**
 * The change from the previous period: up or down by a percentage of the previous value, the same,
 * new (nothing before: a count that was 0), or no comparison (a median or an average of nothing,
 * in either period).
 */
export function compareFigures(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: "none", percent: null, text: "لا مقارنة" };
  if (current === previous) return { direction: "same", percent: 0, text: "دون تغيير" };
  if (previous === 0) return { direction: "new", percent: null, text: "جديد" };
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100);
  const up = current > previous;
  return { direction: up ? "up" : "down", percent, text: `${up ? "ارتفاع" : "انخفاض"} ${formatNumberArabic(percent)}٪` };
}

const minutesText = (n: number) => formatCountArabic(n, { zero: "أقل من دقيقة", one: "دقيقة واحدة", two: "دقيقتان", few: "دقائق", many: "دقيقة" });
const hoursText = (n: number) => formatCountArabic(n, { zero: "", one: "ساعة واحدة", two: "ساعتان", few: "ساعات", many: "ساعة" });
const daysText = (n: number) => formatCountArabic(n, { zero: "", one: "يوم واحد", two: "يومان", few: "أيام", many: "يومًا", other: "يوم" });

/** A duration said in words: "٤٥ دقيقة", "٣ ساعات و٢٠ دقيقة", "يومان و٥ ساعات"; "—" for none. */
export function durationText(minutes: number | null): string {
  if (minutes === null) return "—";
  const total = Math.round(minutes);
  if (total < 60) return minutesText(total);
  if (total < 48 * 60) {
    const hours = Math.floor(total / 60);
    const rest = total % 60;
    return rest ? `${hoursText(hours)} و${minutesText(rest)}` : hoursText(hours);
  }
  const days = Math.floor(total / (24 * 60));
  const hours = Math.floor((total % (24 * 60)) / 60);
  return hours ? `${daysText(days)} و${hoursText(hours)}` : daysText(days);
}

/** A number of days with one decimal at most ("١٢٫٥"), "—" for none. */
export function daysFigure(days: number | null): string {
  return days === null ? "—" : formatNumberArabic(Math.round(days * 10) / 10);
}

/** A share as a percentage of a whole ("٤٠٪"), "—" when the whole is nothing. */
export function shareText(part: number, whole: number): string {
  return whole > 0 ? `${formatNumberArabic(Math.round((part / whole) * 100))}٪` : "—";
}

/** The share as a number (for comparing two periods' rates), null when the whole is nothing. */
export function shareOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

export const rowCountText = (n: number) => formatCountArabic(n, { zero: "لا توجد صفوف", one: "صف واحد", two: "صفان", few: "صفوف", many: "صفًا", other: "صف" });
export const dayCountText = (n: number) => formatCountArabic(n, { zero: "لا أيام", one: "يوم واحد", two: "يومان", few: "أيام", many: "يومًا", other: "يوم" });
