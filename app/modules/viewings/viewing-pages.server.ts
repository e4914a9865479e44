import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { inquiries } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { addDays, riyadhDayOf } from "~/utils/riyadh-day.ts";
import { riyadhInstant, riyadhTimeOf, weekStartOf } from "./viewing-time.ts";
import { pickedChoices } from "./viewing-pickers.server.ts";
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
 * its client, offer and time). The offer and client are searched as one types (their pickers);
 * `picked` is the offer and client it opens with.
 */
export async function loadBookingForm(db: Db, user: StaffProfile, url: URL, now = new Date()) {
  const { staff } = await bookingChoices(db);
  const { defaults, request } = await bookingDefaults(db, user, url.searchParams, now);
  const picked = await pickedChoices(db, defaults);
  // An offer or client that is no more (a link kept, an inquiry's offer deleted) opens the field empty.
  return { staff, request, picked, defaults: { ...defaults, offerId: picked.offer ? defaults.offerId : "", clientId: picked.client ? defaults.clientId : "" } };
}

async function bookingDefaults(db: Db, user: StaffProfile, params: URLSearchParams, now: Date) {
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
    if (inquiry) return { request: null, defaults: { ...defaults, clientId: String(inquiry.clientId ?? ""), offerId: String(inquiry.propertyId ?? "") } };
  }
  const clientId = Number(params.get("client"));
  if (Number.isSafeInteger(clientId) && clientId > 0 && clientId < 1e9) return { request: null, defaults: { ...defaults, clientId: String(clientId) } };
  const requestId = Number(params.get("request"));
  if (Number.isSafeInteger(requestId) && requestId > 0) {
    const viewing = await viewingById(db, requestId);
    if (viewing && viewing.status === "requested") {
      const request = { id: viewing.id, startsAt: viewing.startsAt.toISOString() };
      const minutes = String(Math.round((viewing.endsAt.getTime() - viewing.startsAt.getTime()) / 60_000));
      return {
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
  return { request: null, defaults };
}
