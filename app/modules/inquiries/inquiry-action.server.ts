import type { Db } from "~/db/client.server.ts";
import { data } from "react-router";
import type { InquiryActionResult } from "./components/inquiry-form.tsx";
import { createInquiry } from "./inquiries.server.ts";
import { parseInquiry } from "./schema.ts";

/** Handles an inquiry form post: validates, stores, and answers what the form shows. */
export async function handleInquiryPost(db: Db, form: FormData) {
  const parsed = parseInquiry(form);
  if (!parsed.ok) {
    const values = Object.fromEntries(
      ["name", "phone", "email", "message"].map((key) => [key, String(form.get(key) ?? "")]),
    );
    return data<InquiryActionResult>({ intent: "inquiry", ok: false, errors: parsed.errors, values }, { status: 400 });
  }
  const inquiry = await createInquiry(db, parsed.data);
  return data<InquiryActionResult>({ intent: "inquiry", ok: true, inquiryId: inquiry.id });
}
