import { adminDangerButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { MARQUEE_SEPARATOR, type ContentField } from "../content-sections.ts";
import { SITE_CONTENT_DEFAULTS } from "../defaults.ts";

export interface MarqueeItem {
  key: string;
  text: string;
}

let nextKey = 0;
/** The editor's items for stored texts ('|'-separated). */
export function marqueeItems(texts: readonly string[]): MarqueeItem[] {
  return texts.map((text) => ({ key: `text-${++nextKey}`, text }));
}

/** The texts the public marquee shows when none are saved. */
const DEFAULT_TEXTS = SITE_CONTENT_DEFAULTS.marquee_texts.split(MARQUEE_SEPARATOR);

/**
 * The marquee's texts as a list: add, remove, move up or down. Each text is a field of its own
 * (`marquee_texts[0]`, …), in the list's order, checked like any field: a text holding '|'
 * (which separates the texts in storage) is refused with its message under it.
 */
export function MarqueeEditor({
  field,
  formId,
  items,
  onChange,
  errors,
  hintId,
  errorId,
}: {
  field: ContentField;
  formId: string;
  items: MarqueeItem[];
  onChange: (items: MarqueeItem[]) => void;
  /** Messages by field name: "marquee_texts" for the list, "marquee_texts[2]" for one text. */
  errors: Record<string, string[]>;
  hintId: string;
  errorId: string;
}) {
  const max = field.maxItems ?? 0;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const listError = errors[field.key]?.[0];

  return (
    <div className="grid gap-3">
      {items.length ? (
        <ol className="grid gap-3" aria-label={field.label}>
          {items.map((item, index) => {
            const name = `${field.key}[${index}]`;
            const id = `${formId}-${item.key}`;
            const error = errors[name]?.[0];
            const label = `النص ${formatNumberArabic(index + 1)}`;
            return (
              <li key={item.key} className="grid gap-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
                <div>
                  <label htmlFor={id} className="mb-1 block text-sm font-bold text-stone-700">
                    {label}
                  </label>
                  <input
                    id={id}
                    name={name}
                    value={item.text}
                    maxLength={field.maxLength}
                    placeholder={DEFAULT_TEXTS[index]}
                    onChange={(event) => onChange(items.map((i) => (i.key === item.key ? { ...i, text: event.target.value } : i)))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={inputClass}
                  />
                  {error ? (
                    <p id={`${id}-error`} className="mt-1 text-sm font-bold text-red-700">
                      {error}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    aria-label={`نقل ${label} إلى الأعلى`}
                    disabled={index === 0}
                    className="rounded-lg px-3 py-2 ring-1 ring-stone-300 disabled:opacity-40"
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`نقل ${label} إلى الأسفل`}
                    disabled={index === items.length - 1}
                    className="rounded-lg px-3 py-2 ring-1 ring-stone-300 disabled:opacity-40"
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`حذف ${label}`}
                    className={`${adminDangerButtonClass} px-3 py-2`}
                    onClick={() => onChange(items.filter((i) => i.key !== item.key))}
                  >
                    حذف
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <div className="rounded-xl bg-stone-50 p-3 text-sm leading-7 text-stone-700 ring-1 ring-stone-200">
          <p>لا توجد نصوص محفوظة، فيعرض الشريط النصوص الافتراضية:</p>
          <ul className="list-disc ps-5">
            {DEFAULT_TEXTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {listError ? (
        <p id={errorId} role="alert" className="text-sm font-bold text-red-700">
          {listError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={adminSecondaryButtonClass}
          disabled={items.length >= max}
          aria-describedby={hintId}
          onClick={() => {
            const [added] = marqueeItems([""]);
            onChange([...items, added!]);
            requestAnimationFrame(() => document.getElementById(`${formId}-${added!.key}`)?.focus());
          }}
        >
          إضافة نص
        </button>
        {items.length === 0 ? (
          <button type="button" className={adminSecondaryButtonClass} onClick={() => onChange(marqueeItems(DEFAULT_TEXTS))}>
            تعديل النصوص الافتراضية
          </button>
        ) : null}
      </div>
    </div>
  );
}
