import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useEffectEvent, useRef } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { parseSubmission } from "~/utils/form-submission.ts";
import { useConformIntentGuard } from "./conform-intent.ts";
import { useFormChanges, useUnsavedChanges } from "./unsaved-changes.tsx";

/**
 * A back-office form with Conform: the page's own Zod schema checks each field when the person
 * leaves it and again as they type once it has shown an error, so an error clears as soon as the
 * field is fixed; the submit is stopped while a field is wrong. The server parses the same
 * schema again (it is the authority) and its reply (`lastResult`) shows in the same places.
 */
export function useAppForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  defaultValue,
  ownChanges = false,
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The saved values the fields start from (kept current: see below). */
  defaultValue?: Parameters<typeof useForm<input<Schema>, output<Schema>, string[]>>[0]["defaultValue"];
  /** Changes the page holds itself (units, photos, a map point: hidden fields), not yet saved. */
  ownChanges?: boolean;
}) {
  const [form, fields] = useForm<input<Schema>, output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
  useConformIntentGuard();
  const changed = useFormChanges(form.id) || ownChanges;
  useUnsavedChanges(changed);
  // The saved values changed (someone else saved, the page refreshed live): a form nobody is
  // editing shows them; one being edited keeps what is typed, and shows them once its changes are undone.
  const saved = JSON.stringify(defaultValue ?? null);
  const shown = useRef(saved);
  useEffect(() => {
    if (saved === shown.current || changed) return;
    shown.current = saved;
    // Only a form on the page is reset (Conform's reset needs its element: an editor opened in place may be closed).
    if (document.forms.namedItem(id)) form.reset();
  }, [saved, changed, form, id]);
  return [form, fields, { changed }] as const;
}

/**
 * A back-office save ends without a refusal: a redirect with a toast (post → redirect → get: the
 * fetcher ends without a new reply, React Router keeps the last one) or, from the page's script,
 * the toast as its reply (decision 030). The form is then cleared to its defaults (the saved
 * values, as the page loads them again), as `replySuccess` clears a form that stays. A refusal is
 * a new reply and keeps what was typed.
 */
export function useResetAfterSave(fetcher: { state: string; data: unknown }, form: { reset: () => void }) {
  useClearAfterSave(fetcher, form.reset);
}

/**
 * Runs `clear` when the fetcher's post ends in a save, not after a refusal. A save answered in
 * place is cleared as its answer arrives, while the page still reloads its data: its confirmation
 * shows then, and a person who starts typing the next entry must not have it cleared when the
 * reload ends. A redirect's save (no new reply) is cleared when the reload ends.
 */
export function useClearAfterSave(fetcher: { state: string; data: unknown }, clear: () => void) {
  const sent = useRef<{ data: unknown } | null>(null);
  const onSaved = useEffectEvent(clear);
  useEffect(() => {
    if (fetcher.state === "submitting") {
      sent.current ??= { data: fetcher.data };
      return;
    }
    if (!sent.current) return;
    const before = sent.current.data;
    const answered = fetcher.data !== before;
    if (answered && (fetcher.data as { status?: unknown } | undefined)?.status === "success") {
      sent.current = null;
      onSaved();
    } else if (fetcher.state === "idle") {
      sent.current = null;
      if (!answered) onSaved();
    }
  }, [fetcher.state, fetcher.data]);
}
