import type { ClientStage } from "~/db/column-types.ts";
import { formatCountArabic, type CountWords } from "~/utils/format.ts";

export type { ClientStage } from "~/db/column-types.ts";

/** The pipeline's stages in order, as staff read them (issue 32). */
export const CLIENT_STAGE_LABELS = {
  new: "جديد",
  contacted: "تم التواصل",
  viewing: "معاينة",
  negotiating: "تفاوض",
  agreed: "تم الاتفاق",
  lost: "لم يتم",
} as const satisfies Record<ClientStage, string>;

export const CLIENT_STAGES = Object.keys(CLIENT_STAGE_LABELS) as ClientStage[];

export const isClientStage = (value: unknown): value is ClientStage => typeof value === "string" && value in CLIENT_STAGE_LABELS;

const CLIENTS: CountWords = { zero: "لا يوجد عملاء", one: "عميل واحد", two: "عميلان", few: "عملاء", many: "عميلًا", other: "عميل" };
/** «عميل واحد، عميلان، ٣ عملاء، ١١ عميلًا». */
export const clientsText = (count: number) => formatCountArabic(count, CLIENTS);
