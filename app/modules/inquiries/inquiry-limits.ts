import { FIELD_LIMITS } from "~/utils/field-limits.ts";

/**
 * The longest value of each typed field of the inquiry form: the schema checks it, the form gives
 * it to `maxLength`, an echo is cut to it. No zod here: the form loads this file on first load.
 */
export const INQUIRY_LIMITS = { name: FIELD_LIMITS.personName, phone: FIELD_LIMITS.phone, email: FIELD_LIMITS.email, message: 3000, propertyTitle: 200 } as const;
