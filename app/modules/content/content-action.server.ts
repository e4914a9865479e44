import type { Submission } from "@conform-to/dom";
import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { replyFormError, replyToRefusal, replyToSubmission } from "~/utils/form-reply.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import type { FormRefusal } from "~/utils/request-body.server.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { ContentInputError, restoreContentVersion, saveContentSections } from "./content-admin.server.ts";
import { contentFormSchema, contentRestoreSchema } from "./content-schema.ts";
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  CONTENT_SECTIONS,
  contentField,
  contentKeyOfName,
  RESTORE_INTENT,
  SAVE_ALL_INTENT,
  sectionOfIntent,
  type ContentSection,
} from "./content-sections.ts";

const PAGE = "/admin/content";

/** What a refused save gives back is cut at each field's own limit. */
const ECHO = { echoLimits: CONTENT_LIMITS };

/** A content post whose body readForm refused (too large, NUL character): the message above the form. */
export function refuseContentPost(refusal: FormRefusal) {
  return replyToRefusal(refusal, ECHO);
}

/**
 * A save that did not go through: each field's message under it, and above the form SPEC's
 * words, 'فشل تحديث المحتوى: {field}' with the field's label (the section's title when no one
 * field is to blame), and for «حفظ الكل» 'فشل حفظ جميع المحتويات' first.
 */
function refuseSave(submission: Submission<unknown, string[], unknown>, section: ContentSection | undefined, fieldErrors: Record<string, string[]>, status: number) {
  const labels = [...new Set(Object.keys(fieldErrors).flatMap((name) => contentKeyOfName(name) ?? []))].flatMap((key) => contentField(key)?.label ?? []);
  const formErrors = section ? [CONTENT_MESSAGES.fieldFailed(labels[0] ?? section.title)] : [CONTENT_MESSAGES.allFailed, ...labels.map(CONTENT_MESSAGES.fieldFailed)];
  return replyToSubmission(submission, { ...ECHO, formErrors, fieldErrors, status });
}

/**
 * The content editor's posts: one section's save, «حفظ الكل» (every section, one transaction:
 * all or nothing), or «استعادة» of a saved version. A change comes back to the page with its
 * confirmation; a refusal keeps everything typed, with its messages.
 */
export async function handleContentPost(services: AppServices, user: StaffProfile, form: FormData) {
  const intent = form.get("intent");
  if (intent === RESTORE_INTENT) return handleRestore(services, user, form);
  const section = sectionOfIntent(intent);
  if (!section && intent !== SAVE_ALL_INTENT) return replyFormError(MESSAGES.badRequest, form, ECHO);

  const submission = parseSubmission(form, contentFormSchema);
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
    return refuseSave(submission, section, fieldErrors, 400);
  }
  try {
    const changed = await saveContentSections(services.db, services.storage, user, section ? [section] : CONTENT_SECTIONS, submission.value);
    log.info("site content saved", { userId: user.id, sections: changed });
  } catch (error) {
    if (error instanceof ContentInputError) {
      return refuseSave(submission, section, Object.fromEntries(Object.entries(error.errors).map(([key, message]) => [key, [message]])), 400);
    }
    log.error("site content save failed", { userId: user.id, error: String(error) });
    return refuseSave(submission, section, {}, 500);
  }
  const text = section ? CONTENT_MESSAGES.sectionSaved(section.title) : CONTENT_MESSAGES.allSaved;
  return redirectWithToast(PAGE, { tone: "success", text }, services.env);
}

async function handleRestore(services: AppServices, user: StaffProfile, form: FormData) {
  const submission = parseSubmission(form, contentRestoreSchema);
  if (submission.status !== "success") return replyFormError(CONTENT_MESSAGES.versionGone, form);
  const section = await restoreContentVersion(services.db, services.storage, user, submission.value.version);
  if (!section) return replyFormError(CONTENT_MESSAGES.versionGone, form, { status: 404 });
  log.info("site content restored", { userId: user.id, section: section.id, version: submission.value.version });
  return redirectWithToast(PAGE, { tone: "success", text: CONTENT_MESSAGES.restored(section.title) }, services.env);
}
