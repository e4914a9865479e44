import { useFetcher } from "react-router";
import { AdminDialog } from "~/components/admin/dialog.tsx";
import { adminButtonClass, adminDangerButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { decisionSchema } from "../decision-schema.ts";
import { TRANSACTION_TYPE_LABELS, type TransactionType } from "../transaction-type.ts";

/** What the dialog shows of the request it decides. */
export interface DecisionRequest {
  id: number;
  title: string;
  amount: number | null;
  transactionType: TransactionType | null;
  requester: string | null;
}

/**
 * The manager's approval dialog for a request Awaiting Approval (SPEC §5): optional notes to
 * approve, a required reason to reject ('يرجى كتابة سبب الرفض.'). Posts to the page's own action
 * (`intent` approve or reject); on success the page reloads with its confirmation and the
 * request leaves the list, which closes the dialog.
 */
export function DecisionDialog({ request, onClose }: { request: DecisionRequest; onClose: () => void }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: `decision-${request.id}`, schema: decisionSchema, lastResult: fetcher.data });
  const busy = fetcher.state !== "idle";
  return (
    <AdminDialog title="اعتماد الطلب أو رفضه" onClose={onClose}>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">الطلب</dt>
        <dd className="font-bold">
          <bdi>{request.title}</bdi>
        </dd>
        {request.amount != null ? (
          <>
            <dt className="text-stone-600">المبلغ</dt>
            <dd className="font-bold">
              {formatMoneyArabic(request.amount)}
              {request.transactionType ? ` (${TRANSACTION_TYPE_LABELS[request.transactionType]})` : null}
            </dd>
          </>
        ) : null}
        {request.requester ? (
          <>
            <dt className="text-stone-600">مقدّم الطلب</dt>
            <dd>
              <bdi>{request.requester}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3">
        <input type="hidden" name="id" value={request.id} />
        <Field meta={fields.notes} label="ملاحظات الاعتماد أو سبب الرفض" hint="الملاحظات اختيارية عند الاعتماد، وسبب الرفض مطلوب عند الرفض.">
          {(props) => <textarea {...props} rows={3} className={inputClass} />}
        </Field>
        <FormNotice id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={adminSecondaryButtonClass} onClick={onClose}>
            إلغاء
          </button>
          <button type="submit" name="intent" value="reject" className={adminDangerButtonClass} disabled={busy}>
            رفض
          </button>
          <button type="submit" name="intent" value="approve" className={adminButtonClass} disabled={busy}>
            اعتماد
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}
