import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { replyFormError, replySuccess, replyToRefusal, replyToSubmission } from "./form-reply.server.ts";
import { formErrorsOf, parseSubmission } from "./form-submission.ts";

const schema = z.object({
  name: z.string().check(z.minLength(1, "يرجى إدخال الاسم")),
  password: z.string().check(z.minLength(8, "كلمة المرور قصيرة")),
  units: z.array(z.object({ area: z.string().check(z.regex(/^\d+$/, "المساحة أرقام فقط")) })),
});

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("parseSubmission", () => {
  it("gives the schema's output on success", () => {
    const submission = parseSubmission(
      form([
        ["name", "خالد"],
        ["password", "a-long-one"],
        ["units[0].area", "120"],
      ]),
      schema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ name: "خالد", password: "a-long-one", units: [{ area: "120" }] });
  });

  it("names each message by its field's path", () => {
    const submission = parseSubmission(
      form([
        ["name", ""],
        ["password", "short"],
        ["units[0].area", "12a"],
      ]),
      schema,
    );
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ name: ["يرجى إدخال الاسم"], password: ["كلمة المرور قصيرة"], "units[0].area": ["المساحة أرقام فقط"] });
  });
});

describe("form replies", () => {
  it("answers 400 with the field messages and what was typed, never a hidden field, echoes cut to their limits", async () => {
    const submission = parseSubmission(
      form([
        ["name", ""],
        ["password", "short"],
        ["units[0].area", "9".repeat(5000)],
      ]),
      schema,
    );
    const answer = replyToSubmission(submission, { hideFields: ["password"], echoLimits: { area: 10 } });
    expect(answer.init?.status).toBe(400);
    expect(answer.data.status).toBe("error");
    expect(answer.data.initialValue).toEqual({ units: [{ area: "9".repeat(10) }] }); // an empty field is not given back
  });

  it("puts a server rule's message on the whole form or on one field", () => {
    const submission = parseSubmission(
      form([
        ["name", "خالد"],
        ["password", "a-long-one"],
      ]),
      schema,
    );
    const whole = replyToSubmission(submission, { formErrors: ["الموظف غير موجود"], status: 404 });
    expect(whole.init?.status).toBe(404);
    expect(formErrorsOf(whole.data)).toEqual(["الموظف غير موجود"]);
    const field = replyToSubmission(submission, { fieldErrors: { name: ["الاسم مستخدم"] }, status: 409 });
    expect(field.data.error?.name).toEqual(["الاسم مستخدم"]);
  });

  it("answers a refused body with its status and message, giving back the readable fields but not hidden ones", () => {
    const answer = replyToRefusal(
      {
        ok: false,
        status: 400,
        message: "رسالة",
        form: form([
          ["name", "خالد"],
          ["code", "123456"],
        ]),
      },
      { hideFields: ["code"] },
    );
    expect(answer.init?.status).toBe(400);
    expect(formErrorsOf(answer.data)).toEqual(["رسالة"]);
    expect(answer.data.initialValue).toEqual({ name: "خالد" });
    const empty = replyToRefusal({ ok: false, status: 413, message: "كبير", form: new FormData() });
    expect(empty.init?.status).toBe(413);
    expect(empty.data.initialValue).toBeUndefined(); // not null, which would clear the form in the browser
  });

  it("answers a success with its status and a cleared form; also without a submission (a filled honeypot)", () => {
    const submission = parseSubmission(
      form([
        ["name", "خالد"],
        ["password", "a-long-one"],
      ]),
      schema,
    );
    expect(replySuccess(submission).data).toEqual({ status: "success", initialValue: null });
    expect(replySuccess().data).toEqual({ status: "success", initialValue: null });
  });

  it("puts a check's message under one field when asked (a refused upload), with what was typed", () => {
    const answer = replyFormError("الصورة كبيرة", new URLSearchParams([["name", "خالد"]]), { field: "photos", status: 413 });
    expect(answer.init?.status).toBe(413);
    expect(answer.data).toEqual({ status: "error", error: { photos: ["الصورة كبيرة"] }, initialValue: { name: "خالد" } });
    expect(formErrorsOf(answer.data)).toEqual([]);
  });

  it("carries a check's status and headers (rate limit)", () => {
    const answer = replyFormError("محاولات كثيرة", form([["name", "خالد"]]), { status: 429, headers: { "Retry-After": "60" } });
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("60");
  });
});
