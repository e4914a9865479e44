import { z } from "zod";
import { identityFields, optionalIdentityFields } from "~/modules/auth/index.ts";
import { optionalEmailField, personNameField, phoneField } from "~/utils/form-fields.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { ROLES } from "~/modules/users/index.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

/** The staff page's texts (our own wording: the firm's texts do not cover this page). */
export const STAFF_MESSAGES = {
  added: "تمت إضافة الموظف بنجاح",
  updated: "تم حفظ التغيير",
  nameRequired: "يرجى إدخال الاسم",
  usernameRequired: "يرجى إدخال اسم المستخدم",
  usernameInvalid: formatDigitsArabic("اسم المستخدم من 3 إلى 40 حرفًا: أحرف لاتينية أو أرقام أو . _ -"),
  roleRequired: "يرجى اختيار الدور",
  phoneTaken: "يوجد موظف بنفس رقم الهاتف",
  usernameTaken: "يوجد موظف بنفس اسم المستخدم",
  notSelf: "لا يمكنك تغيير دورك أو إيقاف حسابك بنفسك",
  lastManager: "يجب أن يبقى مدير عام نشط واحد على الأقل",
  unknown: "الموظف غير موجود",
} as const;

export const STAFF_LIMITS = { username: 40 } as const;

const roleField = () => z.enum(ROLES, STAFF_MESSAGES.roleRequired);

/** A staff member's id from the page: digits only (no 1e3, no -1). */
const staffIdField = () =>
  z
    .string(STAFF_MESSAGES.unknown)
    .regex(/^\d{1,9}$/, STAFF_MESSAGES.unknown)
    .transform(Number);

/**
 * Adding a staff member: name, username (stored in lower case), phone (normalised, the sign-in
 * allow-list), optional e-mail, role; confirmed by the manager's password or SMS code, since a
 * stolen session must not bring in an attacker's phone.
 */
export const staffAddSchema = (hasPassword: boolean) =>
  z.object({
    name: personNameField({ required: STAFF_MESSAGES.nameRequired }),
    username: z
      .string(STAFF_MESSAGES.usernameRequired)
      .trim()
      .toLowerCase()
      .min(1, STAFF_MESSAGES.usernameRequired)
      .regex(new RegExp(`^[a-z0-9._-]{3,${STAFF_LIMITS.username}}$`), STAFF_MESSAGES.usernameInvalid),
    phone: phoneField(),
    email: optionalEmailField(),
    role: roleField(),
    ...identityFields(hasPassword),
  });

/** A role change from the table; making someone a manager needs the manager's password or code (the server asks). */
export const staffRoleSchema = z.object({ id: staffIdField(), role: roleField(), ...optionalIdentityFields() });

/** Deactivating (ends the person's sessions at once) or reactivating. */
export const staffActiveSchema = z.object({
  id: staffIdField(),
  active: z.enum(["true", "false"], MESSAGES.badRequest).transform((value) => value === "true"),
});
