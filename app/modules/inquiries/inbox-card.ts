import type { ReplyEntry } from "~/db/schema.ts";
import type { AuditAction } from "~/modules/audit/audit-labels.ts";
import type { EmailDelivery } from "~/modules/messaging/mail-delivery.ts";
import type { TaskStatus } from "~/modules/tasks/index.ts";
import type { InquiryStatus } from "./status.ts";

/** An inquiry as the inbox shows it (listInbox), shared by the page and the server. */
export interface InboxCard {
  id: number;
  name: string;
  phone: string;
  email: string;
  message: string;
  propertyId: number | null;
  propertyTitle: string;
  /** The writer as a client (app/modules/clients): the card links to their page. */
  clientId: number | null;
  coordinates: { lat: number; lng: number } | null;
  status: InquiryStatus;
  late: boolean;
  createdAt: string;
  /** Each reply, with the delivery of its e-mail when it went by e-mail. */
  replyHistory: Array<ReplyEntry & { delivery?: EmailDelivery }>;
  /** The newest audit entry: what was done last, by whom, when. */
  lastAction: { action: AuditAction; actorName: string; at: string } | null;
  /** The tasks made from it (help requests), oldest first. */
  tasks: InquiryTask[];
}

/** A task of an inquiry as its card lists it: `canOpen` when the viewer may open the task (the manager, or its assignee). */
export interface InquiryTask {
  id: number;
  title: string;
  status: TaskStatus;
  canOpen: boolean;
}

/**
 * The inbox's filters from its address: `id` one inquiry only (the task board links to its card);
 * a status; `late` the pending ones older than 24 hours; `offer` those about one offer; a search;
 * the page (50 cards each).
 */
export interface InboxFilters {
  id?: number;
  status?: InquiryStatus;
  late?: boolean;
  offer?: number;
  q?: string;
  page?: number;
}

/** An offer the inbox can be filtered by: one that has inquiries, the latest asked about first. */
export interface InboxOfferChoice {
  id: number;
  title: string;
}
