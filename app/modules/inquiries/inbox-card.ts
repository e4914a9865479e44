import type { ReplyEntry } from "~/db/schema.ts";
import type { AuditAction } from "~/modules/audit/audit-labels.ts";
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
  coordinates: { lat: number; lng: number } | null;
  status: InquiryStatus;
  late: boolean;
  createdAt: string;
  replyHistory: ReplyEntry[];
  /** The newest audit entry: what was done last, by whom, when. */
  lastAction: { action: AuditAction; actorName: string; at: string } | null;
}

export interface InboxFilters {
  status?: InquiryStatus;
  q?: string;
}
