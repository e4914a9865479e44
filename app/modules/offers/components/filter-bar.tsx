import { Form } from "react-router";
import { SearchIcon } from "~/components/ui/icons.tsx";
import { FILTERABLE_STATUSES, type OfferFilters } from "../filters.ts";

const fieldClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-base text-ink shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none";

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
      <div>
        <label htmlFor={id("city")} className="mb-0.5 block text-sm font-bold text-stone-700">
          المدينة
        </label>
        <select id={id("city")} name="city" defaultValue={values.city ?? ""} className={fieldClass}>
          <option value="">كل المدن</option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("propertyType")} className="mb-0.5 block text-sm font-bold text-stone-700">
          نوع العقار
        </label>
        <select id={id("propertyType")} name="propertyType" defaultValue={values.propertyType ?? ""} className={fieldClass}>
          <option value="">كل الأنواع</option>
          {propertyTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("status")} className="mb-0.5 block text-sm font-bold text-stone-700">
          الحالة
        </label>
        <select id={id("status")} name="status" defaultValue={values.status ?? ""} className={fieldClass}>
          <option value="">الكل</option>
          {FILTERABLE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={id("priceSort")} className="mb-0.5 block text-sm font-bold text-stone-700">
          ترتيب السعر
        </label>
        <select id={id("priceSort")} name="priceSort" defaultValue={values.priceSort ?? ""} className={fieldClass}>
          <option value="">الأحدث أولاً</option>
          <option value="low">الأقل سعراً</option>
          <option value="high">الأعلى سعراً</option>
        </select>
      </div>
      <div className="col-span-2 flex items-end lg:col-span-1">
        <button
          type="submit"
          className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800"
        >
          <SearchIcon className="size-5" />
          عرض النتائج
        </button>
      </div>
    </Form>
  );
}
