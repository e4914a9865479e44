import { Form, Link } from "react-router";
import { adminButtonClass, adminCardClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { InquiryCard } from "~/modules/inquiries/components/inquiry-card.tsx";
import { handleInboxAction } from "~/modules/inquiries/inbox-action.server.ts";
import { listInbox, parseInboxFilters } from "~/modules/inquiries/inbox.server.ts";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES } from "~/modules/inquiries/status.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/inquiries";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireSectionUser(context, "inquiries");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  return { filters, inquiries: await listInbox(context.get(servicesContext).db, user, filters) };
}

/** A reply, a help request or completing: every form names its inquiry; the role is checked again here, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireSectionUser(context, "inquiries");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleInboxAction(context.get(servicesContext), user, read.form);
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { filters, inquiries } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">استفسارات العملاء</h1>
      {/* Keyed by the filters: a link that changes them (a dashboard figure, back) shows them in the fields too. */}
      <Form key={JSON.stringify(filters)} method="get" className={`${adminCardClass} grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end`} role="search">
        <label className={adminLabelClass}>
          الحالة
          <select name="status" defaultValue={filters.status ?? ""} className={inputClass}>
            <option value="">الكل</option>
            <Options values={INQUIRY_STATUSES} labels={INQUIRY_STATUS_LABELS} />
          </select>
        </label>
        <label className={adminLabelClass}>
          بحث
          <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder="الاسم أو الهاتف أو العقار" className={inputClass} />
        </label>
        <button type="submit" className={adminButtonClass}>
          عرض
        </button>
      </Form>
      {filters.id != null ? (
        <p className="text-sm text-stone-600">
          يعرض استفسارًا واحدًا.{" "}
          <Link to="/admin/inquiries" className="font-bold text-brand-800 underline">
            عرض كل الاستفسارات
          </Link>
        </p>
      ) : null}
      {inquiries.length ? (
        <ul className="grid gap-4" aria-label="الاستفسارات">
          {inquiries.map((inquiry) => (
            <InquiryCard key={inquiry.id} inquiry={inquiry} />
          ))}
        </ul>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>
          {filters.id != null || filters.status || filters.q ? "لا توجد استفسارات مطابقة." : "لا توجد استفسارات بعد."}
        </p>
      )}
    </div>
  );
}
