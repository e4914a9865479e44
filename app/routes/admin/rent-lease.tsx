import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { ReceiptPhoto } from "~/components/ui/receipt-photo.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { InstalmentCard, InstalmentCards } from "~/modules/rent/components/instalment-cards.tsx";
import { InstalmentRow, InstalmentTable } from "~/modules/rent/components/instalment-table.tsx";
import { PaymentForm } from "~/modules/rent/components/payment-form.tsx";
import { handleLeasePost, loadLeaseLedger, readLeaseId } from "~/modules/rent/index.server.ts";
import { PAYMENT_METHOD_LABELS } from "~/modules/rent/rent-messages.ts";
import { paymentsText } from "~/modules/rent/rent-view.ts";
import { formatDateBothCalendars, formatDateWithHijri, formatMoneyArabic } from "~/utils/format.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import type { Route } from "./+types/rent-lease";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "rent");
  return loadLeaseLedger(context.get(servicesContext).db, user, readLeaseId(params.leaseId));
}

/** A payment recorded; the employees' post is refused (403) in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "rent");
  return handleLeasePost(context.get(servicesContext), user, readLeaseId(params.leaseId), request);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.lease.tenant ?? "عقد إيجار"} | التحصيل` }];

const money = (halalas: number) => formatMoneyArabic(halalas / 100);
const SCHEDULE_LABELS = { monthly: "شهريًا", quarterly: "كل ثلاثة أشهر", "half-yearly": "كل ستة أشهر", yearly: "سنويًا" } as const;

export default function LeaseLedger({ loaderData }: Route.ComponentProps) {
  const { lease, instalments, payments, unpaidHalalas, overdueHalalas, today, canRecord, requestKey } = loaderData;
  return (
    // One column that never grows past the screen: the instalments' table scrolls inside its card.
    <div className="grid min-w-0 grid-cols-1 gap-5">
      <Link to="/admin/rent" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى التحصيل
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          <bdi>{lease.tenant}</bdi>
        </h1>
        <p className="text-stone-700">
          <bdi>{unitTitle(lease.unit)}</bdi> ·{" "}
          <Link to={`/admin/properties/${lease.propertyId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            <bdi>{lease.property}</bdi>
          </Link>{" "}
          · المالك{" "}
          <Link to={`/admin/owners/${lease.ownerId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            <bdi>{lease.owner}</bdi>
          </Link>
        </p>
        <p className="text-stone-700">
          <Link to={`/admin/leases/${lease.id}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            عقد إيجار رقم <IdentifierText value={lease.ejarNumber} />
          </Link>{" "}
          · من {formatDateWithHijri(lease.startsOn)} إلى {formatDateWithHijri(lease.terminatedOn ?? lease.endsOn)}
        </p>
        <p className="text-stone-700">
          {money(lease.yearlyRentHalalas)} سنويًا، تدفع {SCHEDULE_LABELS[lease.schedule]} · جوال المستأجر <IdentifierText value={formatPhoneForReading(lease.tenantPhone)} />
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="ledger-totals">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <dt className="text-stone-600">غير المسدد من الأقساط المستحقة والقادمة</dt>
          <dd className="mt-1 text-xl font-bold text-brand-900" data-testid="unpaid">
            {money(unpaidHalalas)}
          </dd>
        </div>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
          <dt className="text-stone-600">المتأخر منها</dt>
          <dd className={`mt-1 text-xl font-bold ${overdueHalalas ? "text-red-800" : "text-brand-900"}`}>{money(overdueHalalas)}</dd>
        </div>
      </dl>
      {canRecord ? (
        <Section id="payment-new" title="تسجيل دفعة">
          <p className="mb-3 text-sm text-stone-600">تُسدَّد بها الأقساط الأقدم أولًا.</p>
          <PaymentForm requestKey={requestKey} today={today} />
        </Section>
      ) : null}
      <Section id="instalments" title="الأقساط">
        {instalments.length ? (
          <>
            {/* Cards on a phone, the table from `sm` on (a region that takes the focus, so the keyboard scrolls it on a narrow one). */}
            <InstalmentCards label="الأقساط" className="sm:hidden">
              {instalments.map((i) => (
                <InstalmentCard key={i.id} instalment={i} testId="instalment-card" title={formatDateBothCalendars(i.dueOn).gregorian} showDueDay={false} />
              ))}
            </InstalmentCards>
            <div className="relative overflow-x-auto max-sm:hidden" tabIndex={0} role="region" aria-labelledby="instalments-title">
              <InstalmentTable className="w-full min-w-[36rem] text-start">
                {instalments.map((i) => (
                  <InstalmentRow key={i.id} instalment={i} testId="instalment-row" />
                ))}
              </InstalmentTable>
            </div>
          </>
        ) : (
          <p className="text-stone-600">لم تُنشأ أقساط لهذا العقد بعد: تُنشأ قبل استحقاقها بشهر.</p>
        )}
      </Section>
      <Section id="payments" title="الدفعات">
        <p className="mb-3 font-bold text-stone-700" data-testid="payment-count">
          {paymentsText(payments.length)}
        </p>
        {payments.length ? (
          <ul className="grid gap-2">
            {payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl p-3 ring-1 ring-stone-200" data-testid="payment-row">
                <span className="font-bold text-brand-900">{money(p.amountHalalas)}</span>
                <span>{PAYMENT_METHOD_LABELS[p.method]}</span>
                <span className="text-stone-700">{formatDateBothCalendars(p.paidOn).gregorian}</span>
                {p.recordedBy ? <span className="text-sm text-stone-600">سجّلها {p.recordedBy}</span> : null}
                {p.notes ? <span className="basis-full text-sm text-stone-700">{p.notes}</span> : null}
                {p.receipt ? (
                  <ReceiptPhoto image={p.receipt} title={`دفعة ${formatDateBothCalendars(p.paidOn).gregorian}`} size={48} />
                ) : p.hasReceipt ? (
                  <span className="text-sm text-stone-600">مرفق بها إيصال</span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </Section>
    </div>
  );
}
