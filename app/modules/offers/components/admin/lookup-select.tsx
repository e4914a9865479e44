import { useId, useState } from "react";
import { adminInputClass, adminLabelClass } from "~/components/admin/styles.ts";

const OTHER = "__other__";

/**
 * A list with an "other" choice (SPEC.md §5): picking «أخرى» shows a box for a new value. The value
 * is the text itself; the server trims it, ignores it when blank and adds it to the list.
 */
export function LookupSelect({
  label,
  options,
  value,
  onChange,
  otherLabel,
  placeholder,
  error,
  disabled,
  hint,
}: {
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  otherLabel: string;
  placeholder?: string;
  error?: string;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  const [other, setOther] = useState(() => value !== "" && !options.includes(value));
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={`${id}-select`} className={adminLabelClass}>
        {label}
      </label>
      <select
        id={`${id}-select`}
        className={adminInputClass}
        value={other ? OTHER : value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          if (next === OTHER) {
            setOther(true);
            onChange("");
          } else {
            setOther(false);
            onChange(next);
          }
        }}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        <option value={OTHER}>أخرى…</option>
      </select>
      {other && !disabled ? (
        <label className={adminLabelClass}>
          {otherLabel}
          <input className={adminInputClass} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} />
        </label>
      ) : null}
      {hint ? (
        <span id={`${id}-hint`} className="text-sm text-stone-500">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="text-sm font-bold text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
