import { useState } from "react";
import { Link } from "react-router";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Section } from "~/components/admin/section.tsx";
import { formatDateTimeArabic, formatMoneyArabic } from "~/utils/format.ts";
import { AWAITING_BOARD_HREF, requestCountText, type AwaitingRequest } from "../finance-view.ts";
import { TRANSACTION_TYPE_LABELS } from "~/modules/tasks/index.ts";
import { DecisionDialog } from "~/modules/tasks/index.ts";
import { ReceiptPhoto } from "~/components/ui/receipt-photo.tsx";

/**
 * The manager's «طلبات بانتظار الاعتماد» at the top of the finance page: each request with its
 * amount, type, requester, notes and receipt, and «اعتماد أو رفض», which opens the approval dialog.
 * A decided request leaves the list when the page reloads, and its dialog with it. When there are
 * more than a page of them, how many, and the board filtered to them.
 */
export function AwaitingApprovals({ requests, total }: { requests: AwaitingRequest[]; total: number }) {
  const [decidingId, setDecidingId] = useState<number | null>(null);
  const deciding = requests.find((request) => request.id === decidingId);
  return (
    <Section id="awaiting" title="طلبات بانتظار الاعتماد">
      {requests.length === 0 ? (
        <p className="text-stone-600">لا توجد طلبات بانتظار الاعتماد.</p>
      ) : (
        <ul className="grid gap-3" aria-label="طلبات بانتظار الاعتماد">
          {requests.map((request) => (
            <li key={request.id} className="grid gap-3 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200 sm:grid-cols-[1fr_auto]" data-testid="awaiting-request">
              <div className="grid gap-1">
                <p className="text-lg font-bold text-stone-900">
                  <bdi>{request.title}</bdi>
                </p>
                <p className="font-bold text-brand-900">
                  {request.amount != null ? formatMoneyArabic(request.amount) : "—"}
                  {request.transactionType ? <span className="ms-2 font-normal text-stone-700">({TRANSACTION_TYPE_LABELS[request.transactionType]})</span> : null}
                </p>
                <p className="text-sm text-stone-600">
                  مقدّم الطلب: <bdi className="font-bold text-stone-800">{request.requester ?? "—"}</bdi> ·{" "}
                  <time dateTime={request.createdAt}>{formatDateTimeArabic(request.createdAt)}</time>
                </p>
                {request.notes ? (
                  <p className="rounded-lg bg-white p-2 text-sm leading-6 whitespace-pre-line">
                    <span className="font-bold text-stone-600">ملاحظات: </span>
                    <bdi>{request.notes}</bdi>
                  </p>
                ) : null}
              </div>
              <div className="flex items-start gap-3 sm:flex-col sm:items-end">
                {request.receipt ? <ReceiptPhoto image={request.receipt} title={request.title} /> : null}
                <button
                  type="button"
                  onClick={() => setDecidingId(request.id)}
                  aria-label={`اعتماد أو رفض «${request.title}»`}
                  className={`${adminSecondaryButtonClass} bg-white whitespace-nowrap`}
                >
                  اعتماد أو رفض
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > requests.length ? (
        <p className="mt-3 text-stone-700">
          {requestCountText(total)} بانتظار الاعتماد، تُعرض هنا أحدثها.{" "}
          <Link to={AWAITING_BOARD_HREF} className="font-bold text-brand-700 underline underline-offset-4">
            عرضها كلها في لوحة المهام
          </Link>
        </p>
      ) : null}
      {deciding ? (
        <DecisionDialog
          request={{ id: deciding.id, title: deciding.title, amount: deciding.amount, transactionType: deciding.transactionType, requester: deciding.requester }}
          onClose={() => setDecidingId(null)}
        />
      ) : null}
    </Section>
  );
}
