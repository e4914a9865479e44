import { isServerUnreachable } from "~/utils/server-unreachable.ts";
import { formErrorReply, type FormReply } from "~/utils/form-submission.ts";
import { OFFER_FORM_MESSAGES } from "./offer-form-schema.ts";

/** Where a saved offer goes: the list, with its message. */
const AFTER_SAVE = "/admin/offers";

/**
 * The offer pages' clientAction (decision 008: a save that fails loses nothing). The form posts to
 * the page's action as any form does; when the action cannot answer (the connection dropped, the
 * server failed, the session ended and the guard sends to sign-in) the page stays with everything
 * typed and every photo, and says so (the save-failure message; the page stays; a server that
 * could not be reached is said as every form says it, by the root's middleware). Only a saved
 * offer's way back to the list is followed. After a refusal the pages' data is not fetched again
 * (`keepPageAfterRefusal`), which, with the connection down, would fail in turn and lose the page.
 */
export async function saveOfferOrStay({ serverAction }: { serverAction: () => Promise<unknown> }) {
  let reply: FormReply;
  try {
    reply = (await serverAction()) as FormReply;
  } catch (error) {
    if (error instanceof Response && error.headers.get("Location") === AFTER_SAVE) throw error;
    if (isServerUnreachable(error)) throw error; // keepFormWhenUnreachable answers it
    return formErrorReply(OFFER_FORM_MESSAGES.saveFailed);
  }
  return reply;
}
