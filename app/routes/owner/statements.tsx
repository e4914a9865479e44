import { Section } from "~/components/admin/section.tsx";
import { servicesContext } from "~/context.ts";
import { periodLabel } from "~/modules/finance/finance-view.ts";
import { loadStatements, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { dayText } from "~/modules/owner-portal/portal-view.ts";
import { formatMoneyArabic } from "~/utils/format.ts";
import type { Route } from "./+types/statements";

export async function loader({ context }: Route.LoaderArgs) {
  const owner = requirePortalOwner(context);
  return { statements: await loadStatements(context.get(servicesContext).db, owner.ownerId) };
}

export const meta: Route.MetaFunction = () => [{ title: "كشوف الحساب | بوابة الملاك" }];

const money = (halalas: number) => formatMoneyArabic(halalas / 100);

/** «كشوف الحساب»: each month's statement, what it came to, whether it was sent and paid out, and its PDF. */
export default function OwnerStatements({ loaderData }: Route.ComponentProps) {
  const { statements } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">كشوف الحساب</h1>
      {statements.length ? (
        <ul className="grid gap-3">
          {statements.map((statement) => (
            <li key={statement.id}>
              <Section id={`statement-${statement.id}`} title={`كشف ${periodLabel(statement.month.slice(0, 7))}`}>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
                  <div>
                    <dt className="text-sm text-stone-700">المحصّل</dt>
                    <dd className="font-bold">{money(statement.collectedHalalas)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-stone-700">المصروفات</dt>
                    <dd className="font-bold">{money(statement.expensesHalalas)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-stone-700">عمولة المنشأة</dt>
                    <dd className="font-bold">{money(statement.commissionHalalas)}</dd>
                  </div>
                  {statement.carriedHalalas !== 0 ? (
                    <div className="col-span-2 sm:col-span-4">
                      <dt className="text-sm text-stone-700">رصيد مرحّل من الكشف السابق</dt>
                      <dd className="font-bold text-red-800">{money(-statement.carriedHalalas)} مستحقة عليكم</dd>
                    </div>
                  ) : null}
                  {/* Owed, the amount and its words take a whole row: in half of a phone's width they broke apart. */}
                  <div className={statement.netHalalas < 0 ? "col-span-2" : undefined}>
                    <dt className="text-sm text-stone-700">الصافي</dt>
                    <dd className={`text-lg font-bold ${statement.netHalalas < 0 ? "text-red-800" : "text-brand-900"}`} data-testid="statement-net">
                      {statement.netHalalas < 0 ? `${money(-statement.netHalalas)} مستحقة عليكم` : money(statement.netHalalas)}
                    </dd>
                  </div>
                </dl>
                <p className="mt-3 flex flex-wrap gap-2 text-sm">
                  <span className={`rounded-full px-2.5 py-0.5 font-bold ${statement.emailedAt ? "bg-emerald-50 text-emerald-800" : "bg-stone-100 text-stone-700"}`}>
                    {statement.emailedAt ? `أُرسل بالبريد في ${dayText(statement.emailedAt)}` : "لم يُرسل بالبريد بعد"}
                  </span>
                  {statement.netHalalas < 0 ? (
                    statement.paidOutAt ? (
                      <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-bold text-emerald-800">سدّدتم المبلغ في {dayText(statement.paidOutAt)}</span>
                    ) : statement.recoveredIn ? (
                      <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-bold text-stone-700">خُصم من كشف {periodLabel(statement.recoveredIn.slice(0, 7))}</span>
                    ) : (
                      <span className="rounded-full bg-red-50 px-2.5 py-0.5 font-bold text-red-800">
                        {statement.nextStatementDue ? "يُخصم من كشف حسابكم التالي" : "يرجى سداده للمنشأة: لا كشف تاليًا يُخصم منه"}
                      </span>
                    )
                  ) : (
                    <span className={`rounded-full px-2.5 py-0.5 font-bold ${statement.paidOutAt ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}>
                      {statement.paidOutAt ? `حُوّل المبلغ في ${dayText(statement.paidOutAt)}` : "لم يُحوَّل المبلغ بعد"}
                    </span>
                  )}
                </p>
                {statement.hasPdf ? (
                  <a href={`/owner/statements/${statement.id}/pdf`} download className="mt-3 inline-block font-bold text-brand-800 underline underline-offset-4">
                    تنزيل الكشف
                  </a>
                ) : null}
              </Section>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">لا توجد كشوف حساب بعد. يصدر الكشف كل شهر عن الشهر الذي قبله.</p>
      )}
    </>
  );
}
