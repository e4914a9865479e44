import { useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { controlProps, Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useUnsavedChanges } from "~/components/forms/unsaved-changes.tsx";
import { useAppForm, useClearAfterSave, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { CityItem, LookupItem, LookupsAdminView, StatusItem } from "../lookup-view.ts";
import { RECENT_DAYS_MAX, RECENT_SECTION_TITLE, STATUS_VISIBILITIES, STATUS_VISIBILITY_LABELS, type StatusVisibility } from "../status-visibility.ts";
import { LOOKUP_LIMITS, LOOKUP_LIST_LABELS, LOOKUP_MESSAGES, lookupAddSchema, lookupRenameSchema, offerCountText, type LookupListKey } from "../lookups-schema.ts";

const smallButtonClass = "rounded-lg px-2.5 py-1 text-sm font-bold ring-1 disabled:opacity-40";
const plainButtonClass = `${smallButtonClass} text-brand-800 ring-brand-300 hover:bg-brand-50`;
const dangerButtonClass = `${smallButtonClass} text-red-700 ring-red-300 hover:bg-red-50`;

type AskDelete = (list: LookupListKey, item: LookupItem) => void;

/** The row's hidden fields: which list, which value. */
function Target({ list, id }: { list: LookupListKey; id: number }) {
  return (
    <>
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** A new name for a value; the offers that use it take it too (the server does both at once). */
function RenameForm({ list, item, onDone }: { list: LookupListKey; item: LookupItem; onDone: () => void }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: `lookup-rename-${list}-${item.id}`, schema: lookupRenameSchema, lastResult: fetcher.data, defaultValue: { name: item.name } });
  // Saved: the row shows the new name again.
  useResetAfterSave(
    fetcher,
    useMemo(() => ({ reset: onDone }), [onDone]),
  );
  const props = controlProps(fields.name, { hasHint: item.uses > 0 });
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid min-w-0 flex-1 gap-2">
      <input type="hidden" name="intent" value="lookup-rename" />
      <Target list={list} id={item.id} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={props.id} className="sr-only">
          الاسم الجديد لـ {item.name}
        </label>
        {/* The person asked to rename: the field takes the focus. */}
        <input {...props} autoFocus maxLength={LOOKUP_LIMITS.name} className={`${inputClass} max-w-xs flex-1 py-1.5`} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={plainButtonClass}>
          حفظ
        </button>
        <button type="button" onClick={onDone} className={`${smallButtonClass} text-stone-700 ring-stone-300 hover:bg-stone-50`}>
          إلغاء
        </button>
      </div>
      {item.uses > 0 ? (
        <p id={fields.name.descriptionId} className="text-sm text-stone-600">
          يتغير الاسم أيضًا في العروض التي تستخدمه ({offerCountText(item.uses)}).
        </p>
      ) : null}
      {fields.name.errors ? (
        <p id={fields.name.errorId} className="text-sm font-bold text-red-700">
          {fields.name.errors[0]}
        </p>
      ) : null}
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

/**
 * One value of a list: its name, whether it is hidden, how many offers use it; move it up or
 * down, rename it, hide or show it, delete it (only when no offer uses it). `children`: what
 * opens below the row (a city's neighbourhoods).
 */
function ValueRow({
  list,
  item,
  first,
  last,
  onDelete,
  extra,
  children,
}: {
  list: LookupListKey;
  item: LookupItem;
  first: boolean;
  last: boolean;
  onDelete: AskDelete;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const [renaming, setRenaming] = useState(false);
  const stopRenaming = useMemo(() => () => setRenaming(false), []);
  const change = useFetcher<FormReply>();
  const busy = change.state !== "idle";
  return (
    <li className="py-2.5">
      <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-x-3">
        {renaming ? (
          <RenameForm list={list} item={item} onDone={stopRenaming} />
        ) : (
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 sm:flex-1">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <bdi className={item.hidden ? "font-bold text-stone-500" : "font-bold text-stone-900"}>{item.name}</bdi>
              {item.hidden ? <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-bold text-stone-700">مخفية</span> : null}
              {item.locked ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800">تعتمد عليها التصفية والتقارير</span> : null}
              <span className="text-sm text-stone-600">{offerCountText(item.uses)}</span>
            </p>
            {extra}
          </div>
        )}
        <change.Form method="post" className="flex flex-wrap items-center gap-1.5">
          <input type="hidden" name="intent" value="lookup-change" />
          <Target list={list} id={item.id} />
          <button type="submit" name="change" value="up" disabled={first || busy} aria-label={`نقل ${item.name} إلى الأعلى`} className={plainButtonClass}>
            <span aria-hidden>↑</span>
          </button>
          <button type="submit" name="change" value="down" disabled={last || busy} aria-label={`نقل ${item.name} إلى الأسفل`} className={plainButtonClass}>
            <span aria-hidden>↓</span>
          </button>
          {item.locked ? null : (
            <>
              <button type="button" onClick={() => setRenaming(true)} disabled={renaming} aria-label={`تعديل اسم ${item.name}`} className={plainButtonClass}>
                تعديل
              </button>
              <button
                type="submit"
                name="change"
                value={item.hidden ? "show" : "hide"}
                disabled={busy}
                aria-label={`${item.hidden ? "إظهار" : "إخفاء"} ${item.name}`}
                className={plainButtonClass}
              >
                {item.hidden ? "إظهار" : "إخفاء"}
              </button>
              {/* Always there, so the rows' buttons line up; a value in use can only be hidden. */}
              <button
                type="button"
                onClick={() => onDelete(list, item)}
                disabled={busy || item.uses > 0}
                title={item.uses > 0 ? LOOKUP_MESSAGES.inUse : undefined}
                aria-label={`حذف ${item.name}`}
                className={dangerButtonClass}
              >
                حذف
              </button>
            </>
          )}
        </change.Form>
      </div>
      <FormNotice errors={formErrorsOf(change.data)} />
      {children}
    </li>
  );
}

/**
 * Who sees a status's offers (decision 027): available, only in «تم بيعها أو تأجيرها مؤخرًا» for a
 * number of days, or internal. Saved on the server at once; the visitors' pages follow.
 */
function VisibilityForm({ item }: { item: StatusItem }) {
  const fetcher = useFetcher<FormReply>();
  // The saved visibility, unless another is chosen and not yet saved (which asks before the page is left).
  const [chosen, setVisibility] = useState<StatusVisibility | null>(null);
  const visibility = chosen ?? item.visibility;
  useUnsavedChanges(visibility !== item.visibility);
  useClearAfterSave(fetcher, () => setVisibility(null));
  const id = `status-visibility-${item.id}`;
  const reply = fetcher.data;
  return (
    <fetcher.Form method="post" className="flex w-full flex-wrap items-end gap-2" data-testid={`status-visibility-${item.name}`}>
      <input type="hidden" name="intent" value="lookup-visibility" />
      <input type="hidden" name="id" value={item.id} />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm text-stone-700">
          الظهور للزوار: {item.name}
        </label>
        <select id={id} name="visibility" value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as StatusVisibility)} className={`${inputClass} py-1.5`}>
          {STATUS_VISIBILITIES.map((value) => (
            <option key={value} value={value}>
              {STATUS_VISIBILITY_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {/* The days count only for a recent status; kept as they are otherwise. */}
      <div className="grid gap-1" hidden={visibility !== "recent"}>
        <label htmlFor={`${id}-days`} className="text-sm text-stone-700">
          مدة الظهور في «{RECENT_SECTION_TITLE}» (بالأيام)
        </label>
        <input
          id={`${id}-days`}
          name="recentDays"
          inputMode="numeric"
          defaultValue={formatNumberArabic(item.recentDays)}
          maxLength={3}
          disabled={visibility !== "recent"}
          aria-describedby={`${id}-days-hint`}
          className={`${inputClass} w-24 py-1.5`}
        />
        <span id={`${id}-days-hint`} className="sr-only">
          من ١ إلى {formatNumberArabic(RECENT_DAYS_MAX)}
        </span>
      </div>
      <button type="submit" disabled={fetcher.state !== "idle"} className={plainButtonClass}>
        حفظ الظهور
      </button>
      <div className="w-full">
        <FormNotice errors={[...formErrorsOf(reply), ...(reply?.error?.recentDays ?? []), ...(reply?.error?.visibility ?? [])]} />
      </div>
    </fetcher.Form>
  );
}

/** A new value at the end of a list (a neighbourhood: of the city `cityId`). */
function AddForm({ list, cityId, cityName }: { list: LookupListKey; cityId?: number; cityName?: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: `lookup-add-${list}${cityId === undefined ? "" : `-${cityId}`}`, schema: lookupAddSchema, lastResult: fetcher.data });
  useResetAfterSave(fetcher, form);
  const labels = LOOKUP_LIST_LABELS[list];
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="mt-3 grid gap-2 border-t border-stone-200 pt-3">
      <input type="hidden" name="intent" value="lookup-add" />
      <input type="hidden" name="list" value={list} />
      {cityId === undefined ? null : <input type="hidden" name="cityId" value={cityId} />}
      <div className="flex flex-wrap items-end gap-2">
        <Field meta={fields.name} label={cityName ? `${labels.add} في ${cityName}` : labels.add} className="min-w-0 max-w-sm flex-1">
          {(props) => <input {...props} maxLength={LOOKUP_LIMITS.name} placeholder={labels.one} className={inputClass} />}
        </Field>
        <button type="submit" disabled={fetcher.state !== "idle"} className={adminSecondaryButtonClass}>
          إضافة
        </button>
      </div>
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

/** A list's values in their order, then the form that adds one. */
function ValueList({ list, items, onDelete, cityId, cityName }: { list: LookupListKey; items: LookupItem[]; onDelete: AskDelete; cityId?: number; cityName?: string }) {
  return (
    <>
      {items.length ? (
        <ol className="divide-y divide-stone-200">
          {items.map((item, index) => (
            <ValueRow key={item.id} list={list} item={item} first={index === 0} last={index === items.length - 1} onDelete={onDelete}>
              {list === "statuses" && "visibility" in item ? (
                <div className="mt-2">
                  <VisibilityForm item={item as StatusItem} />
                </div>
              ) : null}
            </ValueRow>
          ))}
        </ol>
      ) : (
        <p className="py-2 text-sm text-stone-600">لا توجد قيم في هذه القائمة بعد.</p>
      )}
      <AddForm list={list} cityId={cityId} cityName={cityName} />
    </>
  );
}

/** A city's row: its own buttons, and its neighbourhoods opened below it on request. */
function CityRow({ city, first, last, onDelete }: { city: CityItem; first: boolean; last: boolean; onDelete: AskDelete }) {
  const [open, setOpen] = useState(false);
  const panel = `city-${city.id}-neighbourhoods`;
  return (
    <ValueRow
      list="cities"
      item={city}
      first={first}
      last={last}
      onDelete={onDelete}
      extra={
        <button type="button" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)} className={plainButtonClass}>
          الأحياء ({formatNumberArabic(city.neighbourhoods.length)})<span className="sr-only"> في {city.name}</span>
        </button>
      }
    >
      <div id={panel} hidden={!open} className="mt-2 rounded-xl bg-stone-50 p-3 ps-4 ring-1 ring-stone-200">
        {open ? (
          <>
            <h4 className="font-bold text-brand-900">أحياء {city.name}</h4>
            <ValueList list="neighbourhoods" items={city.neighbourhoods} onDelete={onDelete} cityId={city.id} cityName={city.name} />
          </>
        ) : null}
      </div>
    </ValueRow>
  );
}

/**
 * The lookup lists of SPEC §3: cities with their neighbourhoods, property types, unit types and
 * offer statuses. Each change saves at once on the server.
 */
export function LookupLists({ lookups }: { lookups: LookupsAdminView }) {
  const [deleting, setDeleting] = useState<{ list: LookupListKey; item: LookupItem } | null>(null);
  const remove = useFetcher<FormReply>();
  const askDelete: AskDelete = (list, item) => setDeleting({ list, item });
  const flat = ["propertyTypes", "unitTypes", "statuses"] as const;
  return (
    <div className="grid gap-6">
      <p className="text-sm leading-7 text-stone-700">
        القيمة المخفية لا تظهر في قوائم نموذج العرض ونموذج الملاك ولا في تصفية الموقع، وتبقى ظاهرة في العروض التي تستخدمها. تغيير الاسم يغيّره في العروض التي تستخدمه. لا تُحذف قيمة
        تستخدمها عروض، ويمكن إخفاؤها.
      </p>
      <p className="text-sm leading-7 text-stone-700">
        لكل حالة ظهورها للزوار: «متاح للزوار» تظهر عروضها في القائمة والبحث والخريطة والتنبيهات؛ المباعة والمؤجرة تظهر في «{RECENT_SECTION_TITLE}» فقط مدةً تحددها ثم تختفي؛ والحالة
        الداخلية لا يراها الزوار أبدًا، وصفحة عرضها كصفحة عرض محذوف. الحالة الجديدة داخلية حتى تغيّرها.
      </p>
      <FormNotice errors={formErrorsOf(remove.data)} />
      <section aria-labelledby="lookup-cities-title" className="rounded-xl p-1">
        <h3 id="lookup-cities-title" className="mb-1 text-base font-bold text-brand-900">
          {LOOKUP_LIST_LABELS.cities.title} والأحياء
        </h3>
        <ol className="divide-y divide-stone-200">
          {lookups.cities.map((city, index) => (
            <CityRow key={city.id} city={city} first={index === 0} last={index === lookups.cities.length - 1} onDelete={askDelete} />
          ))}
        </ol>
        <AddForm list="cities" />
      </section>
      {flat.map((list) => (
        <section key={list} aria-labelledby={`lookup-${list}-title`} className="rounded-xl p-1">
          <h3 id={`lookup-${list}-title`} className="mb-1 text-base font-bold text-brand-900">
            {LOOKUP_LIST_LABELS[list].title}
          </h3>
          <ValueList list={list} items={lookups[list]} onDelete={askDelete} />
        </section>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `هل تريد حذف «${deleting.item.name}» من القائمة؟` : ""}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.submit({ intent: "lookup-change", list: deleting.list, id: String(deleting.item.id), change: "delete" }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
