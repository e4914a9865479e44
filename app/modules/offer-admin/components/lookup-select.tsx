import { useState } from "react";
import { Field, inputClass, type FieldMeta } from "~/components/forms/field.tsx";

const OTHER = "__other__";

/**
 * A list with an "other" choice (city, neighbourhood, type, status): picking «أخرى» shows a box for a new value. The value
 * is the text itself, posted under the field's name by the list or, once «أخرى» is picked, by the
 * box; the server trims it, ignores it when blank and adds it to the list. The page holds the value,
 * and says itself whether it changed (`data-unsaved="own"`).
 */
export function LookupSelect({
  meta,
  label,
  options,
  value,
  onChange,
  otherLabel,
  placeholder,
  disabled,
}: {
  meta: FieldMeta;
  label: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  otherLabel: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  const [other, setOther] = useState(() => value !== "" && !options.includes(value));
  return (
    <Field meta={meta} label={label}>
      {({ defaultValue: _typed, ...props }) => (
        <div className="grid gap-2">
          <select
            {...props}
            name={other ? undefined : props.name}
            className={inputClass}
            value={other ? OTHER : value}
            data-unsaved="own"
            disabled={disabled}
            onChange={(event) => {
              const next = event.target.value;
              setOther(next === OTHER);
              onChange(next === OTHER ? "" : next);
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
            <label className="grid gap-1 text-sm font-bold text-stone-700">
              {otherLabel}
              <input
                name={props.name}
                className={inputClass}
                value={value}
                data-unsaved="own"
                aria-invalid={props["aria-invalid"]}
                aria-describedby={props["aria-describedby"]}
                onChange={(event) => onChange(event.target.value)}
              />
            </label>
          ) : null}
        </div>
      )}
    </Field>
  );
}
