import { Form } from "react-router";
import { adminButtonClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { gregorianDayText, hijriDayText, PERIOD_KINDS, PERIOD_LABELS, type PeriodChoice, type ReportPeriod } from "../period.ts";
import { dayCountText } from "../report-view.ts";

/**
 * The period, a GET form (the address holds it: a link or a reload shows the same report): a
 * button per preset, and a custom range whose dates start as the period shown. Works without
 * JavaScript; the chosen preset is marked in words for screen readers as well.
 */
export function PeriodPicker({ choice, today }: { choice: PeriodChoice; today: string }) {
  const errorId = "period-error";
  const { asked, period } = choice;
  const presets = PERIOD_KINDS.filter((kind) => kind !== "custom");
  const current = choice.error ? null : period.kind;
  return (
    <div role="search" aria-label="فترة التقرير" className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 print:hidden">
      {/* Two forms, so a preset's address holds only the preset (it moves with the days) and a range only its dates. */}
      <Form method="get">
        <fieldset>
          <legend className="mb-2 text-sm font-bold text-stone-700">الفترة</legend>
          <div className="flex flex-wrap gap-2">
            {presets.map((kind) => (
              <button
                key={kind}
                type="submit"
                name="period"
                value={kind}
                aria-current={current === kind ? "true" : undefined}
                className={`rounded-full px-4 py-2 text-sm font-bold ring-1 ${current === kind ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-brand-800 ring-brand-300 hover:bg-brand-50"}`}
              >
                {PERIOD_LABELS[kind]}
                {current === kind ? <span className="sr-only"> (المعروضة)</span> : null}
              </button>
            ))}
          </div>
        </fieldset>
      </Form>
      <Form method="get" key={`${asked.kind}|${asked.from}|${asked.to}`}>
        <fieldset className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <legend className="mb-2 text-sm font-bold text-stone-700">
            {PERIOD_LABELS.custom}
            {current === "custom" ? <span className="sr-only"> (المعروضة)</span> : null}
          </legend>
          <input type="hidden" name="period" value="custom" />
          {(
            [
              ["from", "من", asked.from],
              ["to", "إلى", asked.to],
            ] as const
          ).map(([name, label, value]) => (
            <label key={name} className={adminLabelClass}>
              {label}
              <input
                type="date"
                name={name}
                defaultValue={value}
                min="2000-01-01"
                max={today}
                required
                className={inputClass}
                aria-invalid={choice.error ? true : undefined}
                aria-describedby={choice.error ? errorId : undefined}
              />
            </label>
          ))}
          <button type="submit" className={adminButtonClass}>
            عرض الفترة
          </button>
        </fieldset>
      </Form>
      {choice.error ? (
        <p id={errorId} role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-bold text-red-800">
          {choice.error} يعرض التقرير الآن {PERIOD_LABELS[period.kind]}.
        </p>
      ) : null}
    </div>
  );
}

/** "٢٣ نوفمبر ٢٠٢٦ (١٣ جمادى الآخرة ١٤٤٨ هـ)" */
function DayText({ day }: { day: string }) {
  return (
    <span>
      <time dateTime={day}>{gregorianDayText(day)}</time> <span className="text-stone-600">({hijriDayText(day)})</span>
    </span>
  );
}

/** The period shown and the one it is compared with, each with both calendars. */
export function PeriodSummary({ period }: { period: ReportPeriod }) {
  const range = (from: string, to: string) =>
    from === to ? (
      <DayText day={from} />
    ) : (
      <>
        من <DayText day={from} /> إلى <DayText day={to} />
      </>
    );
  return (
    <div className="grid gap-1 rounded-2xl bg-brand-50 p-4 text-sm leading-7 ring-1 ring-brand-100 print:bg-white print:p-0 print:ring-0" data-testid="period-summary">
      <p>
        <strong className="text-brand-900">{PERIOD_LABELS[period.kind]}:</strong> {range(period.from, period.to)} ({dayCountText(period.days)}
        {period.ongoing ? "، حتى الآن" : ""}).
      </p>
      <p className="text-stone-700">
        تُقارن الأرقام بالفترة السابقة بالطول نفسه: {range(period.previous.from, period.previous.to)}. الأيام بتوقيت الرياض، والتاريخ الميلادي ومعه الهجري (أم القرى).
      </p>
      {period.bucket === "month" ? <p className="text-stone-700">الفترة أطول من {formatNumberArabic(93)} يومًا، فتُعرض الرسوم اليومية شهرًا بشهر.</p> : null}
    </div>
  );
}
