import { formatNumberArabic } from "~/utils/format.ts";
import { CLIENT_STAGE_LABELS, isClientStage } from "./stages.ts";

/** A timeline entry as the client page gets it (clients-admin.server.ts). */
interface Entry {
  kind: string;
  actorName: string | null;
  refId: number | null;
  details: Record<string, string | number | boolean | null>;
}

const stageLabel = (value: unknown) => (isClientStage(value) ? CLIENT_STAGE_LABELS[value] : "");
const text = (value: unknown) => (typeof value === "string" ? value : "");
const REPLY_BY = { email: "بالبريد الإلكتروني", whatsapp: "عبر واتساب" } as Record<string, string>;

/**
 * One timeline entry in Arabic: what happened, the longer text under it (a note, a reason), and a
 * link to the record it is about. Kinds this module does not know yet (added by viewings, tasks,
 * requirements) still read as something, named by their own `details.title` when they give one.
 */
export function describeClientEvent(entry: Entry): { title: string; body?: string; link?: { to: string; label: string } } {
  const who = entry.actorName ?? "";
  const inquiryLink = entry.refId != null ? { to: `/admin/inquiries?id=${entry.refId}`, label: `الاستفسار رقم ${formatNumberArabic(entry.refId)}` } : undefined;
  switch (entry.kind) {
    case "inquiry": {
      const title = text(entry.details.title);
      return { title: title ? `استفسار عن «${title}»` : "استفسار", link: inquiryLink };
    }
    case "contact":
      return { title: "رسالة من صفحة «تواصل معنا»", link: inquiryLink };
    case "submission":
      return {
        title: "طلب عرض عقار من مالكه",
        link: entry.refId != null ? { to: `/admin/submissions#submission-${entry.refId}`, label: `الطلب رقم ${formatNumberArabic(entry.refId)}` } : undefined,
      };
    case "reply":
      return { title: `ردّ ${who || "الفريق"} ${REPLY_BY[text(entry.details.method)] ?? ""}`.trim(), link: inquiryLink };
    case "stage":
      return {
        title: `غيّر ${who || "الفريق"} المرحلة من «${stageLabel(entry.details.from)}» إلى «${stageLabel(entry.details.to)}»`,
        body: text(entry.details.reason) ? `السبب: ${text(entry.details.reason)}` : undefined,
      };
    case "assigned":
      return {
        title: entry.details.by === "rule" ? `أُسند تلقائيًا إلى ${text(entry.details.ownerName)}` : `أسنده ${who || "المدير"} إلى ${text(entry.details.ownerName)}`,
      };
    case "note":
      return { title: `ملاحظة من ${who || "الفريق"}`, body: text(entry.details.text) };
    case "viewing":
      return { title: text(entry.details.title) || "معاينة" };
    case "task":
      return { title: text(entry.details.title) || "مهمة", link: entry.refId != null ? { to: `/admin/tasks/${entry.refId}`, label: "فتح المهمة" } : undefined };
    case "requirement":
      return { title: text(entry.details.title) || "ما يبحث عنه العميل" };
    default:
      return { title: text(entry.details.title) || "نشاط" };
  }
}
