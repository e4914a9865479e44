import type { ViewingOutcome, ViewingStatus } from "~/db/column-types.ts";

/** A viewing as the diary shows it (viewings.server.ts diaryEntries), times as ISO instants. */
export interface DiaryEntry {
  id: number;
  startsAt: string;
  endsAt: string;
  status: ViewingStatus;
  outcome: ViewingOutcome | null;
  outcomeReason: string;
  offerId: number;
  offerTitle: string;
  clientId: number;
  clientName: string;
  clientPhone: string | null;
  staffId: number | null;
  staffName: string | null;
  meetingPoint: string;
  mapsUrl: string;
}
