import { data } from "react-router";
import type { AppServices } from "~/context.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { redirectWithToast } from "~/utils/toast.server.ts";
import { confirmOfferAvailability } from "./availability.server.ts";
import { AVAILABILITY_MESSAGES } from "./availability-texts.ts";

/** Where the confirmation goes back to: a back-office page of this site, else the offers list. */
function backTo(raw: FormDataEntryValue | null): string {
  const path = typeof raw === "string" ? raw : "";
  return /^\/admin(?:[/?#]|$)/.test(path) && !path.startsWith("//") && !path.includes("\\") ? path : "/admin/offers";
}

/**
 * The one-tap confirmation posted from the offers list, the offer form, the dashboard and a confirm
 * task (decision 046): back to the page it came from with its toast, the offer's id checked here
 * (the route checked the section; confirmOfferAvailability checks the role again).
 */
export async function handleConfirmPost(services: AppServices, user: StaffProfile, form: FormData) {
  const back = backTo(form.get("back"));
  const raw = form.get("offerId");
  const id = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  // Only a hand-made post names no offer: refused as such, nothing changed.
  if (id === null) return data({ status: "error" as const, message: AVAILABILITY_MESSAGES.badRequest }, { status: 400 });
  const result = await confirmOfferAvailability(services.db, user, id);
  if (!result.ok) return redirectWithToast(back, { tone: "error", text: result.message }, services.env);
  return redirectWithToast(back, { tone: "success", text: AVAILABILITY_MESSAGES.confirmed(result.title) }, services.env);
}
