import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { Env } from "~/utils/env.server.ts";
import type { $ZodType } from "zod/v4/core";
import { parseSubmission, type FormReply } from "~/utils/form-submission.ts";
import type { Toast } from "~/utils/toast.ts";
import { readToast } from "~/utils/toast.server.ts";
import { formData } from "./form-data.ts";

/** What a form action answered, as a test reads it. */
export interface Answer {
  status: number;
  /** The reply's messages: "" those about the whole form, the others one field's each. */
  errors: Record<string, string[]>;
  /** What was given back to the form. */
  initialValue: Record<string, unknown> | null;
  headers: Headers;
  /** A redirect's target, and the toast it carries. */
  location: string | null;
  toast: Toast | null;
}

/** Reads a form action's answer: a reply (`data(FormReply)`) or a redirect, with the toast the page will show. */
export async function readAnswer(answer: Response | DataWithResponseInit<FormReply>, env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "COOKIE_SECRETS">): Promise<Answer> {
  if (answer instanceof Response) {
    // The browser sends the cookies back: the next page's loader reads the toast.
    const cookie = answer.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const { toast } = await readToast(new Request(env.PUBLIC_URL, { headers: { cookie } }), env);
    return { status: answer.status, errors: {}, initialValue: null, headers: answer.headers, location: answer.headers.get("location"), toast };
  }
  const errors = Object.fromEntries(Object.entries(answer.data.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
  return {
    status: answer.init?.status ?? 200,
    errors,
    initialValue: (answer.data.initialValue as Record<string, unknown> | null | undefined) ?? null,
    headers: new Headers(answer.init?.headers),
    location: null,
    toast: null,
  };
}

/** Runs a route's action and reads its answer; a redirect it throws (a refused role, a finished save) is its answer too. */
export async function readActionAnswer(
  run: () => Promise<Response | DataWithResponseInit<FormReply>>,
  env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "COOKIE_SECRETS">,
): Promise<Answer> {
  try {
    return await readAnswer(await run(), env);
  } catch (thrown) {
    if (thrown instanceof Response) return await readAnswer(thrown, env);
    throw thrown;
  }
}

/** What a form's schema makes of these fields as the browser posts them: its value, or its messages per field. */
export function readForm<Schema extends $ZodType>(schema: Schema, fields: Record<string, string>) {
  const submission = parseSubmission(formData(fields), schema);
  return submission.status === "success" ? { value: submission.value } : { errors: submission.error };
}
