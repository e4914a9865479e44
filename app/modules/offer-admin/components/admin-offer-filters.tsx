import { ChoiceFilter, FilterActions, FilterForm } from "~/components/admin/filter-form.tsx";
import { adminLabelClass } from "~/components/admin/styles.ts";
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
  return (
    <FilterForm filters={filters} label="البحث في العروض وتصفيتها" className="sm:grid-cols-2 lg:grid-cols-[minmax(12rem,2fr)_repeat(5,minmax(0,1fr))_auto] lg:items-end">
      {/* A report's «hidden for this reason» list keeps its reason while the other filters change. */}
      {filters.hidden ? <input type="hidden" name="hidden" value={filters.hidden} /> : null}
      <label className={`${adminLabelClass} sm:col-span-2 lg:col-span-1`}>
        بحث بالعنوان أو رقم العرض
        <input type="search" name="q" defaultValue={filters.q ?? ""} className={inputClass} />
      </label>
      <ChoiceFilter name="status" label="الحالة" value={filters.status} values={choices.statuses} />
      <ChoiceFilter name="city" label="المدينة" value={filters.city} values={choices.cities} />
      <ChoiceFilter name="type" label="نوع العقار" value={filters.type} values={choices.propertyTypes} />
      <ChoiceFilter name="licence" label="ترخيص الإعلان" value={filters.licence} values={ADMIN_LICENCE_FILTERS} labels={ADMIN_LICENCE_FILTER_LABELS} />
      <label className={adminLabelClass}>
        الترتيب
        <select name="sort" defaultValue={filters.sort} className={inputClass}>
          <Options values={ADMIN_OFFER_SORTS} labels={ADMIN_OFFER_SORT_LABELS} />
        </select>
      </label>
      <FilterActions filtered={isFiltered(filters)} clearHref="/admin/offers" clearLabel="كل العروض" className="sm:col-span-2 lg:col-span-1" />
    </FilterForm>
  );
}
