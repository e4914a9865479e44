import { Link } from "react-router";
import { Pager } from "~/components/admin/pager.tsx";
import { adminCardClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { InboxFiltersForm, inboxHref, isInboxFiltered } from "~/modules/inquiries/components/inbox-filters.tsx";
import { InquiryCard } from "~/modules/inquiries/components/inquiry-card.tsx";
import { handleInboxAction } from "~/modules/inquiries/inbox-action.server.ts";
import { inboxPage, parseInboxFilters } from "~/modules/inquiries/inbox.server.ts";
import { inquiriesText } from "~/modules/inquiries/status.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/inquiries";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "inquiries");
  const filters = parseInboxFilters(new URL(request.url).searchParams);
  return { filters, ...(await inboxPage(context.get(servicesContext).db, user, filters)) };
}

/** A reply, a help request or completing: every form names its inquiry; the role is checked again here, not only by the guard. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "inquiries");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  return handleInboxAction(context.get(servicesContext), user, read.form);
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { filters, cards, total, page, pageCount, lateCount, offers } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">استفسارات العملاء</h1>
      {/* Keyed by the filters: a link that changes them (a dashboard figure, back) shows them in the fields too. */}
      <InboxFiltersForm key={JSON.stringify(filters)} filters={filters} lateCount={lateCount} offers={offers} />
      {filters.id != null ? (
        <p className="text-sm text-stone-600">
          يعرض استفسارًا واحدًا.{" "}
          <Link to="/admin/inquiries" className="font-bold text-brand-800 underline">
            عرض كل الاستفسارات
          </Link>
        </p>
      ) : null}
      {cards.length ? (
        <>
          <p className="font-bold text-stone-700" data-testid="inquiries-total">
            {inquiriesText(total)}
          </p>
          <ul className="grid gap-4" aria-label="الاستفسارات">
            {cards.map((inquiry) => (
              <InquiryCard key={inquiry.id} inquiry={inquiry} />
            ))}
          </ul>
          <Pager label="صفحات الاستفسارات" page={page} pageCount={pageCount} href={(to) => inboxHref(filters, to)} />
        </>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{isInboxFiltered(filters) ? "لا توجد استفسارات مطابقة." : "لا توجد استفسارات بعد."}</p>
      )}
    </div>
  );
}
