import { lazy, Suspense, useState } from "react";
import { ThumbnailButton } from "~/components/ui/thumbnail.tsx";
import { useFetcher } from "react-router";
import { Fact, LastAction, RecordCard } from "~/components/admin/record-card.tsx";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { FormNotice } from "~/components/forms/field.tsx";
import { ToastMessage, useSuccessToast } from "~/components/forms/toast.tsx";
import type { LightboxImage } from "~/components/ui/lightbox.tsx";
import { AUDIT_ACTION_LABELS } from "~/modules/audit/audit-labels.ts";
import { ClientLink } from "~/modules/clients/index.ts";
import { formatArea, formatNumberArabic, formatPriceArabic } from "~/utils/format.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { imageSrcSet, imageUrl, LARGEST_VARIANT } from "~/utils/image-ref.ts";
import { submissionGoalLabel } from "../limits.ts";
import { canReview, SUBMISSION_REVIEW_MESSAGES, submissionStatusView } from "../status.ts";
import type { SubmissionCard } from "../submission-card.ts";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

const TONES = {
  yellow: "bg-yellow-300 text-yellow-950",
  blue: "bg-blue-600 text-white",
  red: "bg-red-600 text-white",
  grey: "bg-stone-500 text-white",
} as const;

/**
 * One owner's submission: who, what, the photos as 96-pixel thumbnails that open
 * large, the last action, and while it can be reviewed "create an offer from this request" (the
 * offer form opens filled) and "reject" (the card says so and turns red).
 */
export function SubmissionItem({ submission }: { submission: SubmissionCard }) {
  const fetcher = useFetcher<FormReply>();
  const rejected = useSuccessToast(fetcher.data, SUBMISSION_REVIEW_MESSAGES.rejected);
  const [open, setOpen] = useState<number | null>(null);
  const status = submissionStatusView(submission.status);
  const pictures: LightboxImage[] = submission.photos.map((photo, index) => ({
    src: imageUrl(photo, LARGEST_VARIANT),
    srcSet: imageSrcSet(photo),
    width: photo.width,
    height: photo.height,
    alt: `صورة ${formatNumberArabic(index + 1)} من طلب ${submission.clientName}`,
  }));
  const facts: Array<[string, string]> = [
    ["المطلوب", submissionGoalLabel(submission.goal) || "غير محدد"],
    ["السعر المتوقع", submission.expectedPrice === null ? "غير محدد" : formatPriceArabic(submission.expectedPrice)],
    ["نوع العقار", submission.propertyType],
    ["المدينة", submission.city],
    ["الحي", submission.neighbourhood],
    ["المساحة", formatArea(submission.area)],
  ];
  const busy = fetcher.state !== "idle";
  return (
    <RecordCard
      testId="submission-card"
      anchor={`submission-${submission.id}`}
      name={submission.clientName}
      badges={
        <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${TONES[status.tone]}`} data-tone={status.tone} data-testid="submission-status">
          {status.label}
        </span>
      }
      contact={{ phone: submission.clientPhone, email: submission.clientEmail, at: submission.createdAt }}
      facts={facts.map(([label, value]) => (
        <Fact key={label} label={label}>
          <bdi className="font-bold">{value}</bdi>
        </Fact>
      ))}
      text={submission.description}
    >
      {submission.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="صور العقار">
          {submission.photos.map((photo, index) => (
            <li key={photo.id}>
              <ThumbnailButton image={photo} alt={pictures[index]!.alt} onOpen={() => setOpen(index)} />
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox images={pictures} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label={`صور طلب ${submission.clientName}`} />
        </Suspense>
      ) : null}
      <ClientLink clientId={submission.clientId} />
      <LastAction entry={submission.lastAction} labels={AUDIT_ACTION_LABELS} />
      <FormNotice errors={busy ? [] : formErrorsOf(fetcher.data)} />
      <ToastMessage toast={rejected} className="" />
      {canReview(submission.status) ? (
        <fetcher.Form method="post" className="flex flex-wrap gap-2 border-t border-stone-200 pt-3">
          <input type="hidden" name="id" value={submission.id} />
          <button type="submit" name="intent" value="offer" className={adminButtonClass} disabled={busy}>
            إنشاء عرض من هذا الطلب
          </button>
          <button type="submit" name="intent" value="reject" className="rounded-xl px-4 py-2 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50" disabled={busy}>
            رفض
          </button>
        </fetcher.Form>
      ) : null}
    </RecordCard>
  );
}
