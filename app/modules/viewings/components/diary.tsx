import { useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { adminButtonClass, adminCardClass, adminDangerButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { FormNotice, inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { dialablePhone, formatPhoneForReading } from "~/utils/phone.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import type { DiaryEntry } from "../diary-entry.ts";
import { VIEWING_OUTCOME_LABELS, VIEWING_STATUS_LABELS, viewingDayText, viewingShortDayText, viewingsText, viewingTimeText } from "../viewing-labels.ts";
import { addDays } from "~/utils/riyadh-day.ts";

export interface DiaryData {
  view: "day" | "week";
  day: string;
  today: string;
  days: string[];
  who: string;
  staff: Array<{ id: number; name: string }>;
  entries: DiaryEntry[];
  now: string;
  me: { id: number; role: string };
}

const STATUS_TONES: Record<DiaryEntry["status"], string> = {
  requested: "bg-amber-100 text-amber-900",
  confirmed: "bg-brand-100 text-brand-900",
  cancelled: "bg-stone-200 text-stone-800",
  done: "bg-emerald-100 text-emerald-900",
};

/** A link to the diary with one of its choices changed, the others kept. */
function diaryHref(data: Pick<DiaryData, "view" | "day" | "who">, change: Partial<Pick<DiaryData, "view" | "day" | "who">>): string {
  const next = { ...data, ...change };
  return `/admin/viewings?${new URLSearchParams({ view: next.view, day: next.day, who: next.who })}`;
}

/**
 * The diary: a day or a week of viewings, one staff member's or the firm's. A week is a grid of
 * seven columns on a wide screen and a list per day on a phone; each entry has what the staff
 * member needs on the way (client's phone, meeting point and map) and its actions.
 */
export function Diary({ data }: { data: DiaryData }) {
  const { view, day, today, days, who, staff, entries } = data;
  const step = view === "day" ? 1 : 7;
  const byDay = new Map(days.map((d) => [d, entries.filter((e) => riyadhDayOf(e.startsAt) === d)]));
  const title = view === "day" ? viewingDayText(day) : `${viewingShortDayText(days[0]!)} – ${viewingShortDayText(days.at(-1)!)}`;
  const pill = (active: boolean) =>
    `rounded-lg px-3 py-1.5 text-sm font-bold ${active ? "bg-brand-700 text-white" : "bg-white text-brand-800 ring-1 ring-stone-200 hover:bg-sand-100"}`;
  return (
    <div className="grid min-w-0 gap-4">
      <div className={`${adminCardClass} grid gap-3`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <nav aria-label="الفترة" className="flex flex-wrap items-center gap-2">
            <Link to={diaryHref(data, { day: addDays(day, -step) })} className={pill(false)}>
              {view === "day" ? "اليوم السابق" : "الأسبوع السابق"}
            </Link>
            <Link to={diaryHref(data, { day: today })} className={pill(false)}>
              اليوم
            </Link>
            <Link to={diaryHref(data, { day: addDays(day, step) })} className={pill(false)}>
              {view === "day" ? "اليوم التالي" : "الأسبوع التالي"}
            </Link>
          </nav>
          <nav aria-label="طريقة العرض" className="flex gap-2">
            <Link to={diaryHref(data, { view: "day" })} className={pill(view === "day")} aria-current={view === "day" ? "page" : undefined}>
              يوم
            </Link>
            <Link to={diaryHref(data, { view: "week" })} className={pill(view === "week")} aria-current={view === "week" ? "page" : undefined}>
              أسبوع
            </Link>
          </nav>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="view" value={view} />
          <input type="hidden" name="day" value={day} />
          <label className="grid gap-1 text-sm font-bold text-stone-700">
            معاينات
            <select name="who" defaultValue={who} key={who} className={inputClass}>
              <option value="all">المنشأة كلها</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.id === data.me.id ? `${person.name} (أنا)` : person.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={adminSecondaryButtonClass}>
            عرض
          </button>
        </Form>
      </div>

      <h2 className="text-xl font-bold text-brand-900">
        {title} <span className="text-base font-normal text-stone-600">({viewingsText(entries.length)})</span>
      </h2>

      <div className={view === "week" ? "grid gap-3 lg:grid-cols-7" : "grid gap-3"}>
        {days.map((d) => (
          <section
            key={d}
            aria-labelledby={`day-${d}`}
            className={`grid content-start gap-2 rounded-2xl p-2 ${d === today ? "bg-brand-50 ring-1 ring-brand-200" : "bg-stone-100"}`}
          >
            <h3 id={`day-${d}`} className="px-1 font-bold text-brand-900">
              {viewingDayText(d)}
              {d === today ? <span className="ms-2 text-sm font-normal text-brand-700">(اليوم)</span> : null}
            </h3>
            {byDay.get(d)!.length ? (
              byDay.get(d)!.map((entry) => <DiaryEntryCard key={entry.id} entry={entry} data={data} />)
            ) : (
              <p className="px-1 text-sm text-stone-600">لا توجد معاينات</p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

function DiaryEntryCard({ entry, data }: { entry: DiaryEntry; data: DiaryData }) {
  const started = new Date(entry.startsAt).getTime() <= new Date(data.now).getTime();
  const mayRecord = entry.status === "confirmed" && started && (data.me.role === "manager" || entry.staffId === data.me.id);
  return (
    <article
      aria-label={`معاينة ${viewingTimeText(entry.startsAt)}: ${entry.offerTitle}`}
      className="grid min-w-0 gap-2 rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-stone-200"
      data-testid="diary-entry"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-brand-900">
          {viewingTimeText(entry.startsAt)} – {viewingTimeText(entry.endsAt)}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_TONES[entry.status]}`}>{VIEWING_STATUS_LABELS[entry.status]}</span>
      </div>
      <p className="font-bold break-words">
        <Link to={`/offer/${entry.offerId}`} className="text-brand-800 underline-offset-2 hover:underline">
          <bdi>{entry.offerTitle}</bdi>
        </Link>
      </p>
      <p className="break-words">
        العميل: <bdi>{entry.clientName}</bdi>
        {entry.clientPhone ? (
          <>
            {" "}
            <a href={`tel:${dialablePhone(entry.clientPhone)}`} className="text-brand-800 underline">
              <IdentifierText value={formatPhoneForReading(entry.clientPhone)} />
            </a>
          </>
        ) : null}
      </p>
      <p>{entry.staffName ? <>مع: {entry.staffName}</> : <span className="text-amber-800">بانتظار تحديد الموظف</span>}</p>
      {entry.meetingPoint || entry.mapsUrl ? (
        <p className="break-words">
          مكان اللقاء: {entry.meetingPoint}
          {entry.mapsUrl ? (
            <>
              {" "}
              <a href={entry.mapsUrl} target="_blank" rel="noreferrer" className="font-bold text-brand-800 underline">
                الخريطة
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {entry.status === "done" && entry.outcome ? (
        <p className="rounded-lg bg-emerald-50 p-2 font-bold text-emerald-900">
          النتيجة: {VIEWING_OUTCOME_LABELS[entry.outcome]}
          {entry.outcomeReason ? (
            <span className="font-normal">
              {" "}
              — <bdi>{entry.outcomeReason}</bdi>
            </span>
          ) : null}
        </p>
      ) : null}
      {mayRecord ? <OutcomeForm id={entry.id} /> : null}
      {entry.status === "requested" || (entry.status === "confirmed" && !started) ? <EntryActions entry={entry} /> : null}
    </article>
  );
}

/** A visitor's request: confirm or propose another time (the scheduling form), or cancel; a confirmed one to come: cancel. */
function EntryActions({ entry }: { entry: DiaryEntry }) {
  const fetcher = useFetcher<FormReply>();
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {entry.status === "requested" ? (
          <Link to={`/admin/viewings/new?request=${entry.id}`} className={`${adminButtonClass} px-3 py-1.5 text-sm`}>
            تأكيد أو اقتراح موعد
          </Link>
        ) : null}
        {asking ? (
          <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={entry.id} />
            <span className="font-bold">إلغاء المعاينة وإبلاغ العميل؟</span>
            <button type="submit" disabled={busy} className={`${adminDangerButtonClass} px-3 py-1.5 text-sm`}>
              {busy ? "جارٍ الإلغاء…" : "نعم، إلغاء"}
            </button>
            <button type="button" onClick={() => setAsking(false)} className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}>
              تراجع
            </button>
          </fetcher.Form>
        ) : (
          <button type="button" onClick={() => setAsking(true)} className={`${adminDangerButtonClass} px-3 py-1.5 text-sm`}>
            إلغاء
          </button>
        )}
      </div>
      <FormNotice errors={formErrorsOf(fetcher.data)} />
    </div>
  );
}

/**
 * The outcome in a few taps, from a phone: «مهتم» or «يريد معاينة أخرى» is one tap; «غير مهتم»
 * asks for its reason first (the server refuses it without one).
 */
function OutcomeForm({ id }: { id: number }) {
  const fetcher = useFetcher<FormReply>();
  const [choice, setChoice] = useState<"" | "not-interested">("");
  const busy = fetcher.state !== "idle";
  const reply = fetcher.data;
  const reasonError = (reply?.error as Record<string, string[] | undefined> | null | undefined)?.reason?.[0];
  const reasonId = `outcome-reason-${id}`;
  return (
    <fetcher.Form method="post" noValidate className="grid gap-2 rounded-lg bg-sand-100 p-2" aria-label="نتيجة المعاينة">
      <input type="hidden" name="intent" value="outcome" />
      <input type="hidden" name="id" value={id} />
      <p className="font-bold text-brand-900">نتيجة المعاينة</p>
      {choice === "not-interested" ? (
        <>
          <input type="hidden" name="outcome" value="not-interested" />
          <label htmlFor={reasonId} className="font-bold">
            سبب عدم الاهتمام
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={300}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            className={inputClass}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="font-bold text-red-700">
              {reasonError}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={`${adminButtonClass} px-3 py-1.5 text-sm`}>
              {busy ? "جارٍ الحفظ…" : "حفظ"}
            </button>
            <button type="button" onClick={() => setChoice("")} className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}>
              تراجع
            </button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="outcome" value="interested" disabled={busy} className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}>
            {VIEWING_OUTCOME_LABELS.interested}
          </button>
          <button type="button" onClick={() => setChoice("not-interested")} className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}>
            {VIEWING_OUTCOME_LABELS["not-interested"]}
          </button>
          <button type="submit" name="outcome" value="another-viewing" disabled={busy} className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}>
            {VIEWING_OUTCOME_LABELS["another-viewing"]}
          </button>
        </div>
      )}
      {!reasonError ? <FormNotice errors={formErrorsOf(reply)} /> : null}
    </fetcher.Form>
  );
}
