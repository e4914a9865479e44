import { describe, expect, it } from "vitest";
import { z } from "zod";
import { COMMON_PASSWORDS, isCommonPassword } from "./common-passwords.ts";
import { parseSubmission } from "./form-submission.ts";
import { MESSAGES } from "./messages.ts";
import { confirmationMatches, newPasswordFields, PASSWORD_RULES } from "./password-fields.ts";

const schema = z.object(newPasswordFields()).superRefine(confirmationMatches);

/** The messages a new password and its confirmation get, as a form posts them (an empty field is not sent). */
function check(password: string, confirmation: string) {
  const form = new FormData();
  form.set("password", password);
  form.set("confirmation", confirmation);
  const submission = parseSubmission(form, schema);
  return submission.status === "success" ? { ok: true, password: submission.value.password } : { ok: false, errors: submission.reply().error };
}

describe("new password rules", () => {
  it("accepts a matching password of at least 6 characters that is not common", () => {
    expect(check("Najd-1445", "Najd-1445")).toEqual({ ok: true, password: "Najd-1445" });
    expect(check("شقة٢٠٢٤", "شقة٢٠٢٤")).toEqual({ ok: true, password: "شقة٢٠٢٤" });
  });

  it("requires both fields, each under its own", () => {
    const required = "يرجى إدخال كلمة المرور الجديدة وتأكيدها";
    expect(MESSAGES.passwordRequired).toBe(required);
    expect(check("", "")).toEqual({ ok: false, errors: { password: [required], confirmation: [required] } });
    expect(check("Najd-1445", "")).toEqual({ ok: false, errors: { confirmation: [required] } });
    expect(check("", "Najd-1445")).toEqual({ ok: false, errors: { password: [required] } });
    expect(check("      ", "      ")).toEqual({ ok: false, errors: { password: [required], confirmation: [required] } });
  });

  it("refuses a confirmation that does not match, under the confirmation", () => {
    expect(check("Najd-1445", "Najd-1446")).toEqual({ ok: false, errors: { confirmation: ["كلمات المرور غير متطابقة"] } });
  });

  it("refuses fewer than 6 characters, counting Arabic letters as one each", () => {
    expect(PASSWORD_RULES.minLength).toBe(6);
    const tooShort = { ok: false, errors: { password: ["يجب أن تكون كلمة المرور 6 أحرف على الأقل"] } };
    expect(check("Nj-14", "Nj-14")).toEqual(tooShort);
    expect(check("بيتنا", "بيتنا")).toEqual(tooShort);
    expect(check("Nj-145", "Nj-145")).toMatchObject({ ok: true });
    // SPEC's sentence as SPEC writes it (decision 026), saying the rule's own number.
    expect(MESSAGES.passwordTooShort).toContain(` ${PASSWORD_RULES.minLength} `);
  });

  it("refuses an overlong password", () => {
    const long = "ب".repeat(PASSWORD_RULES.maxLength + 1);
    expect(check(long, long)).toEqual({ ok: false, errors: { password: [MESSAGES.tooLong] } });
  });

  it("refuses the most common passwords, whatever their case", () => {
    const common = { ok: false, errors: { password: ["كلمة المرور هذه شائعة وسهلة التخمين، يرجى اختيار كلمة مرور أقوى"] } };
    for (const password of ["123456", "Password1", "QWERTY123", "١٢٣٤٥٦٧٨", "ضصثقيه", "ksa123456"]) expect(check(password, password), password).toEqual(common);
  });

  it("keeps about 200 common passwords, each long enough to get past the length rule", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(200);
    for (const password of COMMON_PASSWORDS) {
      expect([...password].length, password).toBeGreaterThanOrEqual(PASSWORD_RULES.minLength);
      expect(password, password).toBe(password.toLowerCase().trim());
      expect(isCommonPassword(password.toUpperCase())).toBe(true);
    }
  });
});
