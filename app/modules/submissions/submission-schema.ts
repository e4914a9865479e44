import * as z from "zod/mini";
import { optionalEmailField, personNameField, phoneField, typedTextField } from "~/utils/form-fields.ts";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";
import { OTHER_NEIGHBOURHOOD, SUBMISSION_GOALS, SUBMISSION_MESSAGES, SUBMISSION_TEXT_LIMITS as MAX, type SubmissionGoal } from "./limits.ts";

/**
 * The area as a number: digits only (Arabic-Indic ones welcome, thousands separators allowed), at
 * most NUMBER_LIMITS.area; null when it is not one (refused with areaInvalid, never stored as 0).
 */
export function parseArea(input: string): number | null {
  return readTypedNumber(input, { max: NUMBER_LIMITS.area });
}

/**
 * The owner's expected price: whole riyals typed with Arabic-Indic or Latin digits, thousands
 * separated by spaces or commas or not at all; null when left empty (it is optional), undefined
 * when it is not a price (refused with priceInvalid, never stored as 0).
 */
export function parseExpectedPrice(input: string): number | null | undefined {
  if (input.trim() === "") return null;
  const price = readTypedNumber(input, { max: NUMBER_LIMITS.price, whole: true });
  return price === null || price === 0 ? undefined : price;
}

const GOAL_VALUES: readonly string[] = SUBMISSION_GOALS.map((goal) => goal.value);

const requiredText = (message: string, max: number) => typedTextField({ required: message, max });
const optionalText = (max: number) => z.optional(typedTextField({ max }));

/** The neighbourhood chosen: the typed one when "other" was picked or the city has no list (no dropdown then). */
function chosenNeighbourhood({ neighbourhood, neighbourhoodOther }: { neighbourhood?: string; neighbourhoodOther?: string }) {
  const typed = neighbourhood === OTHER_NEIGHBOURHOOD || !neighbourhood;
  return { typed, name: (typed ? neighbourhoodOther : neighbourhood) ?? "" };
}

/**
 * The owner submission's text fields (the photos are checked apart: by the browser before the
 * upload, by the server as it reads them). A missing neighbourhood is named under the box the
 * person sees: the "other" box when it was posted, the dropdown otherwise.
 */
export const submissionSchema = z.pipe(
  z
    .object({
      clientName: personNameField({ required: SUBMISSION_MESSAGES.nameRequired, max: MAX.clientName }),
      clientPhone: phoneField(),
      clientEmail: optionalEmailField(),
      propertyType: requiredText(SUBMISSION_MESSAGES.typeRequired, MAX.propertyType),
      city: requiredText(SUBMISSION_MESSAGES.cityRequired, MAX.city),
      neighbourhood: optionalText(MAX.neighbourhood),
      neighbourhoodOther: optionalText(MAX.neighbourhoodOther),
      area: z.pipe(
        requiredText(SUBMISSION_MESSAGES.areaRequired, MAX.area).check(
          z.refine((area) => area === "" || area.length > MAX.area || parseArea(area) !== null, SUBMISSION_MESSAGES.areaInvalid),
        ),
        z.transform((area: string) => parseArea(area) ?? 0),
      ),
      description: requiredText(SUBMISSION_MESSAGES.descriptionRequired, MAX.description),
      goal: z.pipe(
        z.string({ error: SUBMISSION_MESSAGES.goalRequired }).check(z.refine((goal) => GOAL_VALUES.includes(goal), SUBMISSION_MESSAGES.goalRequired)),
        z.transform((goal: string) => goal as SubmissionGoal),
      ),
      expectedPrice: z.pipe(
        z
          .optional(typedTextField({ max: MAX.expectedPrice }))
          .check(z.refine((price) => price === undefined || price.length > MAX.expectedPrice || parseExpectedPrice(price) !== undefined, SUBMISSION_MESSAGES.priceInvalid)),
        z.transform((price: string | undefined) => (price === undefined ? null : (parseExpectedPrice(price) ?? null))),
      ),
    })
    .check(
      z.superRefine(
        (value, ctx) => {
          const { typed, name } = chosenNeighbourhood(value);
          if (name) return;
          const path = typed && value.neighbourhoodOther !== undefined ? "neighbourhoodOther" : "neighbourhood";
          ctx.addIssue({ code: "custom", message: SUBMISSION_MESSAGES.neighbourhoodRequired, path: [path], input: value[path] });
        },
        // Also when other fields are wrong, so that every missing field is named at once.
        {
          when: (payload) =>
            typeof payload.value === "object" &&
            payload.value !== null &&
            !payload.issues.some((issue) => issue.path?.[0] === "neighbourhood" || issue.path?.[0] === "neighbourhoodOther"),
        },
      ),
    ),
  z.transform(({ neighbourhood, neighbourhoodOther, ...rest }) => ({ ...rest, neighbourhood: chosenNeighbourhood({ neighbourhood, neighbourhoodOther }).name })),
);

export type SubmissionData = z.output<typeof submissionSchema>;

/**
 * The server's own check after the schema: the type and the city must be among the lists the
 * dropdowns offered. Messages per field, none when both are known.
 */
export function choiceErrors(data: Pick<SubmissionData, "propertyType" | "city">, choices: { propertyTypes: readonly string[]; cities: readonly string[] }) {
  const errors: Record<string, string[]> = {};
  if (!choices.propertyTypes.includes(data.propertyType)) errors.propertyType = [SUBMISSION_MESSAGES.typeRequired];
  if (!choices.cities.includes(data.city)) errors.city = [SUBMISSION_MESSAGES.cityRequired];
  return errors;
}
