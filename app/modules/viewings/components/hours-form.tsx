import { useFetcher } from "react-router";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { FormNotice, inputClass } from "~/components/forms/field.tsx";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { hourText, minutesText, VIEWING_LENGTHS, WEEKDAY_NAMES } from "../viewing-labels.ts";
import type { ViewingHours } from "../viewing-time.ts";

const HOURS = Array.from({ length: 25 }, (_, hour) => hour);

/** The manager's setting: when visitors may ask for a viewing on the offer page (the next 14 days are offered). */
export function HoursForm({ hours }: { hours: ViewingHours }) {
  const fetcher = useFetcher<FormReply>();
  const errors = fetcher.data?.error as Record<string, string[] | null> | null | undefined;
  const fieldErrors = [...(errors?.days ?? []), ...(errors?.closesAt ?? []), ...(errors?.opensAt ?? []), ...(errors?.slotMinutes ?? [])];
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="hours-heading" className={adminCardClass}>
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 [&::-webkit-details-marker]:hidden">
          <h2 id="hours-heading" className="text-lg font-bold text-brand-900">
            أوقات المعاينات التي يختار منها الزوار
          </h2>
          <span aria-hidden className="text-2xl leading-none font-bold text-brand-700 group-open:rotate-45 motion-safe:transition-transform">
            +
          </span>
        </summary>
        <fetcher.Form method="post" className="mt-4 grid gap-4" key={JSON.stringify(hours)}>
          <input type="hidden" name="intent" value="hours" />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-bold text-stone-700">الأيام</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAY_NAMES.map((name, day) => (
                <label key={name} className="flex items-center gap-1.5">
                  <input type="checkbox" name="days" value={day} defaultChecked={hours.days.includes(day)} className="size-4" />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="grid gap-1 text-sm font-bold text-stone-700">
              من الساعة
              <select name="opensAt" defaultValue={hours.opensAt} className={inputClass}>
                {HOURS.slice(0, 24).map((hour) => (
                  <option key={hour} value={hour}>
                    {hourText(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-bold text-stone-700">
              إلى الساعة
              <select name="closesAt" defaultValue={hours.closesAt} className={inputClass}>
                {HOURS.slice(1).map((hour) => (
                  <option key={hour} value={hour}>
                    {hour === 24 ? "منتصف الليل" : hourText(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="grid gap-1 text-sm font-bold text-stone-700">
              مدة المعاينة
              <select name="slotMinutes" defaultValue={hours.slotMinutes} className={inputClass}>
                {VIEWING_LENGTHS.map((length) => (
                  <option key={length} value={length}>
                    {minutesText(length)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <FormNotice errors={[...new Set([...fieldErrors, ...formErrorsOf(fetcher.data)])]} />
          <button type="submit" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
            {busy ? "جارٍ الحفظ…" : "حفظ الأوقات"}
          </button>
        </fetcher.Form>
      </details>
    </section>
  );
}
