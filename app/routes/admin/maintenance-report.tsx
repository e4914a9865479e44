import { Form, Link, useNavigation } from "react-router";
import { Section } from "~/components/admin/section.tsx";
import { adminButtonClass, adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CATEGORY_LABELS, MAINTENANCE_STATUSES, REPORT_LIMITS, STATUS_LABELS, URGENCY_LABELS } from "~/modules/maintenance/maintenance-labels.ts";
import { handleMaintenancePost, loadMaintenancePage, readId } from "~/modules/maintenance/maintenance-pages.server.ts";
import { CHARGE_STATE_LABELS } from "~/modules/maintenance/maintenance-view.ts";
import { formatDateArabic, formatDateTimeArabic, formatDigitsArabic, formatIdentifier, formatMoneyArabic } from "~/utils/format.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { imageUrl } from "~/utils/image-ref.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/maintenance-report";
import { unitTitle } from "~/modules/property-management/index.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "maintenance");
  return loadMaintenancePage(context.get(servicesContext).db, user, readId(params.id));
}

/** Its status, or «تكلفة الإصلاح»; the accountant's post is refused in the module. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "maintenance");
  const id = readId(params.id);
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleMaintenancePost(context.get(servicesContext), user, id, read.form);
}

export const shouldRevalidate = keepPageAfterRefusal;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `بلاغ صيانة رقم ${formatIdentifier(loaderData?.report.id ?? "")} | الصيانة` }];

type Refusal = { error?: string; field?: string; values?: Record<string, string> };

export default function MaintenanceReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, photos, charges, canEdit } = loaderData;
  const refusal = (actionData ?? {}) as Refusal;
  const busy = useNavigation().state === "submitting";
  const error = (field: string) =>
    refusal.field === field ? (
      <p id={`${field}-error`} className="text-sm font-bold text-red-700">
        {refusal.error}
      </p>
    ) : null;
  return (
    <div className="grid min-w-0 gap-5">
      <Link to="/admin/maintenance" className="justify-self-start font-bold text-brand-800 underline-offset-4 hover:underline">
        العودة إلى الصيانة
      </Link>
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">
          بلاغ صيانة رقم {formatIdentifier(report.id)}: {CATEGORY_LABELS[report.category]}
        </h1>
        <p className="text-stone-700">
          <bdi>{unitTitle(report.unitLabel)}</bdi> ·{" "}
          <Link to={`/admin/properties/${report.propertyId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
            <bdi>{report.propertyName}</bdi>
          </Link>{" "}
          · {report.city}
        </p>
      </div>
      <Section id="details" title="تفاصيل البلاغ">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-bold text-stone-600">الحالة</dt>
          <dd data-testid="report-status">{STATUS_LABELS[report.status]}</dd>
          <dt className="font-bold text-stone-600">درجة الاستعجال</dt>
          <dd className={report.urgency === "emergency" ? "font-bold text-red-700" : undefined}>{URGENCY_LABELS[report.urgency]}</dd>
          <dt className="font-bold text-stone-600">جوال المستأجر</dt>
          <dd>
            <IdentifierText value={report.phone} />
          </dd>
          <dt className="font-bold text-stone-600">وصل في</dt>
          <dd>{formatDateTimeArabic(report.createdAt)}</dd>
          <dt className="font-bold text-stone-600">المهمة</dt>
          <dd>
            {report.taskId ? (
              <Link to={`/admin/tasks/${report.taskId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
                مهمة رقم {formatIdentifier(report.taskId)}
              </Link>
            ) : (
              "—"
            )}
          </dd>
        </dl>
        <p className="mt-4 leading-7 whitespace-pre-line">
          <bdi>{report.description}</bdi>
        </p>
        {photos.length ? (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="صور المشكلة">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <a href={imageUrl(photo, 1500)} target="_blank" rel="noreferrer">
                  <img
                    src={imageUrl(photo, 400)}
                    width={photo.width}
                    height={photo.height}
                    alt={`صورة المشكلة ${formatDigitsArabic(i + 1)}`}
                    className="aspect-square w-full rounded-xl object-cover"
                    style={{ backgroundColor: photo.colour }}
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {canEdit ? (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="status" />
            <label className={adminLabelClass}>
              تغيير الحالة
              <select name="status" defaultValue={report.status} className={inputClass} aria-describedby={refusal.field === "status" ? "status-error" : undefined}>
                {MAINTENANCE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={adminSecondaryButtonClass} disabled={busy}>
              حفظ الحالة
            </button>
            {error("status")}
          </Form>
        ) : null}
      </Section>
      <Section id="costs" title="تكلفة الإصلاح">
        {charges.length ? (
          <ul className="mb-4 grid gap-2" data-testid="charges">
            {charges.map((charge) => (
              <li key={charge.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl p-3 ring-1 ring-stone-200">
                <span>
                  <bdi>{charge.description}</bdi> · {formatDateArabic(charge.chargedOn)}
                </span>
                <span className="font-bold">{formatMoneyArabic(charge.amountHalalas / 100)}</span>
                <span className={charge.state === "approved" ? "font-bold text-emerald-800" : charge.state === "rejected" ? "font-bold text-red-700" : "text-stone-700"}>
                  {CHARGE_STATE_LABELS[charge.state]}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-4 text-stone-600">لم تُسجَّل تكلفة بعد.</p>
        )}
        {canEdit ? (
          // Keyed by the costs entered: a cost sent clears the form for the next.
          <Form key={charges.length} method="post" className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
            <input type="hidden" name="intent" value="cost" />
            <label className={adminLabelClass}>
              وصف الإصلاح
              <input
                name="description"
                maxLength={REPORT_LIMITS.costDescription}
                defaultValue={refusal.values?.description ?? ""}
                className={inputClass}
                aria-invalid={refusal.field === "description" || undefined}
                aria-describedby={refusal.field === "description" ? "description-error" : undefined}
              />
            </label>
            <label className={adminLabelClass}>
              المبلغ (ر.س.)
              <input
                name="amount"
                inputMode="decimal"
                dir="ltr"
                defaultValue={refusal.values?.amount ?? ""}
                className={`${inputClass} text-end`}
                aria-invalid={refusal.field === "amount" || undefined}
                aria-describedby={refusal.field === "amount" ? "amount-error" : undefined}
              />
            </label>
            <button type="submit" className={adminButtonClass} disabled={busy}>
              طلب اعتماد التكلفة
            </button>
            <div className="sm:col-span-3">
              {error("description")}
              {error("amount")}
              {refusal.error && !refusal.field ? (
                <p role="alert" className="font-bold text-red-700">
                  {refusal.error}
                </p>
              ) : null}
              <p className="text-sm text-stone-600">تُرسل التكلفة إلى المدير العام للاعتماد في المالية، وتُحمَّل على مالك العقار بعد اعتمادها فقط.</p>
            </div>
          </Form>
        ) : null}
      </Section>
    </div>
  );
}
