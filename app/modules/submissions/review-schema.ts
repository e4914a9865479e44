import { z } from "zod";
import { SUBMISSION_REVIEW_MESSAGES } from "./status.ts";

/**
 * The review page's buttons: "create an offer from this request" or "reject",
 * each naming its submission. Back office only.
 */
export const reviewActionSchema = z.object({
  intent: z.enum(["offer", "reject"], { message: SUBMISSION_REVIEW_MESSAGES.invalidRequest }),
  id: z.coerce
    .number({ message: SUBMISSION_REVIEW_MESSAGES.notFound })
    .int(SUBMISSION_REVIEW_MESSAGES.notFound)
    .positive(SUBMISSION_REVIEW_MESSAGES.notFound)
    .max(Number.MAX_SAFE_INTEGER, SUBMISSION_REVIEW_MESSAGES.notFound),
});
