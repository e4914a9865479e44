import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { adminButtonClass, adminCardClass, adminLabelClass } from "./styles.ts";

/** A back-office list's filter by one of a few values, «الكل» first (no value in the address). */
export function ChoiceFilter<Value extends string>({
  name,
  label,
  value,
  values,
  labels,
}: {
  name: string;
  label: string;
  value: string | undefined;
  values: readonly Value[];
  labels?: Readonly<Record<Value, string>>;
}) {
  return (
    <label className={adminLabelClass}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">الكل</option>
        <Options values={values} labels={labels} />
      </select>
    </label>
  );
}

/** A filter by one of a list of records (a property, an owner, a staff member): «الكل» or one of them by name. */
export function RecordFilter({
  name,
  label,
  value,
  records,
}: {
  name: string;
  label: string;
  value: number | null | undefined;
  records: ReadonlyArray<{ id: number; name: string }>;
}) {
  return (
    <label className={adminLabelClass}>
      {label}
      <select name={name} defaultValue={value != null ? String(value) : ""} className={inputClass}>
        <option value="">الكل</option>
        {records.map((record) => (
          <option key={record.id} value={record.id}>
            {record.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter form's end: «عرض», and while anything narrows the list, the link back to all of it. */
export function FilterActions({ filtered, clearHref, clearLabel, className }: { filtered: boolean; clearHref: string; clearLabel: string; className: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <button type="submit" className={adminButtonClass}>
        عرض
      </button>
      {filtered ? (
        <Link to={clearHref} className="font-bold whitespace-nowrap text-brand-700 underline underline-offset-4">
          {clearLabel}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A back-office list's filters: a GET form (the address keeps them: a link from a report, a
 * reload, «رجوع», paging), a search landmark named by `label`. Keyed by the filters, so a link that
 * changes them shows them in the fields too. `className` lays its fields out on the card.
 */
export function FilterForm({ filters, label, action, className, children }: { filters: object; label: string; action?: string; className: string; children: ReactNode }) {
  return (
    <Form key={JSON.stringify(filters)} method="get" action={action} role="search" aria-label={label} className={`${adminCardClass} grid gap-3 ${className}`}>
      {children}
    </Form>
  );
}
