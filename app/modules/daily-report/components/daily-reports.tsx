import { useEffect } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { adminButtonClass, adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { FormNotice } from "~/components/forms/field.tsx";
import { formatCountArabic, formatDateTimeArabic, formatNumberArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { DAILY_CHANNEL_LABELS, DAILY_TRIGGER_LABELS, DELIVERY_STATUS_LABELS, type DailyChannel, type DeliveryStatus, type SentReport } from "../daily-delivery.ts";
import { dailyReportDayLabel } from "../daily-report-text.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatPhoneForReading } from "~/utils/phone.ts";

const STATUS_TONES: Record<DeliveryStatus, string> = {
  sent: "bg-emerald-100 text-emerald-900",
  queued: "bg-amber-100 text-amber-950",
  failed: "bg-red-100 text-red-800",
};

/** How often the page looks again while a channel is still being tried (sends happen on the scheduler). */
const FOLLOW_MS = 2_000;

/** While any channel is queued, the page reloads its data every 2 s until each is sent or failed. */
export function useFollowQueuedSends(reports: SentReport[]) {
  const { revalidate, state } = useRevalidator();
  const pending = reports.some((report) => report.deliveries.some((d) => d.status === "queued"));
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate, reports]);
}

/** «إرسال الآن»: yesterday's report, now, by the channels turned on in settings. */
export function SendNowForm({ yesterday, channels }: { yesterday: string; channels: string[] }) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-3">
      <p className="leading-7 text-stone-700">
        يُرسَل الآن تقرير أمس، {dailyReportDayLabel(yesterday)}، {channels.length ? `عبر ${channels.join(" و")}` : "بالقنوات المفعّلة في الإعدادات"}.
      </p>
      <FormNotice errors={busy ? [] : formErrorsOf(fetcher.data)} />
      <button type="submit" name="intent" value="send-now" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
        إرسال الآن
      </button>
    </fetcher.Form>
  );
}

function attemptsText(count: number) {
  return formatCountArabic(count, { zero: "لم يُحاوَل بعد", one: "محاولة واحدة", two: "محاولتان", few: "محاولات", many: "محاولة" });
}

/** Where a daily report goes: the manager's WhatsApp number (wa.me digits) as a phone is read, or the e-mail address. */
export function RecipientText({ channel, recipient, className }: { channel: DailyChannel; recipient: string; className?: string }) {
  if (channel === "whatsapp") return <IdentifierText value={formatPhoneForReading(`+${recipient}`)} className={className} />;
  return (
    <bdi dir="ltr" className={className}>
      {recipient}
    </bdi>
  );
}

function Delivery({ delivery }: { delivery: SentReport["deliveries"][number] }) {
  const fetcher = useFetcher<FormReply>();
  const busy = fetcher.state !== "idle";
  const label = DAILY_CHANNEL_LABELS[delivery.channel];
  return (
    <li className="grid gap-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200" data-testid="delivery" data-channel={delivery.channel}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-bold text-stone-900">{label}</span>
        <RecipientText channel={delivery.channel} recipient={delivery.recipient} className="text-sm text-stone-600" />
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-bold ${STATUS_TONES[delivery.status]}`} data-testid="delivery-status">
          {DELIVERY_STATUS_LABELS[delivery.status]}
        </span>
        <span className="text-sm text-stone-600">{attemptsText(delivery.attempts)}</span>
        {delivery.sentAt ? <span className="text-sm text-stone-600">أُرسل {formatDateTimeArabic(delivery.sentAt)}</span> : null}
      </div>
      {delivery.lastError ? (
        <p className="rounded-lg bg-red-50 p-2 text-sm leading-6 text-red-800" data-testid="delivery-error">
          {delivery.status === "failed" ? "سبب الفشل: " : "سبب فشل المحاولة الأخيرة، وستُعاد المحاولة: "}
          <bdi dir="auto">{delivery.lastError}</bdi>
        </p>
      ) : null}
      <FormNotice errors={busy ? [] : formErrorsOf(fetcher.data)} />
      {delivery.status === "queued" ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="deliveryId" value={delivery.id} />
          <button type="submit" name="intent" value="resend" disabled={busy} className={`${adminSecondaryButtonClass} text-sm`} aria-label={`إعادة الإرسال عبر ${label}`}>
            إعادة الإرسال
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** «التقارير المرسلة»: every report kept, newest first, its channels' outcomes, and its text. */
export function SentReportsList({ reports }: { reports: SentReport[] }) {
  if (!reports.length) {
    return <p className={`${adminCardClass} text-center text-stone-600`}>لم يُرسَل أي تقرير يومي بعد.</p>;
  }
  return (
    <ul className="grid gap-4" aria-label="التقارير المرسلة">
      {reports.map((report) => (
        <li key={report.id} className={`${adminCardClass} grid gap-3`} data-testid="sent-report">
          <div className="grid gap-1">
            <h3 className="font-bold text-brand-900">تقرير {dailyReportDayLabel(report.day)}</h3>
            <p className="text-sm text-stone-600">
              {DAILY_TRIGGER_LABELS[report.trigger]}
              {report.requestedByName ? (
                <>
                  {" "}
                  بطلب <bdi>{report.requestedByName}</bdi>
                </>
              ) : null}{" "}
              · {formatDateTimeArabic(report.createdAt)}
            </p>
          </div>
          <ul className="grid gap-2" aria-label="قنوات الإرسال">
            {report.deliveries.map((delivery) => (
              <Delivery key={delivery.id} delivery={delivery} />
            ))}
          </ul>
          <details className="group">
            <summary className="cursor-pointer font-bold text-brand-800">عرض التقرير</summary>
            <pre className="mt-2 overflow-x-auto rounded-xl bg-stone-50 p-3 font-sans text-sm leading-7 whitespace-pre-wrap text-stone-800" dir="rtl">
              {report.text}
            </pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Older and newer pages of the list. */
export function SentReportsPager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="صفحات التقارير" className="flex items-center gap-3">
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={adminSecondaryButtonClass}>
          الأحدث
        </Link>
      ) : null}
      <span className="text-stone-600">
        الصفحة {formatNumberArabic(page)} من {formatNumberArabic(pageCount)}
      </span>
      {page < pageCount ? (
        <Link to={`?page=${page + 1}`} className={adminSecondaryButtonClass}>
          الأقدم
        </Link>
      ) : null}
    </nav>
  );
}
