import { Link } from "react-router";
import { adminCardClass } from "~/components/admin/styles.ts";
import { formatDateArabic, formatMoneyArabic, formatNumberArabic } from "~/utils/format.ts";
import { financeHref, transactionCountText, type FinanceFilters, type TransactionRow } from "../finance-view.ts";
import { TRANSACTION_TYPE_LABELS, type TransactionType } from "~/modules/tasks/index.ts";
import { ReceiptPhoto } from "~/components/ui/receipt-photo.tsx";

const TYPE_TONES: Record<TransactionType, string> = {
  income: "bg-emerald-100 text-emerald-900",
  expense: "bg-orange-100 text-orange-950",
};

const th = "p-3 text-start font-bold whitespace-nowrap";
const td = "p-3 align-top";
/**
 * The first column stays in view while the rest of a row scrolls sideways on a narrow screen; its
 * edge is drawn by the cell itself (a collapsed table's border would stay behind when it scrolls).
 */
const sticky = "sticky start-0 z-10 after:absolute after:inset-y-0 after:end-0 after:w-px after:bg-stone-200";

/**
 * The transactions of the filtered period, newest first, 50 a page: description, date, amount,
 * type, who created it, its request (task) and its receipt; the approver and the approval notes
 * only when the rows carry them (the manager's). On a phone the table scrolls sideways under a
 * description column that stays put.
 */
export function TransactionsTable({
  rows,
  total,
  page,
  pageCount,
  filters,
  showApproval,
}: {
  rows: TransactionRow[];
  total: number;
  page: number;
  pageCount: number;
  filters: FinanceFilters;
  showApproval: boolean;
}) {
  const filtered = Boolean(filters.month || filters.type);
  return (
    <section aria-labelledby="transactions-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="transactions-title" className="text-lg font-bold text-brand-900">
          المعاملات
        </h2>
        <p className="text-stone-600" data-testid="transaction-count">
          {transactionCountText(total)}
          {pageCount > 1 ? ` · الصفحة ${formatNumberArabic(page)} من ${formatNumberArabic(pageCount)}` : null}
        </p>
      </div>
      {rows.length === 0 && total > 0 ? (
        <p className={`${adminCardClass} text-center text-stone-600`}>
          لا توجد معاملات في هذه الصفحة.{" "}
          <Link to={financeHref(filters, 1)} className="font-bold text-brand-700 underline underline-offset-4">
            الصفحة الأولى
          </Link>
        </p>
      ) : rows.length === 0 ? (
        <p className={`${adminCardClass} text-center text-stone-600`}>
          {filtered ? "لا توجد معاملات في هذه الفترة." : "لا توجد معاملات بعد."}{" "}
          {filters.month ? (
            <Link to={financeHref({ ...filters, month: undefined }, 1)} className="font-bold text-brand-700 underline underline-offset-4">
              كل الفترات
            </Link>
          ) : null}
        </p>
      ) : (
        // A scrolling region a keyboard can reach (focusable) and a screen reader can name.
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200" role="region" aria-labelledby="transactions-title" tabIndex={0}>
          <table className={`w-full text-start text-sm sm:text-base ${showApproval ? "min-w-[54rem]" : "min-w-[44rem]"}`}>
            <thead className="bg-stone-50 text-sm text-stone-600">
              <tr>
                <th scope="col" className={`${th} ${sticky} bg-stone-50`}>
                  الوصف
                </th>
                <th scope="col" className={th}>
                  التاريخ
                </th>
                <th scope="col" className={th}>
                  المبلغ
                </th>
                <th scope="col" className={th}>
                  النوع
                </th>
                <th scope="col" className={th}>
                  أنشأها
                </th>
                <th scope="col" className={th}>
                  المهمة
                </th>
                <th scope="col" className={th}>
                  الإيصال
                </th>
                {showApproval ? (
                  <>
                    <th scope="col" className={th}>
                      المعتمِد
                    </th>
                    <th scope="col" className={th}>
                      ملاحظات الاعتماد
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((row) => (
                <tr key={row.id} className="group hover:bg-stone-50" data-testid="transaction-row">
                  <th
                    scope="row"
                    className={`${td} ${sticky} bg-white group-hover:bg-stone-50 max-w-[9rem] text-start font-bold break-words text-stone-900 sm:max-w-[18rem] sm:min-w-[10rem]`}
                  >
                    <bdi>{row.description}</bdi>
                  </th>
                  <td className={`${td} whitespace-nowrap`}>
                    <time dateTime={row.date}>{formatDateArabic(row.date)}</time>
                  </td>
                  <td className={`${td} font-bold whitespace-nowrap`}>{formatMoneyArabic(row.amount)}</td>
                  <td className={td}>
                    <span className={`rounded-full px-3 py-0.5 text-sm font-bold whitespace-nowrap ${TYPE_TONES[row.type]}`}>{TRANSACTION_TYPE_LABELS[row.type]}</span>
                  </td>
                  <td className={td}>{row.createdBy ? <bdi>{row.createdBy}</bdi> : "—"}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {row.relatedTaskId != null ? (
                      <Link to={`/admin/tasks/${row.relatedTaskId}`} className="font-bold text-brand-700 underline underline-offset-4">
                        المهمة {formatNumberArabic(row.relatedTaskId)}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={td}>{row.receipt ? <ReceiptPhoto image={row.receipt} title={row.description} size={48} /> : "—"}</td>
                  {showApproval ? (
                    <>
                      <td className={td}>{row.approval?.approvedBy ? <bdi>{row.approval.approvedBy}</bdi> : "—"}</td>
                      <td className={`${td} min-w-[9rem] whitespace-pre-line`}>{row.approval?.notes ? <bdi>{row.approval.notes}</bdi> : "—"}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="صفحات المعاملات" className="flex flex-wrap items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={financeHref(filters, page - 1)} className="rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">
              الصفحة السابقة
            </Link>
          ) : (
            <span />
          )}
          {page < pageCount ? (
            <Link to={financeHref(filters, page + 1)} className="rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">
              الصفحة التالية
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
