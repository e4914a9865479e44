import { formatPaths, parse, type Submission, type SubmissionResult } from "@conform-to/dom";
import { safeParse, type $ZodType, type input, type output } from "zod/v4/core";

/**
 * What every form action answers, success or not: Conform's submission result. `error[""]`
 * holds the messages about the whole form (rate limit, bot check, a refused body), the other
 * keys one field's messages; `initialValue` is what the person typed, given back so a refusal
 * loses nothing (also without JavaScript).
 */
export type FormReply = SubmissionResult<string[]>;

/**
 * Reads a posted form with its Zod schema (classic or zod/mini): the one parser of every action
 * on the server, and of the browser's checks as the person types. Field names may be paths
 * (`units[0].area`); a value is what the form posted, unchanged (the schema trims and converts).
 */
export function parseSubmission<Schema extends $ZodType>(formData: FormData | URLSearchParams, schema: Schema): Submission<input<Schema>, string[], output<Schema>> {
  return parse(formData, {
    resolve(value) {
      const result = safeParse(schema, value);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((key) => typeof key !== "symbol"));
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

/**
 * A reply with one message about the whole form, and what was typed (if any) given back. With
 * nothing to give back it gives no `initialValue` at all: `null` would tell Conform to clear the
 * form, and the page still holds what was typed (a body refused unread, a save that never reached
 * the server).
 */
export function formErrorReply(message: string, initialValue?: FormReply["initialValue"]): FormReply {
  return { status: "error", error: { "": [message] }, ...(initialValue ? { initialValue } : {}) };
}

/** The messages about the whole form in a reply (none for a success or no reply yet). */
export function formErrorsOf(reply: FormReply | null | undefined): string[] {
  return reply?.error?.[""] ?? [];
}

/**
 * A route's shouldRevalidate for pages with forms: a refused form changed nothing, so no loader
 * runs again after it. A server action's refusal already says so by its 4xx status; this covers a
 * clientAction's reply (the offer form's, which must keep the page when the connection is down),
 * without `react-router`'s `data()` in browser code, whose import alone splits React into a chunk
 * of its own on every public page.
 */
export function keepPageAfterRefusal({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  const refused = typeof actionResult === "object" && actionResult !== null && (actionResult as Partial<FormReply>).status === "error";
  return refused ? false : defaultShouldRevalidate;
}
