import { Required } from "~/components/forms/required.tsx";
import { useId, type ReactNode } from "react";
import { adminCardClass } from "~/components/admin/styles.ts";
import { Field, inputClass, type ControlProps, type FieldMeta } from "~/components/forms/field.tsx";

/** The offer form's building blocks: a titled section, a required mark, a text field. */

export function Section({ title, children, off }: { title: string; children: ReactNode; off?: boolean }) {
  const id = useId();
  const grid = "grid min-w-0 gap-4 sm:grid-cols-2";
  return (
    <section aria-labelledby={id} className={adminCardClass} hidden={off}>
      <h2 id={id} className="mb-4 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {off === undefined ? (
        <div className={grid}>{children}</div>
      ) : (
        // A section that does not apply keeps what was typed in it but sends none of it.
        <fieldset disabled={off} className={grid}>
          {children}
        </fieldset>
      )}
    </section>
  );
}

/** A text field of the form. */
export function TextField({
  meta,
  label,
  wide,
  multiline,
  required,
  hint,
  rows = 5,
  ...input
}: {
  meta: FieldMeta;
  label: string;
  wide?: boolean;
  multiline?: boolean;
  required?: boolean;
  hint?: string;
  /** A multiline field's height in lines (5 unless given). */
  rows?: number;
  type?: "date";
  inputMode?: "decimal" | "numeric" | "tel" | "url";
  dir?: "ltr";
  placeholder?: string;
  maxLength?: number;
  autoCapitalize?: "characters";
  onChange?: (value: string) => void;
}) {
  const { onChange, ...attributes } = input;
  const control = (props: ControlProps) =>
    multiline ? (
      <textarea {...props} rows={rows} maxLength={input.maxLength} className={inputClass} aria-required={required || undefined} />
    ) : (
      // A left-to-right field (a phone, a licence or deed number) draws what is typed in the order typed (field.tsx, ltrNumberInputClass).
      <input
        {...props}
        {...attributes}
        className={input.dir === "ltr" ? `${inputClass} [unicode-bidi:isolate-override]` : inputClass}
        aria-required={required || undefined}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
    );
  return (
    <Field meta={meta} label={required ? <Required>{label}</Required> : label} hint={hint} className={wide || multiline ? "sm:col-span-2" : undefined}>
      {control}
    </Field>
  );
}
