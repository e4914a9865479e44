/**
 * The content editor's form: one form for every section, posted with the intent of the button
 * pressed (one section's save, or «حفظ الكل»). A section's save reads only that section's fields,
 * in the browser as on the server, so a half-edited field elsewhere never holds it back. Every
 * text is trimmed, its line breaks made plain (a textarea posts CRLF), and checked against its
 * limit (content-sections.ts, the same numbers as the page's maxLength). Images are posted as
 * tokens: a stored image's id, or a link the field already holds; the server checks each one.
 */
import { z } from "zod";
import { MESSAGES } from "~/utils/messages.ts";
import type { SiteContentKey } from "./defaults.ts";
import { CONTENT_MESSAGES, CONTENT_SECTIONS, MARQUEE_SEPARATOR, RESTORE_INTENT, sectionOfIntent, type ContentField } from "./content-sections.ts";

/** A stored image's id, as the upload answered it. */
export const IMAGE_ID_PATTERN = /^[a-f0-9]{32}$/;

/** One value, or several under one name: always a list (absent is empty). */
const textList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]));

const plainText = (value: string) => value.replace(/\r\n?/g, "\n").trim();

const text = (max: number) =>
  z
    .string(MESSAGES.badRequest)
    .transform(plainText)
    .pipe(z.string().max(max, CONTENT_MESSAGES.tooLong(max)));

/** The marquee's texts: '|' separates them in storage, so a text holding one is refused (not silently changed). */
const marqueeTexts = (field: ContentField) =>
  textList
    .pipe(
      z
        .array(
          z
            .string()
            .transform(plainText)
            .pipe(
              z
                .string()
                .max(field.maxLength, CONTENT_MESSAGES.tooLong(field.maxLength))
                .refine((item) => !item.includes(MARQUEE_SEPARATOR), CONTENT_MESSAGES.separatorRefused),
            ),
        )
        .max(field.maxItems ?? 0, CONTENT_MESSAGES.tooManyTexts),
    )
    .transform((items) => items.filter(Boolean));

/** An image of the list: a stored image's id, or a link (our own path or https) kept from before. */
const imageToken = z
  .string()
  .trim()
  .max(300, MESSAGES.badRequest)
  .refine((token) => IMAGE_ID_PATTERN.test(token) || (token.startsWith("/") && !token.startsWith("//")) || token.startsWith("https://"), CONTENT_MESSAGES.imageUnavailable);

const imageList = (field: ContentField) =>
  textList.pipe(
    z
      .array(imageToken)
      .max(field.maxItems ?? 0, CONTENT_MESSAGES.tooManyImages(field.maxItems ?? 0))
      .refine((tokens) => new Set(tokens).size === tokens.length, CONTENT_MESSAGES.imageUnavailable),
  );

function fieldSchema(field: ContentField) {
  switch (field.kind) {
    case "texts":
      return marqueeTexts(field);
    case "image":
    case "gallery":
      return imageList(field);
    default:
      return text(field.maxLength).optional();
  }
}

const ALL_FIELDS: readonly ContentField[] = CONTENT_SECTIONS.flatMap((section) => section.fields);

/** What a save gives the server: a text per text key, a list per marquee and image key; only the keys of the sections saved. */
export type ContentFormValues = Partial<Record<SiteContentKey, string | string[]>> & { intent?: string };

const fieldsSchema = z.object({
  intent: z.string().optional(),
  ...Object.fromEntries(ALL_FIELDS.map((field) => [field.key, fieldSchema(field)])),
}) as unknown as z.ZodType<ContentFormValues, Record<string, unknown>>;

/** The form's fields that a post with this intent saves: one section's, or all. */
function fieldsOf(intent: unknown): readonly ContentField[] {
  return sectionOfIntent(intent)?.fields ?? ALL_FIELDS;
}

/**
 * The editor's form. A section's save keeps only that section's fields (before any check); every
 * text field of what is saved must be there (the page always posts them, empty or not).
 */
export const contentFormSchema = z
  .preprocess((input: Record<string, unknown>) => {
    const keep = new Set<string>(["intent", ...fieldsOf(input.intent).map((field) => field.key)]);
    return Object.fromEntries(Object.entries(input).filter(([name]) => keep.has(name)));
  }, fieldsSchema)
  .superRefine((values, ctx) => {
    for (const field of fieldsOf(values.intent)) {
      if ((field.kind === "line" || field.kind === "paragraph") && values[field.key] === undefined) {
        ctx.addIssue({ code: "custom", path: [field.key], message: MESSAGES.badRequest });
      }
    }
  });

/** «استعادة»: a saved version of a section, by its id. */
export const contentRestoreSchema = z.object({
  intent: z.literal(RESTORE_INTENT),
  version: z
    .string(CONTENT_MESSAGES.versionGone)
    .regex(/^\d{1,9}$/, CONTENT_MESSAGES.versionGone)
    .transform(Number),
});
