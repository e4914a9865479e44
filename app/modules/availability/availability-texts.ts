import { daysText } from "~/utils/count-words.ts";

/** The availability confirmation's words in the back office (decision 046; SPEC gives none). */
export const AVAILABILITY_MESSAGES = {
  confirm: "تأكيد التوفر",
  confirming: "جارٍ التأكيد…",
  confirmed: (title: string) => `تم تأكيد توفر العرض «${title}»`,
  notFound: "لم يعد هذا العرض موجودًا",
  notAllowed: "لا تملك صلاحية تأكيد توفر العروض",
  badRequest: "تعذر تأكيد التوفر، يرجى تحديث الصفحة والمحاولة مرة أخرى",
  taskTitle: (title: string) => `تأكيد توفر العرض: ${title}`,
  taskDescription: (days: number) =>
    `تأكد من أن العرض ما زال متاحًا للبيع أو للإيجار، ثم اضغط «تأكيد التوفر» في هذه المهمة أو في قائمة العروض. إن لم يُؤكَّد خلال ${daysText(days)} يختفي من الموقع حتى يُؤكَّد.`,
} as const;

/** What the dashboard says of an offer whose confirmation is due: when it leaves the site, or that it left. */
export function leavesText(daysLeft: number): string {
  if (daysLeft <= 0) return "اختفى من الموقع لعدم تأكيد توفره";
  if (daysLeft === 1) return "يختفي من الموقع غدًا إن لم يُؤكَّد";
  return `يختفي من الموقع بعد ${daysText(daysLeft)} إن لم يُؤكَّد`;
}
