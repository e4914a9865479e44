import type { ReactNode } from "react";

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
