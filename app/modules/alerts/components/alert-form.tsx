import { useId, useLayoutEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { emailInputProps, Field, FormNotice } from "~/components/forms/field.tsx";
import { usePublicForm } from "~/components/forms/use-public-form.ts";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProtectedFetcherForm } from "~/modules/form-guard/components/use-proof-of-work.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { ALERT_LIMITS, ALERT_MESSAGES } from "../alert-limits.ts";

const FIELDS = ["email"] as const;
/** The schema (and zod) load when the visitor first focuses the form. */
const loadSchema = () => import("../alert-schema.ts").then((module) => module.alertSchema);

/**
 * «نبهني بالعروض الجديدة»: the e-mail field, posted to /alerts with the search's filters in the
 * address (`search`: "?city=…" or ""), with the public forms' bot check and honeypot. On /offers
 * it is loaded only when the visitor opens the block (alert-subscribe.tsx) and replaces the plain
 * form there, taking over what was typed in it and the focus (`takeOver`); /alerts renders it
 * directly (and without JavaScript its own post comes back there).
 */
export function AlertForm({ search, takeOver }: { search: string; takeOver?: () => { value: string; focused: boolean; send: boolean } }) {
  const fetcher = useFetcher<FormReply>();
  const pageReply = useActionData<FormReply>(); // without JavaScript the /alerts page itself posts
  const reply = fetcher.data ?? pageReply;
  const id = useId();
  const { form, fields } = usePublicForm({ id, names: FIELDS, lastResult: reply, loadSchema });
  const action = `/alerts${search}`;
  const { busy, formProps } = useProtectedFetcherForm(form, fetcher, action);
  const input = useRef<HTMLInputElement>(null);
  const tookOver = useRef(false);
  // Once, before the first paint: the plain form's field, just removed, still holds what was typed;
  // sent there, it is sent here (after the commit: this form's own handler does it, with the bot check).
  useLayoutEffect(() => {
    if (tookOver.current) return;
    tookOver.current = true;
    const prior = takeOver?.();
    if (!prior || !input.current) return;
    if (prior.value) input.current.value = prior.value;
    if (prior.focused) input.current.focus();
    const form = input.current.form;
    if (prior.send && form) setTimeout(() => form.requestSubmit(), 0);
  }, [takeOver]);

  if (reply?.status === "success") return <FormNotice success={ALERT_MESSAGES.subscribed} />;
  return (
    <fetcher.Form {...formProps} action={action} className="relative grid gap-3">
      <HoneypotField />
      <Field meta={fields.email} label="بريدك الإلكتروني">
        {(props) => (
          <div className="flex flex-wrap gap-2">
            <input {...props} {...emailInputProps} ref={input} className={`${emailInputProps.className} min-w-0 flex-1 basis-56`} required maxLength={ALERT_LIMITS.email} />
            <button type="submit" disabled={busy} className="rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60">
              {busy ? "جاري الإرسال..." : "فعّل التنبيه"}
            </button>
          </div>
        )}
      </Field>
      <FormNotice id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}
