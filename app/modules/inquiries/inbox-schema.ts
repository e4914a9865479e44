/**
 * The inbox's forms: a reply, a help request for the accountant, completing an
 * inquiry. One schema each, run by the page as staff type and by the action (through
 * `inboxActionSchema`, which reads the form's `intent`). Back office only.
 */
import { z } from "zod";
import { INQUIRY_MESSAGES } from "./status.ts";

/** The longest reply kept; more is cut, as the e-mail would carry it. */
export const INQUIRY_REPLY_MAX = 5000;
export const INQUIRY_HELP_LIMITS = { title: 200, details: 5000 } as const;

/** A required text: trimmed, refused blank with `message`, cut at `max`. */
const requiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .transform((value) => value.slice(0, max));

/** The inquiry a form acts on (a hidden field). */
const inquiryId = z.coerce
  .number({ message: INQUIRY_MESSAGES.notFound })
  .int(INQUIRY_MESSAGES.notFound)
  .positive(INQUIRY_MESSAGES.notFound)
  .max(Number.MAX_SAFE_INTEGER, INQUIRY_MESSAGES.notFound);

export const inboxReplySchema = z.object({
  intent: z.literal("reply"),
  id: inquiryId,
  /** Which button sent it. */
  method: z.enum(["email", "whatsapp"]),
  message: requiredText(INQUIRY_MESSAGES.replyRequired, INQUIRY_REPLY_MAX),
});

export const inboxHelpSchema = z.object({
  intent: z.literal("help"),
  id: inquiryId,
  title: requiredText(INQUIRY_MESSAGES.helpTitleRequired, INQUIRY_HELP_LIMITS.title),
  details: requiredText(INQUIRY_MESSAGES.helpDetailsRequired, INQUIRY_HELP_LIMITS.details),
});

const inboxCompleteSchema = z.object({
  intent: z.literal("complete"),
  id: inquiryId,
});

/** «إعادة الإرسال» of a reply's e-mail that was not sent. */
const inboxResendSchema = z.object({
  intent: z.literal("resend"),
  id: inquiryId,
  emailId: inquiryId,
});

/** Every inbox form, told apart by its `intent`. */
export const inboxActionSchema = z.discriminatedUnion("intent", [inboxReplySchema, inboxHelpSchema, inboxCompleteSchema, inboxResendSchema]);
