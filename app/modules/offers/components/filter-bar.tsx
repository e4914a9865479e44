import { Form } from "react-router";
import { Options } from "~/components/forms/options.tsx";
import { SearchIcon } from "~/components/ui/icons.tsx";
import { FILTERABLE_STATUSES, type OfferFilters } from "../filters.ts";

const fieldClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

/** The price orders besides "newest first", by their value in the address. */
const PRICE_SORTS = ["low", "high"] as const;
const PRICE_SORT_LABELS = { low: "الأقل سعراً", high: "الأعلى سعراً" };

/** One filter: its label, and a list whose first choice (`anyLabel`, an empty value) filters nothing. */
function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
  labels,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly string[];
  labels?: Record<string, string>;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-0.5 block text-sm font-bold text-stone-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClass}>
        <option value="">{anyLabel}</option>
        <Options values={options} labels={labels} />
      </select>
    </div>
  );
}

/**
 * The offers filter bar (home and /offers). A plain GET form to /offers, so it works before
 * JavaScript loads; the query it produces is the one /offers reads back.
 */
export function FilterBar({
  cities,
  propertyTypes,
  values,
  idPrefix = "filters",
}: {
  cities: string[];
  propertyTypes: readonly string[];
  values: Partial<OfferFilters>;
  idPrefix?: string;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form
      method="get"
      action="/offers"
      role="search"
      aria-label="البحث في العروض"
      className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-2xl bg-white/95 p-3 shadow-lg ring-1 ring-stone-200 backdrop-blur sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
    >
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={id("keyword")} className="mb-0.5 block text-sm font-bold text-stone-700">
          كلمة البحث
        </label>
        <input
          id={id("keyword")}
          name="keyword"
          type="search"
          defaultValue={values.keyword ?? ""}
          placeholder="العنوان أو الحي أو المدينة"
          className={fieldClass}
          maxLength={100}
        />
      </div>
      <FilterSelect id={id("city")} name="city" label="المدينة" value={values.city} anyLabel="كل المدن" options={cities} />
      <FilterSelect id={id("propertyType")} name="propertyType" label="نوع العقار" value={values.propertyType} anyLabel="كل الأنواع" options={propertyTypes} />
      <FilterSelect id={id("status")} name="status" label="الحالة" value={values.status} anyLabel="الكل" options={FILTERABLE_STATUSES} />
      <FilterSelect id={id("priceSort")} name="priceSort" label="ترتيب السعر" value={values.priceSort} anyLabel="الأحدث أولاً" options={PRICE_SORTS} labels={PRICE_SORT_LABELS} />
      <div className="col-span-2 flex items-end lg:col-span-1">
        <button type="submit" className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800">
          <SearchIcon className="size-5" />
          عرض النتائج
        </button>
      </div>
    </Form>
  );
}
