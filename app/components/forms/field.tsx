import { Fragment, type ReactNode } from "react";

/**
 * What a field needs to render: Conform's field metadata (back office) and usePublicForm's
 * (public pages) both have this shape.
 */
export type FieldMeta = {
  key?: string | undefined;
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[] | undefined;
  initialValue?: unknown;
};

/** The props a control takes from its field: spread them on the input, select or textarea. */
export type ControlProps = {
  id: string;
  name: string;
  defaultValue: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** The look of every text input, select and textarea of the site and the back office (app.css's .field: a form repeats it on every control). */
export const inputClass = "field";

/** The props that tie a control to its field: name, id, what was typed before, and its hint and error for screen readers. */
export function controlProps(meta: FieldMeta, { hasHint = false }: { hasHint?: boolean } = {}): ControlProps {
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hasHint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(" ");
  return {
    id: meta.id,
    name: meta.name,
    defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy || undefined,
  };
}

/**
 * One form field: its label, the control (rendered by `children` with the props that tie it to
 * the field), an optional hint, and its first error. The control is remounted when the form is
 * reset (Conform changes the key), so a cleared form shows empty fields.
 */
export function Field({
  meta,
  label,
  hint,
  className,
  children,
}: {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const error = meta.errors?.[0];
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-bold text-stone-700">
        {label}
      </label>
      <Fragment key={meta.key}>{children(controlProps(meta, { hasHint: Boolean(hint) }))}</Fragment>
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-sm text-stone-600 wrap-anywhere">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={meta.errorId} className="mt-1 text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a kind of input needs beyond its field's props, spread after them:
 * `<input {...props} {...phoneInputProps} required maxLength={…} />`.
 */

/**
 * A number typed left to right (a phone, a licence number): its characters are drawn in the order
 * typed. `dir="ltr"` alone draws «٠١١ ٢٣٤ ٥٦٧٨» typed in Arabic-Indic digits as «٥٦٧٨ ٢٣٤ ٠١١», as
 * in a page's text (components/ui/identifier-text.tsx says why; the same isolated override).
 */
export const ltrNumberInputClass = `${inputClass} text-end [unicode-bidi:isolate-override]`;

/** A mobile number: the phone keyboard, written left to right, with the number's form as the example. */
export const phoneInputProps = {
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel",
  dir: "ltr",
  // SPEC's «05xxxxxxxx», in the one digit style (decision 026).
  placeholder: "٠٥xxxxxxxx",
  className: ltrNumberInputClass,
} as const;

/** An e-mail address, written left to right. */
export const emailInputProps = { type: "email", autoComplete: "email", dir: "ltr", className: `${inputClass} text-end` } as const;

/** A code sent by SMS: the digits keyboard, and the browser may offer the code from the message. */
export const codeInputProps = { inputMode: "numeric", autoComplete: "one-time-code", dir: "ltr" } as const;

/**
 * A form's answer above its button: the messages about the whole form, read out at once
 * (alert), or a confirmation (status). Renders nothing when there is nothing to say.
 */
export function FormNotice({ id, errors, success }: { id?: string; errors?: string[] | undefined; success?: ReactNode }) {
  if (errors?.length) {
    return (
      <div id={id} role="alert" className="rounded-xl bg-red-50 p-3 font-bold text-red-800">
        {errors.map((error) => (
          <p key={error}>{error}</p>
        ))}
      </div>
    );
  }
  if (success) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-3 font-bold leading-7 text-emerald-900">
        {success}
      </p>
    );
  }
  return null;
}
