import { Link } from "react-router";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { gregorianDayText } from "../period.ts";

/**
 * The page's actions: «التقارير المرسلة» (the daily reports sent, with resend) and «إرسال عبر
 * واتساب», which opens a chat with the manager's WhatsApp number holding yesterday's daily
 * report (SPEC §7); without a number in the settings, a link to set one. Not printed.
 */
export function ReportActions({ whatsapp }: { whatsapp: { href: string; day: string } | null }) {
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Link to="/admin/reports/daily" className={adminSecondaryButtonClass}>
        التقارير المرسلة
      </Link>
      {whatsapp ? (
        <a
          href={whatsapp.href}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-xl bg-emerald-700 px-4 py-2 font-bold text-white shadow hover:bg-emerald-800"
          data-testid="report-whatsapp"
        >
          إرسال عبر واتساب<span className="sr-only"> (تقرير {gregorianDayText(whatsapp.day)})</span>
        </a>
      ) : (
        <Link to="/admin/settings" className={adminSecondaryButtonClass}>
          أضف رقم واتساب المدير لإرسال التقرير
        </Link>
      )}
    </div>
  );
}
