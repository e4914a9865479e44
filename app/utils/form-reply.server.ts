import type { Submission } from "@conform-to/dom";
import { data } from "react-router";
import type { FormRefusal } from "./request-body.server.ts";
import { formErrorReply, type FormReply } from "./form-submission.ts";

/** The longest typed value given back in a reply unless a form says otherwise: the echo is never the attack's megabytes. */
const DEFAULT_ECHO_LIMIT = 3000;

type ReplyOptions = {
  /** Messages about the whole form (e.g. a rule the data broke). */
  formErrors?: string[];
  /** Messages for single fields found by a server rule (e.g. a username already taken). */
  fieldErrors?: Record<string, string[]>;
  /** Fields never given back (passwords, codes). */
  hideFields?: string[];
  /** Longest echo per field; others are cut at 3000 characters. */
  echoLimits?: Record<string, number>;
  status?: number;
  headers?: HeadersInit;
};

/** Cuts every string given back to its field's limit. */
function cutEcho(value: unknown, limits: Record<string, number>, key = ""): unknown {
  if (typeof value === "string") return value.slice(0, limits[key] ?? DEFAULT_ECHO_LIMIT);
  if (Array.isArray(value)) return value.map((item) => cutEcho(item, limits, key));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, cutEcho(item, limits, name)]));
  }
  return value;
}

/**
 * The answer to a submission that did not go through: its field messages (or the server's own),
 * with what the person typed given back, cut to the field limits; 400 unless said otherwise.
 */
export function replyToSubmission(submission: Submission<unknown, string[], unknown>, options: ReplyOptions = {}) {
  const reply = submission.reply({ formErrors: options.formErrors, fieldErrors: options.fieldErrors, hideFields: options.hideFields });
  const echoed: FormReply = {
    ...reply,
    initialValue: reply.initialValue ? (cutEcho(reply.initialValue, options.echoLimits ?? {}) as FormReply["initialValue"]) : reply.initialValue,
  };
  return data(echoed, { status: options.status ?? (echoed.status === "error" ? 400 : 200), headers: options.headers });
}

/**
 * A success that stays on the page (no redirect): `status: "success"` (the page shows its
 * confirmation) and the form cleared. Without a submission: the quiet "success" a filled
 * honeypot gets.
 */
export function replySuccess(submission?: Submission<unknown, string[], unknown>) {
  return data<FormReply>({ ...(submission?.reply({ resetForm: true }) ?? { initialValue: null }), status: "success" });
}

/**
 * A message from a check before the schema (rate limit, bot check, permission, a refused upload),
 * with the typed values given back: about the whole form, or with `field` under that field.
 */
export function replyFormError(
  message: string,
  form: FormData | URLSearchParams | undefined,
  options: Pick<ReplyOptions, "hideFields" | "echoLimits" | "status" | "headers"> & { field?: string } = {},
) {
  const values: Record<string, string> = {};
  for (const [name, value] of form ?? []) {
    if (typeof value === "string" && !options.hideFields?.includes(name)) values[name] = value;
  }
  const initialValue = Object.keys(values).length ? (cutEcho(values, options.echoLimits ?? {}) as FormReply["initialValue"]) : undefined;
  const reply = formErrorReply(message, initialValue);
  if (options.field) reply.error = { [options.field]: [message] };
  return data(reply, { status: options.status ?? 400, headers: options.headers });
}

/**
 * The answer to a post refused before its form could be read (too large, NUL character, bad
 * encoding): the message above the form, and the readable fields given back.
 */
export function replyToRefusal(refusal: FormRefusal, options: Pick<ReplyOptions, "hideFields" | "echoLimits"> = {}) {
  return replyFormError(refusal.message, refusal.form, { ...options, status: refusal.status });
}

/**
 * A public form route's `headers`: its action's Retry-After (a limit's 429) reaches the answer to a
 * post sent without JavaScript too. React Router passes an action's headers, other than cookies, to
 * a document answer only through the route's `headers` (a `.data` answer has them anyway).
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : {};
}
