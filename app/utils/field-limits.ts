/**
 * The longest value of the fields every form shares: the schemas' field helpers
 * (form-fields.ts) check them, the pages give them to `maxLength`, and an echo is cut to them.
 * No zod here: the public pages load this file on first load.
 */
export const FIELD_LIMITS = { personName: 100, phone: 30, email: 200 } as const;
