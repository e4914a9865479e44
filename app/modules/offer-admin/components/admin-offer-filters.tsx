import { Form, Link } from "react-router";
import { adminButtonClass, adminCardClass, adminLabelClass } from "~/components/admin/styles.ts";
import { inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { ADMIN_LICENCE_FILTER_LABELS, ADMIN_LICENCE_FILTERS, ADMIN_OFFER_SORT_LABELS, ADMIN_OFFER_SORTS, isFiltered, type AdminOfferFilters } from "../admin-offer-filters.ts";

/** What the filters offer: the lists' cities, types and statuses (a value in the address that is no longer listed is kept). */
export interface AdminOfferChoices {
  statuses: string[];
  cities: string[];
  propertyTypes: string[];
}

/**
 * The offers list's search and filters, a GET form (the address holds them: a link from a report,
 * a reload or «رجوع» keeps them); showing resets the page to the first.
 */
export function AdminOfferFiltersForm({ filters, choices }: { filters: AdminOfferFilters; choices: AdminOfferChoices }) {
  const select = (name: "status" | "city" | "type", label: string, values: string[]) => (
    <label className={adminLabelClass}>
      {label}
      <select name={name} defaultValue={filters[name] ?? ""} className={inputClass}>
        <option value="">الكل</option>
        <Options values={values} />
      </select>
    </label>
  );
  return (
    // Keyed by the filters: a link that changes them shows them in the fields too.
    <Form
      key={JSON.stringify(filters)}
      method="get"
      role="search"
      aria-label="البحث في العروض وتصفيتها"
      className={`${adminCardClass} grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_repeat(5,minmax(0,1fr))_auto] lg:items-end`}
    >
      {/* A report's «hidden for this reason» list keeps its reason while the other filters change. */}
      {filters.hidden ? <input type="hidden" name="hidden" value={filters.hidden} /> : null}
      <label className={`${adminLabelClass} sm:col-span-2 lg:col-span-1`}>
        بحث بالعنوان أو رقم العرض
        <input type="search" name="q" defaultValue={filters.q ?? ""} className={inputClass} />
      </label>
      {select("status", "الحالة", choices.statuses)}
      {select("city", "المدينة", choices.cities)}
      {select("type", "نوع العقار", choices.propertyTypes)}
      <label className={adminLabelClass}>
        ترخيص الإعلان
        <select name="licence" defaultValue={filters.licence ?? ""} className={inputClass}>
          <option value="">الكل</option>
          <Options values={ADMIN_LICENCE_FILTERS} labels={ADMIN_LICENCE_FILTER_LABELS} />
        </select>
      </label>
      <label className={adminLabelClass}>
        الترتيب
        <select name="sort" defaultValue={filters.sort} className={inputClass}>
          <Options values={ADMIN_OFFER_SORTS} labels={ADMIN_OFFER_SORT_LABELS} />
        </select>
      </label>
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={adminButtonClass}>
          عرض
        </button>
        {isFiltered(filters) ? (
          <Link to="/admin/offers" className="font-bold whitespace-nowrap text-brand-700 underline underline-offset-4">
            كل العروض
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
