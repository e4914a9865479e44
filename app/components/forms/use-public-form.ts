import { useEffect, useRef, useState, type FormEvent } from "react";
import type { $ZodType } from "zod/v4/core";
import type { FormReply } from "~/utils/form-submission.ts";
import type { FieldMeta } from "./field.tsx";

/** Messages by field name; "" holds the messages about the whole form. */
type Errors = Record<string, string[]>;
type Checker = (form: HTMLFormElement) => Errors;

function errorsOf(reply: FormReply | null | undefined): Errors {
  const errors: Errors = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

/**
 * The public pages' form state, with the same field shape and the same schema as the back
 * office's Conform forms but a few hundred bytes of its own: Conform and Zod together would put
 * the public pages over their JavaScript budget (decision 014), so the schema and the parser are
 * loaded only when the person first focuses (or types in) the form (`loadSchema`, a dynamic
 * import); a load that failed is tried again at the next focus.
 *
 * The server's reply shows its errors (and the first field with one takes the focus); once a
 * field shows an error it is checked again as the person types, so the error clears as soon as
 * the field is fixed. `check` runs the whole schema before a submit, with the browser's own
 * checks the schema cannot make (`extra`, e.g. the chosen files), and says whether to send; if
 * the schema could not be loaded the server checks alone.
 *
 * Give the `<form>` `id={form.id}`, `onFocus={form.onFocus}` and `onInput={form.onInput}`.
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
  const formId = `${id}-form`;
  const [errors, setErrors] = useState(() => errorsOf(lastResult));
  // A new reply replaces the errors shown (set while rendering, as React advises for state that follows a prop).
  const [shownReply, setShownReply] = useState(lastResult);
  /** Counts the replies and checks that showed errors: after each, the first field with one takes the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  if (shownReply !== lastResult) {
    setShownReply(lastResult);
    setErrors(errorsOf(lastResult));
    setFocusRequest((n) => n + 1);
  }
  useEffect(() => {
    const first = focusRequest ? document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: "center" }); // its label and message in view, clear of the sticky header
  }, [focusRequest, formId]);

  const checker = useRef<Checker | null>(null);
  const loading = useRef<Promise<Checker | null> | null>(null);
  /** Fields typed in before the schema had loaded: checked again once it has. */
  const pending = useRef<{ form: HTMLFormElement; names: Set<string> } | null>(null);

  /** Checks these fields again, keeping the errors of the others (the server's own among them). */
  const recheck = (form: HTMLFormElement, touched: Iterable<string>) => {
    const found = checker.current?.(form);
    if (!found) return;
    setErrors((current) => {
      const next = { ...current };
      for (const name of touched) {
        if (!next[name]) continue;
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return next;
    });
  };

  const load = () =>
    (loading.current ??= Promise.all([loadSchema(), import("~/utils/form-submission.ts")])
      .then(([schema, { parseSubmission }]) => {
        checker.current = (form) => {
          const submission = parseSubmission(new FormData(form), schema);
          return submission.status === "success" ? {} : errorsOf(submission.reply());
        };
        const typed = pending.current;
        pending.current = null;
        if (typed) recheck(typed.form, typed.names);
        return checker.current;
      })
      .catch(() => (loading.current = null))); // offline or a failed chunk: tried again at the next focus; the server still checks everything

  /** As the person types in a field that shows an error, check it again. */
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    const form = event.currentTarget;
    if (!errors[name]) return;
    if (checker.current) return recheck(form, [name]);
    pending.current = { form, names: new Set([...(pending.current?.names ?? []), name]) };
    void load();
  };

  /**
   * Checks the whole form before sending (waiting for the schema if it is still loading), with
   * the browser's own `extra` checks; shows the errors, focuses the first, and answers false if
   * something is wrong.
   */
  const check = async (form: HTMLFormElement, extra: Record<string, string | undefined> = {}) => {
    const found = { ...(await load())?.(form) };
    for (const [name, message] of Object.entries(extra)) if (message) found[name] = [message];
    if (Object.keys(found).length === 0) return true;
    setErrors(found);
    setFocusRequest((n) => n + 1);
    return false;
  };

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

  return { form: { id: formId, errorId: `${id}-form-error`, errors: errors[""] ?? [], onFocus: () => void load(), onInput, check }, fields };
}
