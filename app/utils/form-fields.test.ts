import { describe, expect, it } from "vitest";
import { z } from "zod";
import { optionalEmailField, optionalPhoneField, personNameField, phoneField, requiredEmailField, typedTextField } from "./form-fields.ts";
import { MESSAGES } from "./messages.ts";

/** The messages of a refused value, or its output. */
const read = (schema: z.core.$ZodType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((issue) => issue.message) };
};

describe("the shared form fields (zod/mini)", () => {
  it("phone: required, normalised to +966, refused when it is not a number", () => {
    expect(read(phoneField(), " 050 123 4567 ")).toEqual({ value: "+966501234567" });
    expect(read(phoneField(), "  ")).toEqual({ messages: [MESSAGES.phoneRequired] });
    expect(read(phoneField(), undefined)).toEqual({ messages: [MESSAGES.phoneRequired] });
    expect(read(phoneField(), "call me")).toEqual({ messages: [MESSAGES.phoneInvalid] });
    expect(read(phoneField(), "0".repeat(31))).toEqual({ messages: [MESSAGES.phoneInvalid] });
    // «12345» was stored as «+96612345» under the old "8 to 15 digits" rule.
    expect(read(phoneField(), "12345")).toEqual({ messages: [MESSAGES.phoneInvalid] });
    expect(read(phoneField(), "٠٥٠-١٢٣-٤٥٦٧")).toEqual({ value: "+966501234567" });
    expect(read(phoneField(), "+971 50 123 4567")).toEqual({ value: "+971501234567" });
  });

  it("phone, WhatsApp: a mobile in wa.me's form; a landline refused with the field's message", () => {
    const whatsapp = phoneField({ mobile: true, form: "wa.me", invalid: "رقم واتساب غير صحيح" });
    expect(read(whatsapp, "0551234567")).toEqual({ value: "966551234567" });
    expect(read(whatsapp, "0112345678")).toEqual({ messages: ["رقم واتساب غير صحيح"] });
    expect(read(phoneField(), "0112345678")).toEqual({ value: "+966112345678" });
  });

  it("optional phone: empty or missing is '', anything given must be a number", () => {
    expect(read(optionalPhoneField(), undefined)).toEqual({ value: "" });
    expect(read(optionalPhoneField(), "  ")).toEqual({ value: "" });
    expect(read(optionalPhoneField(), "011 234 5678")).toEqual({ value: "+966112345678" });
    expect(read(optionalPhoneField(), "12345")).toEqual({ messages: [MESSAGES.phoneInvalid] });
  });

  it("person name: cleaned of bidi controls and marks; required only when asked; at most its length", () => {
    expect(read(personNameField(), "\u202Eسارة\u202C  \u200Fالعلي ")).toEqual({ value: "سارة العلي" });
    expect(read(personNameField(), "\u202E")).toEqual({ value: "" });
    expect(read(personNameField({ required: "يرجى إدخال الاسم" }), "\u202E \u200F")).toEqual({ messages: ["يرجى إدخال الاسم"] });
    expect(read(personNameField({ max: 5 }), "عبدالرحمن")).toEqual({ messages: [MESSAGES.tooLong] });
  });

  it("typed text: bidi controls removed and trimmed; required and length as asked", () => {
    expect(read(typedTextField({ max: 20 }), " نص\u202E مقلوب ")).toEqual({ value: "نص مقلوب" });
    expect(read(typedTextField({ required: "يرجى كتابة وصف", max: 20 }), " ")).toEqual({ messages: ["يرجى كتابة وصف"] });
    expect(read(typedTextField({ max: 3 }), "أربعة")).toEqual({ messages: [MESSAGES.tooLong] });
  });

  it("optional e-mail: empty or missing is '', anything given must be an address", () => {
    expect(read(optionalEmailField(), undefined)).toEqual({ value: "" });
    expect(read(optionalEmailField(), " a@b.sa ")).toEqual({ value: "a@b.sa" });
    expect(read(optionalEmailField(), "nope")).toEqual({ messages: [MESSAGES.emailInvalid] });
    expect(read(optionalEmailField(), `${"a".repeat(200)}@b.sa`)).toEqual({ messages: [MESSAGES.tooLong] });
  });

  it("required e-mail: missing, then malformed or too long", () => {
    expect(read(requiredEmailField(), " a@b.sa ")).toEqual({ value: "a@b.sa" });
    expect(read(requiredEmailField(), " ")).toEqual({ messages: [MESSAGES.emailRequired] });
    expect(read(requiredEmailField(), "nope")).toEqual({ messages: [MESSAGES.emailInvalid] });
    expect(read(requiredEmailField(), `${"a".repeat(200)}@b.sa`)).toEqual({ messages: [MESSAGES.emailInvalid] });
  });

  it("work inside a classic z.object (the back office's schemas)", () => {
    const schema = z.object({ name: personNameField({ required: "يرجى إدخال الاسم" }), phone: phoneField(), email: optionalEmailField() });
    expect(schema.parse({ name: " خالد ", phone: "0551234567" })).toEqual({ name: "خالد", phone: "+966551234567", email: "" });
    const refused = schema.safeParse({ name: "", phone: "x" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "يرجى إدخال الاسم"],
      ["phone", MESSAGES.phoneInvalid],
    ]);
  });
});
