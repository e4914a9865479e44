import { Link } from "react-router";
import { ChoiceFilter, FilterForm } from "~/components/admin/filter-form.tsx";
import { adminButtonClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { formatDigitsArabic } from "~/utils/format.ts";
import type { InboxFilters, InboxOfferChoice } from "../inbox-card.ts";
import { inquiriesText, INQUIRY_STATUS_LABELS, INQUIRY_STATUSES } from "../status.ts";

/** Whether the inbox shows less than everything (its empty state says «no match» then). */
export const isInboxFiltered = (filters: InboxFilters) => filters.id != null || Boolean(filters.status || filters.late || filters.offer != null || filters.q);

/** The inbox's address for these filters and a page (the pager keeps the filters). */
export function inboxHref(filters: InboxFilters, page = filters.page ?? 1): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.late) params.set("late", "1");
  if (filters.offer != null) params.set("offer", String(filters.offer));
  if (filters.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/inquiries?${query}` : "/admin/inquiries";
}

/**
 * The inbox's filters, a GET form the address keeps: status, only the late ones (how many there
 * are in its label), one offer, and a search. Showing goes back to the first page.
 */
export function InboxFiltersForm({ filters, lateCount, offers }: { filters: InboxFilters; lateCount: number; offers: InboxOfferChoice[] }) {
  return (
    <FilterForm filters={filters} label="تصفية الاستفسارات" className="sm:grid-cols-2 lg:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)] lg:items-end">
      <ChoiceFilter name="status" label="الحالة" value={filters.status} values={INQUIRY_STATUSES} labels={INQUIRY_STATUS_LABELS} />
      <label className={adminLabelClass}>
        العرض
        <select name="offer" defaultValue={filters.offer != null ? String(filters.offer) : ""} className={inputClass}>
          <option value="">كل العروض</option>
          {offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.title} (رقم {formatDigitsArabic(offer.id)})
            </option>
          ))}
        </select>
      </label>
      <label className={adminLabelClass}>
        بحث
        <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder="الاسم أو الهاتف أو العقار" className={inputClass} />
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-2 lg:col-span-2">
        <label className="flex items-center gap-2 font-bold text-stone-800">
          <input type="checkbox" name="late" value="1" defaultChecked={filters.late} className="size-5 accent-red-700" />
          <span>
            المتأخرة فقط{" "}
            <span className={`rounded-full px-2 py-0.5 text-sm ${lateCount ? "bg-red-700 text-white" : "bg-stone-200 text-stone-700"}`} data-testid="late-count">
              {inquiriesText(lateCount, "لا يوجد")}
            </span>
          </span>
        </label>
        {isInboxFiltered(filters) ? (
          <Link to="/admin/inquiries" className="font-bold text-brand-700 underline underline-offset-4">
            كل الاستفسارات
          </Link>
        ) : null}
      </div>
      <button type="submit" className={`${adminButtonClass} sm:col-span-2 lg:col-span-1 lg:justify-self-end`}>
        عرض
      </button>
    </FilterForm>
  );
}
