/** What the back office's maintenance pages show (browser-safe). */
import { formatCountArabic } from "~/utils/format.ts";
import type { ChargeStateName, ListGroupName } from "./maintenance-labels.ts";

export const LIST_GROUP_TITLES: Record<ListGroupName, string> = { open: "بلاغات جديدة", "in-progress": "قيد التنفيذ", done: "منجزة" };

export const CHARGE_STATE_LABELS: Record<ChargeStateName, string> = {
  pending: "بانتظار اعتماد المدير",
  approved: "معتمدة ومحمّلة على المالك",
  rejected: "مرفوضة، لا تُحمَّل على المالك",
};

export const reportsText = (count: number) => formatCountArabic(count, { zero: "لا توجد بلاغات", one: "بلاغ واحد", two: "بلاغان", few: "بلاغات", many: "بلاغًا", other: "بلاغ" });
