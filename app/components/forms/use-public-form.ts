import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { $ZodType } from "zod/v4/core";
import type { FormReply } from "~/utils/form-submission.ts";
import type { FieldMeta } from "./field.tsx";

type Checker = (form: HTMLFormElement) => Record<string, string[]> | null;

function fieldErrorsOf(reply: FormReply | null | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (name && messages?.length) errors[name] = messages;
  return errors;
}

/**
 * The public pages' form state, with the same field shape and the same schema as the back
 * office's Conform forms but a few hundred bytes of its own: Conform and Zod together would put
 * the public pages over their JavaScript budget (decision 014), so the schema and the parser are
 * loaded only when the person first focuses the form (`loadSchema`, a dynamic import).
 *
 * The server's reply shows its errors; once a field has shown an error it is checked again as
 * the person types, so the error clears as soon as the field is fixed. `check` runs the whole
 * schema before a submit (when it has loaded) and says whether to send.
 */
export function usePublicForm<Name extends string>({
  id,
  names,
  lastResult,
  loadSchema,
}: {
  id: string;
  names: readonly Name[];
  lastResult: FormReply | null | undefined;
  loadSchema: () => Promise<$ZodType>;
}) {
  const [errors, setErrors] = useState(() => fieldErrorsOf(lastResult));
  const [formErrors, setFormErrors] = useState<string[]>(() => lastResult?.error?.[""] ?? []);
  useEffect(() => {
    setErrors(fieldErrorsOf(lastResult));
    setFormErrors(lastResult?.error?.[""] ?? []);
  }, [lastResult]);

  const checker = useRef<Checker | null>(null);
  const load = useCallback(() => {
    if (checker.current) return;
    void Promise.all([loadSchema(), import("~/utils/form-submission.ts")])
      .then(([schema, { parseSubmission }]) => {
        checker.current = (form) => {
          const submission = parseSubmission(new FormData(form), schema);
          return submission.status === "success" ? null : fieldErrorsOf(submission.reply());
        };
      })
      .catch(() => undefined); // offline: the server still checks everything
  }, [loadSchema]);

  /** As the person types in a field that shows an error, check it again. */
  const onInput = useCallback((event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const check = checker.current;
    if (!check || !target.name) return;
    setErrors((current) => {
      if (!current[target.name]) return current;
      const next = { ...current };
      const found = check(event.currentTarget)?.[target.name];
      if (found?.length) next[target.name] = found;
      else delete next[target.name];
      return next;
    });
  }, []);

  /** Checks the whole form before sending; shows the errors and answers false if something is wrong. */
  const check = useCallback((form: HTMLFormElement) => {
    const found = checker.current?.(form);
    if (!found) return true;
    const shown = Object.fromEntries(Object.entries(found).filter(([name]) => name !== ""));
    setErrors(shown);
    setFormErrors([]);
    return Object.keys(shown).length === 0;
  }, []);

  const initial = lastResult?.initialValue ?? {};
  const fields = Object.fromEntries(
    names.map((name) => [
      name,
      {
        id: `${id}-${name}`,
        name,
        errorId: `${id}-${name}-error`,
        descriptionId: `${id}-${name}-hint`,
        errors: errors[name],
        initialValue: initial[name],
      } satisfies FieldMeta,
    ]),
  ) as unknown as Record<Name, FieldMeta>;

  return { form: { errorId: `${id}-form-error`, errors: formErrors, onFocus: load, onInput, check }, fields };
}
