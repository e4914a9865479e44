import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, NavigationType, useLocation, useNavigate, useNavigationType } from "react-router";
import { Options } from "~/components/forms/options.tsx";
import { KeptMarkup } from "~/framework/kept-markup.tsx";
import { CloseIcon, FiltersIcon, SearchIcon } from "~/components/ui/icons.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { NUMBER_LIMITS, readTypedNumber } from "~/utils/numbers.ts";
import { BEDROOM_CHOICES, FILTERABLE_STATUSES, OFFER_FILTER_KEYS, PRICE_SORTS, type OfferFilters } from "~/modules/search/index.ts";

const fieldClass = "field field-compact";
const labelClass = "mb-0.5 block text-sm font-bold text-stone-700";

/** The list's orders besides "newest first" (no value), by their value in the address. */
const PRICE_SORT_LABELS = { low: "الأقل سعراً", high: "الأعلى سعراً", perM2: "الأقل سعراً للمتر" };
const BEDROOM_VALUES = BEDROOM_CHOICES.map(String);
const BEDROOM_LABELS = Object.fromEntries(BEDROOM_CHOICES.map((n) => [String(n), `${formatNumberArabic(n)}+`]));

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
  value: string | number | undefined;
  anyLabel: string;
  options: readonly string[];
  labels?: Record<string, string>;
}) {
  return (
    // A city list is forty options: its server markup is made once per choice (kept-markup.tsx).
    <KeptMarkup as="div" keptKey={JSON.stringify(["filter", id, name, label, value, anyLabel, options, labels])}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClass}>
        <option value="">{anyLabel}</option>
        <Options values={options} labels={labels} />
      </select>
    </KeptMarkup>
  );
}

function KeywordField({ id, value }: { id: string; value: string | undefined }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        كلمة البحث
      </label>
      <input id={id} name="keyword" type="search" defaultValue={value ?? ""} placeholder="العنوان أو الحي أو المدينة" className={fieldClass} maxLength={100} />
    </>
  );
}

