import { Link } from "react-router";
import { ChoiceFilter, FilterActions, FilterForm, RecordFilter } from "~/components/admin/filter-form.tsx";
import { adminCardClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { InstalmentRow, InstalmentTable } from "~/modules/rent/components/instalment-table.tsx";
import { InstalmentCard, InstalmentCards } from "~/modules/rent/components/instalment-cards.tsx";
import { loadRentBoard } from "~/modules/rent/index.server.ts";
import { BOARD_STATE_LABELS, BOARD_STATES, instalmentsText } from "~/modules/rent/rent-view.ts";
import { formatDateBothCalendars, formatMoneyArabic } from "~/utils/format.ts";
import type { Route } from "./+types/rent";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "rent");
  return loadRentBoard(context.get(servicesContext).db, user, new URL(request.url));
}

export const meta: Route.MetaFunction = () => [{ title: "التحصيل | لوحة التحكم" }];

const money = (halalas: number) => formatMoneyArabic(halalas / 100);

export default function RentBoard({ loaderData }: Route.ComponentProps) {
  const { rows, more, total, totals, filters, properties, owners, month } = loaderData;
  const filtered = filters.propertyId !== null || filters.ownerId !== null || filters.state !== null;
  const monthName = formatDateBothCalendars(month).gregorian.replace(/^\S+\s/, "");
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">التحصيل</h1>
        <Link to="/admin/reports" className="font-bold text-brand-800 underline underline-offset-4">
          أعمار المتأخرات في التقارير
        </Link>
      </div>
      <p className="text-stone-700">أقساط الإيجار المستحقة في شهر {monthName}، وكل قسط سابق لم يسدد بالكامل.</p>
      <FilterForm filters={filters} label="تصفية الأقساط" className="sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <RecordFilter name="property" label="العقار" value={filters.propertyId} records={properties} />
        <RecordFilter name="owner" label="المالك" value={filters.ownerId} records={owners} />
        <ChoiceFilter name="state" label="الحالة" value={filters.state ?? undefined} values={BOARD_STATES} labels={BOARD_STATE_LABELS} />
        <FilterActions filtered={filtered} clearHref="/admin/rent" clearLabel="عرض كل الأقساط" className="" />
      </FilterForm>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="rent-totals">
        {[
          ["المستحق", totals.due],
          ["المحصّل", totals.paid],
          ["المتأخر غير المسدد", totals.overdue],
        ].map(([label, value]) => (
          <div key={label} className={adminCardClass}>
            <dt className="text-stone-600">{label}</dt>
            <dd className="mt-1 text-xl font-bold text-brand-900">{money(value as number)}</dd>
          </div>
        ))}
      </dl>
      <p className="font-bold text-stone-700" data-testid="instalment-count">
        {instalmentsText(total)}
        {more ? "، وتظهر أقدم ٥٠٠ منها: ضيّق التصفية لرؤية الباقي" : ""}
      </p>
      {rows.length ? (
        <>
          {/* Cards on a phone, the table from `sm` on: the table needs 48rem. */}
          <InstalmentCards label="الأقساط" className="sm:hidden">
            {rows.map((row) => (
              <InstalmentCard
                key={row.id}
                instalment={row}
                testId="rent-card"
                title={
                  <Link to={`/admin/rent/leases/${row.leaseId}`} className="text-brand-800 underline-offset-4 hover:underline">
                    <bdi>{row.tenant}</bdi>
                  </Link>
                }
              >
                <p className="text-sm text-stone-600">
                  <bdi>{unitTitle(row.unit)}</bdi> · <bdi>{row.property}</bdi> · المالك <bdi>{row.owner}</bdi>
                </p>
              </InstalmentCard>
            ))}
          </InstalmentCards>
          <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 max-sm:hidden">
            <InstalmentTable middleTitles={["المستأجر والوحدة", "المالك"]} className="w-full min-w-[48rem] text-start">
              {rows.map((row) => (
                <InstalmentRow key={row.id} instalment={row} testId="rent-row">
                  <td className="p-3">
                    <Link to={`/admin/rent/leases/${row.leaseId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                      <bdi>{row.tenant}</bdi>
                    </Link>
                    <span className="block text-sm text-stone-600">
                      <bdi>{unitTitle(row.unit)}</bdi> · <bdi>{row.property}</bdi>
                    </span>
                  </td>
                  <td className="p-3">
                    <bdi>{row.owner}</bdi>
                  </td>
                </InstalmentRow>
              ))}
            </InstalmentTable>
          </div>
        </>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{filtered ? "لا توجد أقساط مطابقة للتصفية." : "لا توجد أقساط مستحقة هذا الشهر ولا متأخرات."}</p>
      )}
    </div>
  );
}
