import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { inquiries } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { addDays, riyadhInstant, riyadhTimeOf, weekStartOf } from "./viewing-time.ts";
import { bookingChoices, diaryEntries, getViewingHours, viewingById } from "./viewings.server.ts";

type DiaryView = "day" | "week";

/**
 * The diary's page (/admin/viewings): `view` day or week (default week), `day` (default today,
 * Riyadh), `who`: "mine", "all" or a staff member's id. An employee sees their own by default and
 * may open the firm's; the manager sees the firm's by default.
 */
export async function loadDiary(db: Db, user: StaffProfile, url: URL, now = new Date()) {
  const params = url.searchParams;
  const view: DiaryView = params.get("view") === "day" ? "day" : "week";
  const today = riyadhDayOf(now);
  const asked = params.get("day") ?? "";
  const day = riyadhInstant(asked, "00:00") ? asked : today;
  const { staff } = await bookingChoices(db);
  const whoParam = params.get("who") ?? (user.role === "manager" ? "all" : "mine");
  const who = whoParam === "all" ? "all" : whoParam === "mine" ? String(user.id) : staff.some((s) => String(s.id) === whoParam) ? whoParam : String(user.id);
  const first = view === "day" ? day : weekStartOf(day);
  const days = Array.from({ length: view === "day" ? 1 : 7 }, (_, n) => addDays(first, n));
  const entries = await diaryEntries(db, {
    from: riyadhInstant(first, "00:00")!,
    to: riyadhInstant(addDays(first, days.length), "00:00")!,
    staffId: who === "all" ? null : Number(who),
  });
  const hours = user.role === "manager" ? await getViewingHours(db) : null;
  return { view, day, today, days, who, staff, entries, now: now.toISOString(), me: { id: user.id, role: user.role }, hours };
}

/**
 * The scheduling form (/admin/viewings/new): blank, prefilled from an inquiry (`inquiry`: its
 * client and offer) or a client's page (`client`), or confirming a visitor's request (`request`:
 * its client, offer and time).
 */
export async function loadBookingForm(db: Db, user: StaffProfile, url: URL, now = new Date()) {
  const choices = await bookingChoices(db);
  const params = url.searchParams;
  const defaults = {
    offerId: "",
    clientId: "",
    staffId: String(user.role === "accountant" ? "" : user.id),
    day: riyadhDayOf(addDays(riyadhDayOf(now), 1)),
    time: "17:00",
    minutes: "60",
  };
  const inquiryId = Number(params.get("inquiry"));
  if (Number.isSafeInteger(inquiryId) && inquiryId > 0) {
    const [inquiry] = await db.select({ clientId: inquiries.clientId, propertyId: inquiries.propertyId }).from(inquiries).where(eq(inquiries.id, inquiryId));
    if (inquiry) return { ...choices, request: null, defaults: { ...defaults, clientId: String(inquiry.clientId ?? ""), offerId: String(inquiry.propertyId ?? "") } };
  }
  const clientId = Number(params.get("client"));
  if (Number.isSafeInteger(clientId) && clientId > 0 && choices.clients.some((client) => client.id === clientId)) {
    return { ...choices, request: null, defaults: { ...defaults, clientId: String(clientId) } };
  }
  const requestId = Number(params.get("request"));
  if (Number.isSafeInteger(requestId) && requestId > 0) {
    const viewing = await viewingById(db, requestId);
    if (viewing && viewing.status === "requested") {
      const request = { id: viewing.id, startsAt: viewing.startsAt.toISOString() };
      const minutes = String(Math.round((viewing.endsAt.getTime() - viewing.startsAt.getTime()) / 60_000));
      return {
        ...choices,
        request,
        defaults: {
          ...defaults,
          clientId: String(viewing.clientId),
          offerId: String(viewing.offerId),
          day: riyadhDayOf(viewing.startsAt),
          time: riyadhTimeOf(viewing.startsAt),
          minutes,
        },
      };
    }
  }
  return { ...choices, request: null, defaults };
}