/** `compact`: on phones only its icon shows (the words stay for screen readers). */
function SubmitButton({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  return (
    <button type="submit" className={`flex items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white shadow hover:bg-brand-800 ${className}`}>
      <SearchIcon className="size-5" />
      <span className={compact ? "max-sm:sr-only" : undefined}>عرض النتائج</span>
    </button>
  );
}

/**
 * The home page's filter bar: SPEC's keyword, city, type, status and order. A plain GET form to
 * /offers, so it works before JavaScript loads; the query it produces is the one /offers reads back.
 */
export function FilterBar({
  cities,
  propertyTypes,
  statuses = FILTERABLE_STATUSES,
  idPrefix = "filters",
}: {
  cities: string[];
  propertyTypes: readonly string[];
  /** The public statuses (decision 027). */
  statuses?: readonly string[];
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
        <KeywordField id={id("keyword")} value={undefined} />
      </div>
      <FilterSelect id={id("city")} name="city" label="المدينة" value={undefined} anyLabel="كل المدن" options={cities} />
      <FilterSelect id={id("propertyType")} name="propertyType" label="نوع العقار" value={undefined} anyLabel="كل الأنواع" options={propertyTypes} />
      <FilterSelect id={id("status")} name="status" label="الحالة" value={undefined} anyLabel="الكل" options={statuses} />
      <FilterSelect id={id("priceSort")} name="priceSort" label="الترتيب" value={undefined} anyLabel="الأحدث أولاً" options={PRICE_SORTS} labels={PRICE_SORT_LABELS} />
      <div className="col-span-2 flex items-end lg:col-span-1">
        <SubmitButton className="w-full" />
      </div>
    </Form>
  );
}

/** Two whole numbers, from and to, under one legend ("السعر (ريال)"); typed digits of either style, separators allowed. */
function RangeFields({
  id,
  legend,
  names,
  labels,
  values,
}: {
  id: string;
  legend: string;
  names: [string, string];
  labels: [string, string];
  values: [number | undefined, number | undefined];
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {names.map((name, i) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="sr-only">
              {labels[i]}
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              placeholder={i === 0 ? "من" : "إلى"}
              defaultValue={values[i] === undefined ? "" : formatNumberArabic(values[i])}
              className={fieldClass}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** How long typing (a keyword, a price) pauses before the list follows it. */
const TYPING_PAUSE_MS = 700;
/** Changes closer together than this replace one history entry instead of adding one each. */
const RAPID_CHANGES_MS = 3000;
/** The typed amounts, read as the server reads them, so the address the form asks for is already the canonical one (no redirect). */
const TYPED_NUMBERS: Record<string, number> = { minPrice: NUMBER_LIMITS.price, maxPrice: NUMBER_LIMITS.price, minArea: NUMBER_LIMITS.area, maxArea: NUMBER_LIMITS.area };

/** The address of the form's values: the filters in their canonical order, empty ones left out, then the view. */
function filterFormSearch(form: HTMLFormElement): string {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const key of OFFER_FILTER_KEYS) {
    const raw = data.get(key);
    let value = typeof raw === "string" ? raw.trim() : "";
    const max = TYPED_NUMBERS[key];
    if (value && max !== undefined) value = String(readTypedNumber(value, { max, whole: true }) ?? value);
    if (value) params.set(key, value);
  }
  const view = data.get("view");
  if (typeof view === "string" && view) params.set("view", view);
  return params.size ? `?${params}` : "";
}

/** A query in a form that compares equal whatever its order (the page left out: a new filter starts at page 1). */
function comparable(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  return [...params]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join("&");
}

/** The mark the form's own navigations carry in the history entry's state. */
const OWN_NAVIGATION = { filterForm: true } as const;

/**
 * The filter form's key: a new list re-initialises the form's default values (a chip removed, a link,
 * the back button), but not a list the form asked for itself as the visitor changed it, so the
 * control they are using keeps its focus and what they typed, and «تصفية» stays open. Decided when
 * the list changes, not while it loads (the form may already be a change ahead).
 */
export function useFilterFormKey(query: string): string {
  const location = useLocation();
  const own = useNavigationType() !== NavigationType.Pop && (location.state as typeof OWN_NAVIGATION | null)?.filterForm === true;
  const [current, setCurrent] = useState({ query, key: query, resets: 0 });
  if (current.query === query) return current.key;
  // A count in the key: back to the query the form started from is a new form too.
  const next = own ? { ...current, query } : { query, key: `${query}#${current.resets + 1}`, resets: current.resets + 1 };
  setCurrent(next);
  return next.key;
}

/**
 * With JavaScript the filters apply as they change (decision 018): a list or a choice at once, typed
 * text after a pause; a React Router navigation with the form's values (no reload), replacing the
 * history entry when changes come quickly. The button stays for the first moments and for no JavaScript.
 */
function useApplyOnChange() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const last = useRef({ at: 0, search: "", replace: false, loading: false });
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (form: HTMLFormElement) => {
    const address = filterFormSearch(form);
    const search = comparable(address);
    const shown = comparable(window.location.search);
    const now = Date.now();
    const previous = last.current;
    // While the last change's list still loads, its entry is not in the history yet: this change takes
    // its place, pushing or replacing as it would have (a replace then would lose the list before it,
    // and Back leave the site). Once that list is shown, a quick change replaces the entry it made.
    // The same address again (the button after the changes applied themselves) adds no entry either.
    const quickAfterShown = !previous.loading && now - previous.at < RAPID_CHANGES_MS && shown === previous.search;
    const replace = search === shown || (previous.loading ? previous.replace : quickAfterShown);
    const current = { at: now, search, replace, loading: true };
    last.current = current;
    // Resolves when the list is shown, or when a later change has taken this one's place.
    void Promise.resolve(navigate(`/offers${address}`, { replace, preventScrollReset: true, state: OWN_NAVIGATION })).then(() => {
      current.loading = false;
    });
  };
  return {
    onChange(event: FormEvent<HTMLFormElement>) {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || !target.name) return;
      const form = event.currentTarget;
      clearTimeout(timer.current);
      if (target instanceof HTMLSelectElement) apply(form);
      else timer.current = setTimeout(() => apply(form), TYPING_PAUSE_MS);
    },
    // The button (or Enter): the same navigation at once, and «تصفية» folds again on a phone to show the results.
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      clearTimeout(timer.current);
      const form = event.currentTarget;
      form.querySelector("details")?.removeAttribute("open");
      apply(form);
    },
  };
}

/**
 * The /offers filter form: keyword, then a «تصفية» disclosure (a <details>, so no script opens it)
 * with city, neighbourhood, type, status, price and area ranges, bedrooms and the order. On wide
 * screens the disclosure stays open (app.css). A plain GET form: every filter lands in the address.
 *
 * The neighbourhood list is the chosen city's; with no city it waits for one. Choosing a city and
 * showing the results lists its neighbourhoods: with JavaScript every change applies itself
 * (useApplyOnChange), and the list's answer brings the new city's (the page carries only the chosen
 * city's, decision 028).
 */
export function OffersFilterForm({
  cities,
  neighbourhoods,
  propertyTypes,
  statuses = FILTERABLE_STATUSES,
  values,
  activeCount,
  view,
}: {
  cities: string[];
  neighbourhoods: Record<string, string[]>;
  propertyTypes: readonly string[];
  /** The statuses a visitor may filter by: the public ones (decision 027). */
  statuses?: readonly string[];
  values: OfferFilters;
  /** How many filters inside the disclosure are in force (its badge). */
  activeCount: number;
  view: string | undefined;
}) {
  const [city, setCity] = useState(values.city ?? "");
  const hoods = city ? (neighbourhoods[city] ?? []) : [];
  const id = (name: string) => `offers-filters-${name}`;
  const applyOnChange = useApplyOnChange();
  return (
    <Form method="get" action="/offers" role="search" aria-label="البحث في العروض" className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 sm:p-4" {...applyOnChange}>
      {view && <input type="hidden" name="view" value={view} />}
      {/* The map search's area stays while the other filters change (its chip removes it). */}
      {values.bbox && <input type="hidden" name="bbox" value={values.bbox} />}
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <KeywordField id={id("keyword")} value={values.keyword} />
        </div>
        <SubmitButton compact className="shrink-0 max-sm:px-3" />
      </div>
      <details className="filter-sheet group mt-3">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl bg-sand-100 px-3 py-2 font-bold text-brand-900 ring-1 ring-sand-200 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2">
            <FiltersIcon className="size-5" />
            تصفية
            {activeCount > 0 && (
              <>
                <span className="sr-only">، عدد المفعّلة:</span>
                <span className="rounded-full bg-brand-700 px-2 text-sm text-white">{formatNumberArabic(activeCount)}</span>
              </>
            )}
          </span>
          <span aria-hidden className="text-sm text-stone-600 group-open:hidden">
            عرض الخيارات
          </span>
          <span aria-hidden className="hidden text-sm text-stone-600 group-open:inline">
            إخفاء الخيارات
          </span>
        </summary>
        <div className="grid grid-cols-2 gap-x-3 gap-y-3 pt-3 lg:grid-cols-4 lg:pt-1">
          <div>
            <label htmlFor={id("city")} className={labelClass}>
              المدينة
            </label>
            <select id={id("city")} name="city" value={city} onChange={(e) => setCity(e.currentTarget.value)} className={fieldClass}>
              <option value="">كل المدن</option>
              <Options values={cities} />
            </select>
          </div>
          <div>
            <label htmlFor={id("neighbourhood")} className={labelClass}>
              الحي
            </label>
            {/* key: another city starts from «كل الأحياء» */}
            <select
              key={city}
              id={id("neighbourhood")}
              name="neighbourhood"
              defaultValue={city === values.city ? (values.neighbourhood ?? "") : ""}
              disabled={!city}
              className={fieldClass}
            >
              <option value="">{city ? "كل الأحياء" : "اختر المدينة أولاً"}</option>
              <Options values={hoods} />
            </select>
          </div>
          <FilterSelect id={id("propertyType")} name="propertyType" label="نوع العقار" value={values.propertyType} anyLabel="كل الأنواع" options={propertyTypes} />
          <FilterSelect id={id("status")} name="status" label="الحالة" value={values.status} anyLabel="الكل" options={statuses} />
          <div className="col-span-2 lg:col-span-1">
            <RangeFields id={id("price")} legend="السعر (ريال)" names={["minPrice", "maxPrice"]} labels={["السعر من", "السعر إلى"]} values={[values.minPrice, values.maxPrice]} />
          </div>
          <div className="col-span-2 lg:col-span-1">
            <RangeFields id={id("area")} legend="المساحة (م²)" names={["minArea", "maxArea"]} labels={["المساحة من", "المساحة إلى"]} values={[values.minArea, values.maxArea]} />
          </div>
          <FilterSelect id={id("bedrooms")} name="bedrooms" label="غرف النوم" value={values.bedrooms} anyLabel="أي عدد" options={BEDROOM_VALUES} labels={BEDROOM_LABELS} />
          <FilterSelect id={id("priceSort")} name="priceSort" label="الترتيب" value={values.priceSort} anyLabel="الأحدث أولاً" options={PRICE_SORTS} labels={PRICE_SORT_LABELS} />
        </div>
        <SubmitButton className="mt-3 w-full lg:hidden" />
      </details>
    </Form>
  );
}

/** The filters in force as chips, each a link to the list without it (`hrefWithout`), and «مسح الكل». */
export function FilterChips({ chips, hrefWithout }: { chips: { label: string; remove: (keyof OfferFilters)[] }[]; hrefWithout: (keys: (keyof OfferFilters)[]) => string }) {
  if (chips.length === 0) return null;
  return (
    <ul aria-label="عوامل التصفية المختارة" className="mt-3 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.remove[0]}>
          <Link
            to={hrefWithout(chip.remove)}
            preventScrollReset
            aria-label={`إزالة ${chip.label}`}
            className="flex items-center gap-1.5 rounded-full bg-brand-50 py-1 ps-3 pe-2 text-sm font-bold text-brand-900 ring-1 ring-brand-100 hover:bg-brand-100"
          >
            {chip.label}
            <CloseIcon className="size-4" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={hrefWithout(chips.flatMap((chip) => chip.remove))}
          preventScrollReset
          className="rounded-full px-3 py-1 text-sm font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          مسح الكل
        </Link>
      </li>
    </ul>
  );
}
