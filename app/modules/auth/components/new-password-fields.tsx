import { Field, inputClass, type FieldMeta } from "~/components/forms/field.tsx";

const LABELS = { password: "كلمة المرور الجديدة", confirmation: "تأكيد كلمة المرور" } as const;

/** A new password and its confirmation (the profile, the reset link): the browser may offer a strong one. */
export function NewPasswordFields({ fields, className = inputClass }: { fields: Record<keyof typeof LABELS, FieldMeta>; className?: string }) {
  return (["password", "confirmation"] as const).map((name) => (
    <Field key={name} meta={fields[name]} label={LABELS[name]}>
      {(props) => <input {...props} type="password" autoComplete="new-password" className={className} />}
    </Field>
  ));
}
