import { lazy, Suspense, useId, useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { ContactFacts, Fact, LastAction } from "~/components/admin/record-card.tsx";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import type { LightboxImage } from "~/components/ui/lightbox.tsx";
import { Notice } from "~/components/ui/notice.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { imageSrcSet, imageUrl, LARGEST_VARIANT } from "~/modules/images/image-ref.ts";
import { AUDIT_ACTION_LABELS } from "~/modules/inquiries/status.ts";
import { listSubmissionCards, rejectSubmission, startOfferFromSubmission, type SubmissionCard } from "~/modules/submissions/review.server.ts";
import { canReview, SUBMISSION_REVIEW_MESSAGES, submissionStatusView } from "~/modules/submissions/status.ts";
import { formatArea } from "~/utils/format.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/submissions";

const Lightbox = lazy(() => import("~/components/ui/lightbox.tsx"));

export async function loader({ context }: Route.LoaderArgs) {
  requireSectionUser(context, "submissions");
  return { submissions: await listSubmissionCards(context.get(servicesContext).db) };
}

type ActionAnswer = { ok: true; message: string; id: number } | { ok: false; error: string; id: number };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireSectionUser(context, "submissions");
  const { db, env } = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return data<ActionAnswer>({ ok: false, error: read.message, id: 0 }, { status: read.status });
  const form = read.form;
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) return data<ActionAnswer>({ ok: false, error: SUBMISSION_REVIEW_MESSAGES.notFound, id: 0 }, { status: 400 });
  const intent = form.get("intent");
  if (intent === "reject") {
    const result = await rejectSubmission(db, user, id);
    return data<ActionAnswer>({ ...result, id }, { status: result.ok ? 200 : 400 });
  }
  if (intent === "offer") {
    const result = await startOfferFromSubmission(db, env.DATA_DIR, user, id);
    if (!result.ok) return data<ActionAnswer>({ ...result, id }, { status: 400 });
    const params = new URLSearchParams({ from: String(id) });
    if (result.photoIds.length) params.set("photos", result.photoIds.join(","));
    return redirect(`/admin/offers/new?${params}`);
  }
  return data<ActionAnswer>({ ok: false, error: "طلب غير صالح", id }, { status: 400 });
}

const TONES = {
  yellow: "bg-yellow-300 text-yellow-950",
  blue: "bg-blue-600 text-white",
  red: "bg-red-600 text-white",
  grey: "bg-stone-500 text-white",
} as const;

function SubmissionItem({ submission }: { submission: SubmissionCard }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const status = submissionStatusView(submission.status);
  const pictures: LightboxImage[] = submission.photos.map((photo, index) => ({
    src: imageUrl(photo, LARGEST_VARIANT),
    srcSet: imageSrcSet(photo),
    width: photo.width,
    height: photo.height,
    alt: `صورة ${index + 1} من طلب ${submission.clientName}`,
  }));
  const facts: Array<[string, string]> = [
    ["نوع العقار", submission.propertyType],
    ["المدينة", submission.city],
    ["الحي", submission.neighbourhood],
    ["المساحة", formatArea(submission.area)],
  ];
  return (
    <li className={`${adminCardClass} grid gap-3`} data-testid="submission-card" aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-name`} className="text-lg font-bold text-stone-900">
          <bdi>{submission.clientName}</bdi>
        </h2>
        <span className={`rounded-full px-3 py-0.5 text-sm font-bold ${TONES[status.tone]}`} data-tone={status.tone} data-testid="submission-status">
          {status.label}
        </span>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <ContactFacts phone={submission.clientPhone} email={submission.clientEmail} at={submission.createdAt} />
        {facts.map(([label, value]) => (
          <Fact key={label} label={label}>
            <bdi className="font-bold">{value}</bdi>
          </Fact>
        ))}
      </dl>
      <p className="rounded-xl bg-stone-50 p-3 leading-7 whitespace-pre-line">
        <bdi>{submission.description}</bdi>
      </p>
      {submission.photos.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="صور العقار">
          {submission.photos.map((photo, index) => (
            <li key={photo.id}>
              <button type="button" onClick={() => setOpen(index)} className="block overflow-hidden rounded-lg ring-1 ring-stone-200 focus-visible:ring-2 focus-visible:ring-brand-600">
                <img src={imageUrl(photo, 400)} alt={pictures[index]!.alt} width={96} height={96} loading="lazy" className="size-24 object-cover" style={{ backgroundColor: photo.colour }} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <Lightbox images={pictures} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} label={`صور طلب ${submission.clientName}`} />
        </Suspense>
      ) : null}
      <LastAction entry={submission.lastAction} labels={AUDIT_ACTION_LABELS} />
      {fetcher.data ? <Notice tone={fetcher.data.ok ? "success" : "error"}>{fetcher.data.ok ? fetcher.data.message : fetcher.data.error}</Notice> : null}
      {canReview(submission.status) ? (
        <div className="flex flex-wrap gap-2 border-t border-stone-200 pt-3">
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={submission.id} />
            <button type="submit" name="intent" value="offer" className={adminButtonClass} disabled={fetcher.state !== "idle"}>
              إنشاء عرض من هذا الطلب
            </button>
          </fetcher.Form>
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={submission.id} />
            <button type="submit" name="intent" value="reject" className="rounded-xl px-4 py-2 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50" disabled={fetcher.state !== "idle"}>
              رفض
            </button>
          </fetcher.Form>
        </div>
      ) : null}
    </li>
  );
}

export default function Submissions({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">طلبات الملاك</h1>
      {loaderData.submissions.length ? (
        <ul className="grid gap-4" aria-label="الطلبات">
          {loaderData.submissions.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </ul>
      ) : (
        <div className={`${adminCardClass} text-center`}>
          <p className="text-lg font-bold text-stone-800">{SUBMISSION_REVIEW_MESSAGES.empty}</p>
          <p className="text-stone-600">{SUBMISSION_REVIEW_MESSAGES.emptyHint}</p>
        </div>
      )}
    </div>
  );
}
