import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { RecipientText, SendNowForm, SentReportsList, SentReportsPager, useFollowQueuedSends } from "~/modules/daily-report/components/daily-reports.tsx";
import { DAILY_CHANNEL_LABELS } from "~/modules/daily-report/daily-delivery.ts";
import { handleDailyReportsPost, refuseDailyReportsPost } from "~/modules/daily-report/daily-action.server.ts";
import { dailyReportSchedule, listSentReports, SENT_REPORTS_PAGE_SIZE } from "~/modules/daily-report/daily-jobs.server.ts";
import { reportDayAt } from "~/modules/daily-report/daily-report.server.ts";
import { formatHourArabic } from "~/modules/settings/settings-schema.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/reports-daily";

export const meta: Route.MetaFunction = () => [{ title: "التقارير المرسلة" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "reports");
  const { db } = context.get(servicesContext);
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const [{ reports, total }, { hour, channels }] = await Promise.all([listSentReports(db, page), dailyReportSchedule(db)]);
  return { reports, page, pageCount: Math.max(1, Math.ceil(total / SENT_REPORTS_PAGE_SIZE)), yesterday: reportDayAt(new Date()), hour, channels };
}

/** Managers only (the reports section), checked here again, not only by the guard's path. */
export async function action({ request, context }: Route.ActionArgs) {
  const manager = await requireSectionUser(context, "reports");
  const read = await readForm(request, context);
  if (!read.ok) return refuseDailyReportsPost(read);
  return handleDailyReportsPost(context.get(servicesContext), manager, read.form);
}

export default function DailyReportsPage({ loaderData }: Route.ComponentProps) {
  const { reports, page, pageCount, yesterday, hour, channels } = loaderData;
  useFollowQueuedSends(reports);
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">التقارير المرسلة</h1>
        <p className="leading-7 text-stone-700">
          {channels.length ? (
            <>
              يُرسَل تقرير اليوم السابق كل يوم في {formatHourArabic(hour)} بتوقيت الرياض عبر{" "}
              {channels.map(({ channel, recipient }, index) => (
                <span key={channel}>
                  {index ? " و" : ""}
                  {DAILY_CHANNEL_LABELS[channel]} (<RecipientText channel={channel} recipient={recipient} />)
                </span>
              ))}
              .
            </>
          ) : (
            "التقرير اليومي غير مفعّل: فعّله من الإعدادات بالبريد الإلكتروني أو عبر واتساب."
          )}{" "}
          <Link to="/admin/settings#notifications-title" className="font-bold text-brand-700 underline underline-offset-4">
            إعدادات التقرير
          </Link>
          {" · "}
          <Link to="/admin/reports" className="font-bold text-brand-700 underline underline-offset-4">
            التقارير
          </Link>
        </p>
      </div>
      <Section id="send-now" title="إرسال تقرير أمس">
        <SendNowForm yesterday={yesterday} channels={channels.map((c) => DAILY_CHANNEL_LABELS[c.channel])} />
      </Section>
      <section aria-label="قائمة التقارير المرسلة" className="grid gap-3">
        <SentReportsList reports={reports} />
        <SentReportsPager page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
