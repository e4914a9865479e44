import * as z from "zod/mini";
import { requiredEmailField } from "~/utils/form-fields.ts";

/**
 * The alert form («نبهني بالعروض الجديدة»): the visitor's e-mail. The saved search is not a
 * field: it is the filters in the form's address (/alerts?city=…), read by the action as /offers
 * reads them. zod/mini: the form loads this schema in the browser when it is first used.
 */
export const alertSchema = z.object({ email: requiredEmailField() });
