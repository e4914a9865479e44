import { Link } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { TerminateLeaseForm } from "~/modules/leases/components/lease-form.tsx";
import { handleLeasePost, loadLeasePage, readLeaseRecordId } from "~/modules/leases/index.server.ts";
import { SCHEDULE_LABELS } from "~/modules/leases/lease-schema.ts";
import { leasePeriodText, leaseState, moneyText, yearlyRentText } from "~/modules/leases/lease-view.ts";
import { formatDateTimeArabic, formatDateWithHijri } from "~/utils/format.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/lease";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "leases");
  return loadLeasePage(context.get(servicesContext).db, user, readLeaseRecordId(params.id));
}

/** The lease ended early; the accountant's post is refused in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "leases");
  const id = readLeaseRecordId(params.id);
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleLeasePost(context.get(servicesContext), user, id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = () => [{ title: "عقد إيجار | إدارة الأملاك" }];

export default function LeasePage({ loaderData }: Route.ComponentProps) {
  const { lease, today, canEdit } = loaderData;
  const state = leaseState(lease, today);
  const canRenew = canEdit && !lease.terminatedOn && !lease.renewedById;
  return (
    <div className="grid min-w-0 gap-5">
      <Link to={`/admin/properties/${lease.propertyId}`} className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى العقار <bdi>{lease.propertyName}</bdi>
      </Link>
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          عقد إيجار <bdi>{unitTitle(lease.unitLabel)}</bdi>
        </h1>
        <p>
          <span className={`rounded-full px-2 py-0.5 text-sm font-bold ${state.tone}`} data-testid="lease-state">
            {state.label}
          </span>
        </p>
      </div>
      <Section id="details" title="تفاصيل العقد">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-stone-600">المستأجر</dt>
            <dd className="font-bold">
              <Link to={`/admin/tenants/${lease.tenantId}`} className="text-brand-800 underline-offset-4 hover:underline">
                <bdi>{lease.tenantName}</bdi>
              </Link>{" "}
              · <IdentifierText value={formatPhoneForReading(lease.tenantPhone)} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">رقم العقد في منصة إيجار</dt>
            <dd className="font-bold">
              <IdentifierText value={lease.ejarNumber} />
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-stone-600">المدة</dt>
            <dd>{leasePeriodText(lease)}</dd>
          </div>
          {lease.terminatedOn ? (
            <div className="sm:col-span-2">
              <dt className="text-sm text-stone-600">أُنهي مبكرًا، وآخر يوم فيه</dt>
              <dd>{formatDateWithHijri(lease.terminatedOn)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm text-stone-600">الإيجار</dt>
            <dd className="font-bold">{yearlyRentText(lease.yearlyRentHalalas)}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">دورية السداد</dt>
            <dd>{SCHEDULE_LABELS[lease.schedule]}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">التأمين</dt>
            <dd>{lease.depositHalalas ? moneyText(lease.depositHalalas) : "لا يوجد"}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">إشعار التجديد</dt>
            <dd>{lease.renewalNoticeSentAt ? `أُرسل ${formatDateTimeArabic(lease.renewalNoticeSentAt)}` : "لم يُرسل بعد"}</dd>
          </div>
        </dl>
        <p className="mt-3 text-sm">
          <Link to={`/admin/rent/leases/${lease.id}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            الأقساط والدفعات
          </Link>
        </p>
        {lease.renewsLeaseId ? (
          <p className="mt-3 text-sm">
            <Link to={`/admin/leases/${lease.renewsLeaseId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
              العقد السابق الذي جدده هذا العقد
            </Link>
          </p>
        ) : null}
        {lease.renewedById ? (
          <p className="mt-3 text-sm">
            <Link to={`/admin/leases/${lease.renewedById}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
              العقد الذي جدد هذا العقد
            </Link>
          </p>
        ) : null}
      </Section>
      {canRenew ? (
        <Section id="renew" title="تجديد العقد">
          <p className="mb-3 text-stone-700">يبدأ العقد الجديد في اليوم التالي لنهاية هذا العقد، ببياناته نفسها، وتعدّل ما يلزم قبل الحفظ.</p>
          <Link to={`/admin/leases/new?renews=${lease.id}`} className={`${adminButtonClass} inline-block`}>
            تجديد العقد
          </Link>
        </Section>
      ) : null}
      {canEdit && !lease.terminatedOn ? (
        <Section id="terminate" title="إنهاء العقد مبكرًا">
          <TerminateLeaseForm />
        </Section>
      ) : null}
    </div>
  );
}
