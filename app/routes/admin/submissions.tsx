import { adminCardClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { SubmissionItem } from "~/modules/submissions/components/submission-item.tsx";
import { handleReviewAction } from "~/modules/submissions/review-action.server.ts";
import { listSubmissionCards } from "~/modules/submissions/review.server.ts";
import { SUBMISSION_REVIEW_MESSAGES } from "~/modules/submissions/status.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/submissions";

export async function loader({ context }: Route.LoaderArgs) {
  await requireSectionUser(context, "submissions");
  return { submissions: await listSubmissionCards(context.get(servicesContext).db) };
}

/** Reject, or start an offer from a submission; the role is checked again here, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "submissions");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleReviewAction(context.get(servicesContext), user, read.form);
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
