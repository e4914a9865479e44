import { z } from "zod";
import { optionalEmailField, personNameField, phoneField, typedTextField } from "~/utils/form-fields.ts";
import { OTHER_NEIGHBOURHOOD, parseArea, SUBMISSION_MESSAGES, SUBMISSION_TEXT_LIMITS as MAX, type SubmissionErrors, type SubmissionField } from "./limits.ts";

const requiredText = (message: string, max: number) => typedTextField({ required: message, max });

export const submissionSchema = z.object({
  clientName: personNameField({ required: SUBMISSION_MESSAGES.nameRequired, max: MAX.clientName }),
  clientPhone: phoneField(),
  clientEmail: optionalEmailField(),
  propertyType: requiredText(SUBMISSION_MESSAGES.typeRequired, MAX.propertyType),
  city: requiredText(SUBMISSION_MESSAGES.cityRequired, MAX.city),
  neighbourhood: requiredText(SUBMISSION_MESSAGES.neighbourhoodRequired, MAX.neighbourhood),
  area: requiredText(SUBMISSION_MESSAGES.areaRequired, MAX.area).transform((value, ctx) => {
    const area = parseArea(value);
    if (area !== null) return area;
    ctx.addIssue({ code: "custom", message: SUBMISSION_MESSAGES.areaInvalid });
    return z.NEVER;
  }),
  description: requiredText(SUBMISSION_MESSAGES.descriptionRequired, MAX.description),
});

export type SubmissionData = z.output<typeof submissionSchema>;


/**
 * Validates the text fields. `choices` are the lists the dropdowns offered: a type or city
 * outside them is refused. The neighbourhood "other" box is used when "أخرى" was picked or the
 * city has no list.
 */
export function parseSubmission(
  fields: Record<string, string | undefined>,
  choices: { propertyTypes: readonly string[]; cities: readonly string[] },
): { ok: true; data: SubmissionData } | { ok: false; errors: SubmissionErrors } {
  const neighbourhood = fields.neighbourhood === OTHER_NEIGHBOURHOOD || !fields.neighbourhood ? fields.neighbourhoodOther : fields.neighbourhood;
  const result = submissionSchema.safeParse({ ...fields, neighbourhood });
  const errors: SubmissionErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path[0] as SubmissionField] ??= issue.message;
  } else {
    if (!choices.propertyTypes.includes(result.data.propertyType)) errors.propertyType = SUBMISSION_MESSAGES.typeRequired;
    if (!choices.cities.includes(result.data.city)) errors.city = SUBMISSION_MESSAGES.cityRequired;
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: result.data };
}

