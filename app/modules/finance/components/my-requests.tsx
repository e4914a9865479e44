import { Section } from "~/components/admin/section.tsx";
import { formatDateTimeArabic, formatMoneyArabic } from "~/utils/format.ts";
import { requestCountText, requestStateView, type MyRequest } from "../finance-view.ts";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/index.ts";

/**
 * The accountant's «طلباتي»: their latest requests, each with its state (awaiting, approved,
 * rejected) and what the manager wrote: the approval notes or the rejection's reason.
 */
export function MyRequests({ requests, limit }: { requests: MyRequest[]; limit: number }) {
  return (
    <Section id="my-requests" title="طلباتي">
      {requests.length === 0 ? (
        <p className="text-stone-600">لم ترسل طلبات اعتماد بعد.</p>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="طلباتي">
          {requests.map((request) => {
            const state = requestStateView(request.status);
            return (
              <li key={request.id} className="grid gap-1 py-3" data-testid="my-request">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-bold text-stone-900">
                    <bdi>{request.title}</bdi>
                  </p>
                  <span className={`rounded-full px-3 py-0.5 text-sm font-bold whitespace-nowrap ${state.tone}`} data-testid="my-request-state">
                    {state.label}
                  </span>
                </div>
                <p className="text-sm text-stone-600">
                  <span className="font-bold text-brand-900">{request.amount != null ? formatMoneyArabic(request.amount) : "—"}</span>
                  {request.type ? ` (${TRANSACTION_TYPE_LABELS[request.type]})` : null}، <time dateTime={request.createdAt}>{formatDateTimeArabic(request.createdAt)}</time>
                </p>
                {request.notes && (request.status === "Rejected" || request.status === "Completed") ? (
                  <p
                    className={`rounded-lg p-2 text-sm leading-6 whitespace-pre-line ${request.status === "Rejected" ? "bg-red-50 text-red-900" : "bg-emerald-50 text-emerald-900"}`}
                  >
                    <span className="font-bold">{request.status === "Rejected" ? "سبب الرفض: " : "ملاحظات الاعتماد: "}</span>
                    <bdi>{request.notes}</bdi>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {requests.length >= limit ? <p className="mt-2 text-sm text-stone-600">تُعرض أحدث {requestCountText(limit)}.</p> : null}
    </Section>
  );
}
