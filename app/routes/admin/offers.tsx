import { useState } from "react";
import { Pager } from "~/components/admin/pager.tsx";
import { Link, useFetcher, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { FormNotice } from "~/components/forms/field.tsx";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { isAdvertisedStatus } from "~/modules/ad-licences/ad-licence.ts";
import { LicenceBadge } from "~/modules/ad-licences/components/licence-badge.tsx";
import { OfferActions, OfferThumbnail } from "~/modules/offer-admin/components/offer-row.tsx";
import { StatusBadge } from "~/modules/offers/components/status-badge.tsx";
import { useLiveOffers } from "~/modules/offers/components/use-live-offers.ts";
import { listOfferFormChoices } from "~/modules/lookups/lookups.server.ts";
import { adminOffersHref, isFiltered, parseAdminOfferFilters } from "~/modules/offer-admin/admin-offer-filters.ts";
import { AdminOfferFiltersForm } from "~/modules/offer-admin/components/admin-offer-filters.tsx";
import { BULK_STATUS_FORM_ID, BulkStatusBar, BulkStatusOutcomeNotice } from "~/modules/offer-admin/components/bulk-status-bar.tsx";
import { handleOfferBulkStatus, handleOfferDelete } from "~/modules/offer-admin/offer-admin-post.server.ts";
import { listAdminOffers } from "~/modules/offer-admin/offer-admin.server.ts";
import { VISIBILITY_LABELS } from "~/modules/offers/offer-visibility.ts";
import { OFFER_FORM_MESSAGES } from "~/modules/offer-admin/offer-form-schema.ts";
import type { AdminOfferRow } from "~/modules/offers/offer-views.ts";
import { offersText } from "~/utils/count-words.ts";
import { formatPriceArabic } from "~/utils/format.ts";
import { replyToRefusal } from "~/utils/form-reply.server.ts";
import { formErrorsOf } from "~/utils/form-submission.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/offers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "offers");
  const { db } = context.get(servicesContext);
  const filters = parseAdminOfferFilters(new URL(request.url).searchParams);
  const [list, choices] = await Promise.all([listAdminOffers(db, filters), listOfferFormChoices(db, { status: filters.status, city: filters.city, propertyType: filters.type })]);
  return { ...list, filters, choices: { statuses: choices.statuses, cities: choices.cities.map((city) => city.name), propertyTypes: choices.propertyTypes } };
}

