import { redirect } from "react-router";
import type { AppServices } from "~/context.ts";
import { whatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { countOffersByVisibility } from "~/modules/offers/offers.server.ts";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { buildDailyReport, dailyReportText } from "~/modules/daily-report/index.server.ts";
import { addDays, riyadhDayOf } from "~/utils/riyadh-day.ts";
import { parsePeriod } from "./period.ts";
import { loadReports } from "./reports.server.ts";

/**
 * The reports page: the period the address asks for (or the default, with the reason), its
 * figures, the offers visitors can find now and those hidden by each reason, and whether the «إرسال عبر واتساب» link can be offered (the settings hold the manager's
 * WhatsApp number).
 */
export async function loadReportsPage(services: AppServices, url: URL, now = new Date()) {
  const choice = parsePeriod(url.searchParams, now);
  const today = riyadhDayOf(now);
  const [report, settings, visibility] = await Promise.all([loadReports(services.db, choice.period, now), getSettings(services.db), countOffersByVisibility(services.db)]);
  return { choice, today, report, visibility, whatsapp: settings.managerWhatsapp ? { href: "/admin/reports/whatsapp", day: addDays(today, -1) } : null };
}

/**
 * GET /admin/reports/whatsapp: «إرسال عبر واتساب» (SPEC §7) opens a chat with the manager's
 * WhatsApp number holding yesterday's daily report, the same text the scheduled report sends. It
 * is built when the button is pressed, not with every view of the page; without a number in the
 * settings, to the settings.
 */
export async function redirectToWhatsappReport(services: AppServices, now = new Date()): Promise<Response> {
  const settings = await getSettings(services.db);
  if (!settings.managerWhatsapp) return redirect("/admin/settings");
  const yesterday = addDays(riyadhDayOf(now), -1);
  const text = dailyReportText(await buildDailyReport(services.db, yesterday, { publicUrl: services.env.PUBLIC_URL, now }));
  return redirect(whatsappLink(settings.managerWhatsapp, text));
}
