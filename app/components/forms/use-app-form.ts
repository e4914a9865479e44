import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { parseSubmission } from "~/utils/form-submission.ts";

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
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Parameters<typeof useForm<input<Schema>, output<Schema>, string[]>>[0]["defaultValue"];
}) {
  return useForm<input<Schema>, output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
}

/**
 * A back-office save ends without a refusal: a redirect with a toast (post → redirect → get: the
 * fetcher ends without a new reply, React Router keeps the last one) or, from the page's script,
 * the toast as its reply (decision 030). The form is then cleared to its defaults (the saved
 * values, as the page loads them again), as `replySuccess` clears a form that stays. A refusal is
 * a new reply and keeps what was typed.
 */
export function useResetAfterSave(fetcher: { state: string; data: unknown }, form: { reset: () => void }) {
  const sent = useRef<{ data: unknown } | null>(null);
  useEffect(() => {
    if (fetcher.state === "submitting") sent.current ??= { data: fetcher.data };
    else if (fetcher.state === "idle" && sent.current) {
      const before = sent.current.data;
      sent.current = null;
      if (fetcher.data === before || (fetcher.data as { status?: unknown } | undefined)?.status === "success") form.reset();
    }
  }, [fetcher.state, fetcher.data, form]);
}
