import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import { guardPublicForm } from "~/modules/form-guard/form-guard.server.ts";
import { notifyInBackground } from "~/modules/messaging/background.server.ts";
import { inquiryMail } from "~/modules/notifications/manager-notifications.server.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import type { InquiryActionResult } from "./components/inquiry-form.tsx";
import { createInquiry } from "./inquiries.server.ts";
import { INQUIRY_TEXT_LIMITS, parseInquiry } from "./schema.ts";

/** The fields given back on a refusal, each cut to its limit. */
function echo(form: FormData): Record<string, string> {
  return Object.fromEntries(Object.entries(INQUIRY_TEXT_LIMITS).map(([key, max]) => [key, String(form.get(key) ?? "").slice(0, max)]));
}

/** An inquiry post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseInquiry(refusal: FormRefusal) {
  return data<InquiryActionResult>({ intent: "inquiry", ok: false, errors: { form: refusal.message }, values: echo(refusal.form) }, { status: refusal.status });
}

/**
 * Handles an inquiry form post (offer page, contact page): rate limit, honeypot and proof of
 * work, then validation, storage and the manager's e-mail. What the visitor typed comes back
 * on every refusal.
 */
export async function handleInquiryPost(services: AppServices, address: string, form: FormData) {
  const guard = await guardPublicForm(services.db, "inquiry", address, form);
  if (!guard.ok && guard.silent) return data<InquiryActionResult>({ intent: "inquiry", ok: true, inquiryId: 0 });
  if (!guard.ok) {
    const headers: HeadersInit = guard.retryAfterSeconds ? { "Retry-After": String(guard.retryAfterSeconds) } : {};
    return data<InquiryActionResult>({ intent: "inquiry", ok: false, errors: { form: guard.message }, values: echo(form) }, { status: guard.status, headers });
  }
  const parsed = parseInquiry(form);
  if (!parsed.ok) {
    return data<InquiryActionResult>({ intent: "inquiry", ok: false, errors: parsed.errors, values: echo(form) }, { status: 400 });
  }
  const inquiry = await createInquiry(services.db, parsed.data);
  void notifyInBackground("inquiry", () => inquiryMail(services, inquiry));
  return data<InquiryActionResult>({ intent: "inquiry", ok: true, inquiryId: inquiry.id });
}
