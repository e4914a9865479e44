import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { EmailAttachment } from "~/db/column-types.ts";

export interface CalendarViewing {
  id: number;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  offerTitle: string;
  meetingPoint: string;
  mapsUrl: string;
  staffName: string;
  clientName: string;
  clientEmail: string;
}

/**
 * A viewing as an RFC 5545 invitation (ical-generator): REQUEST adds it to the client's calendar
 * (or moves it there: the same UID with a higher SEQUENCE), CANCEL takes it off. Times are written
 * in UTC, so every calendar shows them in its own zone; the host names the UID so it stays unique.
 */
export function viewingInvitation(viewing: CalendarViewing, options: { method: "request" | "cancel"; companyName: string; publicUrl: string }): EmailAttachment {
  const host = new URL(options.publicUrl).hostname;
  const cancel = options.method === "cancel";
  const calendar = ical({
    name: options.companyName,
    prodId: { company: host, product: "viewings", language: "AR" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `viewing-${viewing.id}@${host}`,
    sequence: viewing.sequence,
    start: viewing.startsAt,
    end: viewing.endsAt,
    summary: `معاينة: ${viewing.offerTitle}`,
    description: [`مع ${viewing.staffName} من ${options.companyName}`, viewing.mapsUrl].filter(Boolean).join("\n"),
    location: viewing.meetingPoint,
    ...(viewing.mapsUrl ? { url: viewing.mapsUrl } : {}),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: options.companyName, email: `no-reply@${host}` },
    attendees: viewing.clientEmail ? [{ email: viewing.clientEmail, name: viewing.clientName, rsvp: false }] : [],
  });
  return {
    filename: cancel ? "viewing-cancelled.ics" : "viewing.ics",
    contentType: `text/calendar; charset=utf-8; method=${cancel ? "CANCEL" : "REQUEST"}`,
    content: calendar.toString(),
  };
}