/** Delete (asked first) or a bulk status change; a saved or deleted offer's message is the layout's toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSectionUser(context, "offers");
  const read = await readForm(request, context);
  if (!read.ok) return replyToRefusal(read);
  const services = context.get(servicesContext);
  if (read.form.get("intent") === "bulk-status") return handleOfferBulkStatus(services, user, read.form);
  // Back to the list as it was: its filters, order and page.
  return handleOfferDelete(services, user, read.form, adminOffersHref(parseAdminOfferFilters(new URL(request.url).searchParams)));
}

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, choices } = loaderData;
  useLiveOffers();
  const remove = useFetcher<typeof action>();
  const navigation = useNavigation();
  const [deleting, setDeleting] = useState<AdminOfferRow | null>(null);
  // The ticked offers (the checkboxes belong to the bulk form); cleared once a change went through.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const outcome = actionData && "bulk" in actionData ? actionData.bulk : null;
  const [shownOutcome, setShownOutcome] = useState(outcome);
  if (outcome !== shownOutcome) {
    setShownOutcome(outcome);
    if (outcome) setSelected(new Set());
  }
  const bulkBusy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-status";
  const toggle = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allTicked = rows.length > 0 && rows.every((offer) => selected.has(offer.id));
  const tickAll = (on: boolean) => setSelected(on ? new Set(rows.map((offer) => offer.id)) : new Set());
  const tick = (offer: AdminOfferRow) => (
    <input
      type="checkbox"
      name="ids"
      value={offer.id}
      form={BULK_STATUS_FORM_ID}
      checked={selected.has(offer.id)}
      onChange={(event) => toggle(offer.id, event.currentTarget.checked)}
      aria-label={`تحديد ${offer.title}`}
      className="size-5 accent-brand-700"
    />
  );

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">العروض</h1>
        <Link to="/admin/offers/new" className={adminButtonClass}>
          إضافة عرض جديد
        </Link>
      </div>
      <AdminOfferFiltersForm filters={filters} choices={choices} />
      {filters.hidden ? (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-white p-3 ring-1 ring-stone-200" data-testid="visibility-filter">
          <span>
            العروض <span className="font-bold">{VISIBILITY_LABELS[filters.hidden]}</span>: {offersText(total)}
          </span>
          <Link to="/admin/offers" className="font-bold text-brand-800 underline">
            عرض كل العروض
          </Link>
        </p>
      ) : null}
      {remove.state === "idle" && remove.data && !("bulk" in remove.data) ? <FormNotice errors={formErrorsOf(remove.data)} /> : null}
      {outcome ? <BulkStatusOutcomeNotice outcome={outcome} /> : null}

      {rows.length === 0 ? (
        <p className={`${adminCardClass} text-center text-stone-600`}>
          {filters.hidden ? "لا توجد عروض بهذا الوصف الآن." : isFiltered(filters) ? "لا توجد عروض مطابقة للبحث والتصفية." : "لا توجد عروض حاليًا. أضف أول عرض ليظهر للزوار."}
        </p>
      ) : (
        <>
          <BulkStatusBar
            statuses={choices.statuses}
            selected={selected.size}
            busy={bulkBusy}
            errors={outcome ? [] : formErrorsOf(actionData && !("bulk" in actionData) ? actionData : undefined)}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="font-bold text-stone-700" data-testid="offers-total">
              {offersText(total)}
            </p>
            <label className="flex items-center gap-2 text-sm font-bold text-stone-700">
              <input type="checkbox" checked={allTicked} onChange={(event) => tickAll(event.currentTarget.checked)} className="size-5 accent-brand-700" />
              تحديد كل عروض الصفحة
            </label>
          </div>
          {/* Phone: one card per offer. */}
          <ul className="grid gap-3 md:hidden" aria-label="قائمة العروض">
            {rows.map((offer) => (
              <li key={offer.id} className={`${adminCardClass} flex gap-3`} data-testid="admin-offer">
                <div className="pt-1">{tick(offer)}</div>
                <OfferThumbnail offer={offer} />
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="truncate font-bold">
                    <bdi>{offer.title}</bdi>
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
                    <StatusBadge status={offer.status} admin />
                    <LicenceBadge state={offer.licence} advertised={isAdvertisedStatus(offer.status)} />
                    {offer.city}
                  </p>
                  <p className="font-bold text-brand-800">{formatPriceArabic(offer.price)}</p>
                  <OfferActions offer={offer} onDelete={setDeleting} />
                </div>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 md:block">
            <table className="w-full text-start">
              <thead className="bg-stone-50 text-sm text-stone-600">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    <span className="sr-only">تحديد</span>
                  </th>
                  <th scope="col" className="p-3 text-start">
                    <span className="sr-only">الصورة</span>
                  </th>
                  <th scope="col" className="p-3 text-start">
                    العنوان
                  </th>
                  <th scope="col" className="p-3 text-start">
                    الحالة
                  </th>
                  <th scope="col" className="p-3 text-start">
                    ترخيص الإعلان
                  </th>
                  <th scope="col" className="p-3 text-start">
                    المدينة
                  </th>
                  <th scope="col" className="p-3 text-start">
                    السعر
                  </th>
                  <th scope="col" className="p-3 text-start">
                    الإجراءات
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {rows.map((offer) => (
                  <tr key={offer.id} data-testid="admin-offer-row">
                    <td className="p-3">{tick(offer)}</td>
                    <td className="p-3">
                      <OfferThumbnail offer={offer} />
                    </td>
                    <td className="p-3 font-bold">
                      <Link to={`/offer/${offer.id}`} className="hover:underline">
                        <bdi>{offer.title}</bdi>
                      </Link>
                    </td>
                    <td className="p-3">
                      <StatusBadge status={offer.status} admin />
                    </td>
                    <td className="p-3">
                      <LicenceBadge state={offer.licence} advertised={isAdvertisedStatus(offer.status)} />
                    </td>
                    <td className="p-3">{offer.city}</td>
                    <td className="p-3 whitespace-nowrap">{formatPriceArabic(offer.price)}</td>
                    <td className="p-3">
                      <OfferActions offer={offer} onDelete={setDeleting} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="صفحات العروض" page={page} pageCount={pageCount} href={(to) => adminOffersHref(filters, { page: to })} />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={OFFER_FORM_MESSAGES.deleteConfirm}
        subject={deleting?.title}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.submit({ intent: "delete", id: String(deleting.id) }, { method: "post" });
          setDeleting(null);
        }}
      />
    </div>
  );
}
