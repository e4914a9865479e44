import type { submissions } from "~/db/schema.ts";
import type { AuditAction } from "~/modules/audit/audit-labels.ts";
import type { ImageRef } from "~/utils/image-ref.ts";

/** An owner's submission as the review page shows it (listSubmissionCards), shared by the page and the server. */
export type SubmissionCard = Omit<typeof submissions.$inferSelect, "createdAt"> & {
  createdAt: string;
  photos: ImageRef[];
  /** The newest audit entry: what was done last, by whom, when. */
  lastAction: { action: AuditAction; actorName: string; at: string } | null;
};
