import { useState } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass, adminDangerButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, ltrNumberInputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { LocationPicker } from "~/modules/maps/components/location-picker.tsx";
import { OfferPicker } from "~/modules/offers/index.ts";
import type { Coordinates } from "~/modules/maps/map-link.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import type { CityWithNeighbourhoods } from "~/modules/lookups/city-choices.ts";
import {
  COMMISSION_KIND_LABELS,
  COMMISSION_KINDS,
  contractEditSchema,
  contractEndSchema,
  contractSchema,
  MANAGED_PROPERTY_KINDS,
  MANAGEMENT_SERVICES,
  PROPERTY_KIND_LABELS,
  propertyEditSchema,
  propertySchema,
  SERVICE_LABELS,
  UNIT_OFFERS_URL,
  unitSchema,
  type CommissionKind,
} from "../pm-schema.ts";
import type { ContractView } from "../pm-view.ts";
import { EndEarlyForm, TermDatesFields } from "./term-fields.tsx";
import { unitTitle } from "../pm-view.ts";

/** A new property of the owner: a building or a single unit, city and neighbourhood from the lists, address, an optional map point. */
export function PropertyForm({ cities, tileUrl }: { cities: CityWithNeighbourhoods[]; tileUrl: string }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "property-new", schema: propertySchema, lastResult: fetcher.data, defaultValue: { kind: "building" } });
  useResetAfterSave(fetcher, form);
  const [city, setCity] = useState(fields.city.initialValue ?? "");
  const [point, setPoint] = useState<Coordinates | null>(null);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="property" />
      <Field meta={fields.kind} label={<Required>نوع العقار</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            {MANAGED_PROPERTY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PROPERTY_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.name} label={<Required>اسم العقار</Required>} hint="مثل: عمارة النرجس ٧">
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <CityNeighbourhoodFields fields={fields} cities={cities} city={city} onCity={setCity} />
      <Field meta={fields.address} label="العنوان (اختياري)" className="sm:col-span-2">
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <details className="sm:col-span-2">
        <summary className="cursor-pointer font-bold text-brand-800">الموقع على الخريطة (اختياري)</summary>
        <div className="mt-3">
          <LocationPicker value={point} onChange={setPoint} label="موقع العقار على الخريطة" tileUrl={tileUrl} hint="المس الخريطة لتحديد موقع العقار، أو اكتب خطَّي العرض والطول." />
        </div>
      </details>
      {point ? (
        <>
          <input type="hidden" name="lat" value={point.lat} />
          <input type="hidden" name="lng" value={point.lng} />
        </>
      ) : null}
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          إضافة العقار
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * A property's city and neighbourhood, both from the lookup lists: the neighbourhoods are the chosen
 * city's, and the neighbourhood's select starts again when the city changes. The city is the
 * form's state (`city`, `onCity`): the new and the edit form keep it there.
 */
function CityNeighbourhoodFields({
  fields,
  cities,
  city,
  onCity,
}: {
  fields: Record<"city" | "neighbourhood", FieldMeta>;
  cities: CityWithNeighbourhoods[];
  city: string;
  onCity: (city: string) => void;
}) {
  const neighbourhoods = cities.find((c) => c.name === city)?.neighbourhoods ?? [];
  return (
    <>
      <Field meta={fields.city} label={<Required>المدينة</Required>}>
        {({ defaultValue: _typed, ...props }) => (
          <select {...props} value={city} onChange={(event) => onCity(event.target.value)} className={inputClass}>
            <option value="">اختر المدينة</option>
            {cities.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.neighbourhood} label={<Required>الحي</Required>}>
        {(props) => (
          <select {...props} key={city} className={inputClass} disabled={!city}>
            <option value="">{city ? "اختر الحي" : "اختر المدينة أولًا"}</option>
            {neighbourhoods.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}

export interface UnitDefaults {
  id: number;
  label: string;
  type: string;
  floor: string;
  area: number;
  rooms: number;
  electricityMeter: string;
  waterMeter: string;
  offerId: number | null;
  offerTitle: string | null;
}

/** A unit added or edited: number, type (lookup list), floor, area, rooms, meters, and the offer marketing it. */
export function UnitForm({ unit, unitTypes }: { unit?: UnitDefaults; unitTypes: string[] }) {
  const fetcher = useFetcher<FormReply>();
  const id = unit ? `unit-edit-${unit.id}` : "unit-new";
  const [form, fields] = useAppForm({
    id,
    schema: unitSchema,
    lastResult: fetcher.data,
    defaultValue: unit
      ? {
          label: unit.label,
          type: unit.type,
          floor: unit.floor,
          area: unit.area ? String(unit.area) : "",
          rooms: unit.rooms ? String(unit.rooms) : "",
          electricityMeter: unit.electricityMeter,
          waterMeter: unit.waterMeter,
          offerId: unit.offerId ? String(unit.offerId) : "",
        }
      : {},
  });
  useResetAfterSave(fetcher, form);
  const types = unit && !unitTypes.includes(unit.type) ? [unit.type, ...unitTypes] : unitTypes;
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <input type="hidden" name="intent" value={unit ? "unit-edit" : "unit-add"} />
      {unit ? <input type="hidden" name="id" value={unit.id} /> : null}
      <Field meta={fields.label} label={<Required>رقم الوحدة</Required>}>
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.type} label={<Required>نوع الوحدة</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            <option value="">اختر النوع</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.floor} label="الدور (اختياري)">
        {(props) => <input {...props} inputMode="numeric" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.area} label="المساحة بالمتر المربع (اختياري)">
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.rooms} label="عدد الغرف (اختياري)">
        {(props) => <input {...props} inputMode="numeric" autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.electricityMeter} label="رقم عداد الكهرباء (اختياري)">
        {(props) => <input {...props} dir="ltr" inputMode="numeric" autoComplete="off" className={ltrNumberInputClass} />}
      </Field>
      <Field meta={fields.waterMeter} label="رقم عداد المياه (اختياري)">
        {(props) => <input {...props} dir="ltr" inputMode="numeric" autoComplete="off" className={ltrNumberInputClass} />}
      </Field>
      <Field meta={fields.offerId} label="العرض المنشور للوحدة (اختياري)" hint="ابحث بعنوان العرض أو اكتب رقمه؛ اتركه فارغًا إن لم تكن معروضة" className="sm:col-span-2">
        {(props) => (
          <OfferPicker
            control={props}
            form={form}
            url={UNIT_OFFERS_URL}
            initial={unit?.offerId && unit.offerTitle != null ? { id: unit.offerId, label: unit.offerTitle, city: "", location: "" } : null}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:col-span-2 lg:col-span-4">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          {unit ? "حفظ الوحدة" : "إضافة الوحدة"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A unit's removal, confirmed by its name. */
export function RemoveUnitForm({ unit }: { unit: { id: number; label: string } }) {
  const fetcher = useFetcher<FormReply>();
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`حذف ${unitTitle(unit.label)}؟`)) event.preventDefault();
      }}
      className="grid gap-2"
    >
      <input type="hidden" name="intent" value="unit-remove" />
      <input type="hidden" name="id" value={unit.id} />
      <button type="submit" disabled={fetcher.state !== "idle"} aria-label={`حذف ${unitTitle(unit.label)}`} className={adminDangerButtonClass}>
        حذف
      </button>
      <FormNotice errors={formErrorsOf(fetcher.data)} />
    </fetcher.Form>
  );
}

/** A contract as its edit form starts from. */
export interface ContractDefaults extends ContractView {
  id: number;
}

/** Hundredths as typed again: 750 → «7.5», 1,200,050 → «12000.5». */
const hundredthsForTyping = (value: number | null) => (value === null ? "" : String(value / 100));

/** A new management contract, or one's terms edited: dates (with the Hijri date shown on the page), the commission, what the firm does. */
export function ContractForm({ contract }: { contract?: ContractDefaults } = {}) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({
    id: contract ? `contract-edit-${contract.id}` : "contract-new",
    schema: contract ? contractEditSchema : contractSchema,
    lastResult: fetcher.data,
    defaultValue: contract
      ? {
          startsOn: contract.startsOn,
          endsOn: contract.endsOn,
          commissionKind: contract.commissionKind,
          commissionValue: hundredthsForTyping(contract.commissionKind === "percent" ? contract.commissionBasisPoints : contract.commissionHalalas),
        }
      : { commissionKind: "percent" },
  });
  useResetAfterSave(fetcher, form);
  const kind = (fields.commissionKind.value ?? contract?.commissionKind ?? "percent") as CommissionKind;
  // Rent collection is ticked in a new form, the contract's services in an edit; after a refusal, what was ticked (none: nothing).
  const chosen = new Set<string>(fetcher.data?.initialValue ? [fields.services.initialValue ?? []].flat().map(String) : (contract?.services ?? ["rent-collection"]));
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={contract ? "contract-edit" : "contract"} />
      {contract ? <input type="hidden" name="id" value={contract.id} /> : null}
      <TermDatesFields fields={fields} />
      <fieldset>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>عمولة الشركة</Required>
        </legend>
        <div className="grid gap-2">
          {COMMISSION_KINDS.map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name={fields.commissionKind.name} value={value} defaultChecked={(fields.commissionKind.initialValue ?? "percent") === value} />
              {COMMISSION_KIND_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        meta={fields.commissionValue}
        label={<Required>{kind === "percent" ? "النسبة ٪" : "المبلغ بالريال سنويًا"}</Required>}
        hint={kind === "percent" ? "مثال: ٧٫٥" : "مثال: ١٢٬٠٠٠"}
      >
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" className={inputClass} />}
      </Field>
      <fieldset className="sm:col-span-2" aria-describedby={fields.services.errors ? fields.services.errorId : undefined}>
        <legend className="mb-1 text-sm font-bold text-stone-700">
          <Required>ما تقوم به الشركة</Required>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {MANAGEMENT_SERVICES.map((service) => (
            <label key={service} className="flex items-center gap-2">
              <input type="checkbox" name={fields.services.name} value={service} defaultChecked={chosen.has(service)} />
              {SERVICE_LABELS[service]}
            </label>
          ))}
        </div>
        {fields.services.errors ? (
          <p id={fields.services.errorId} className="mt-1 text-sm font-bold text-red-700">
            {fields.services.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          {contract ? "حفظ العقد" : "إضافة العقد"}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** A contract ended early: its new last day (between its start and its current end). */
export function EndContractForm({ contractId }: { contractId: number }) {
  return (
    <EndEarlyForm
      formId={`contract-end-${contractId}`}
      schema={contractEndSchema}
      day="endsOn"
      intent="contract-end"
      question="إنهاء عقد الإدارة قبل موعده؟"
      recordId={contractId}
    />
  );
}

/** A property's details edited: name, city, neighbourhood, address (its kind stays). */
export function PropertyEditForm({ property, cities }: { property: { name: string; city: string; neighbourhood: string; address: string }; cities: CityWithNeighbourhoods[] }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "property-edit", schema: propertyEditSchema, lastResult: fetcher.data, defaultValue: property });
  const [city, setCity] = useState(fields.city.initialValue ?? property.city);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="property-edit" />
      <Field meta={fields.name} label={<Required>اسم العقار</Required>}>
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <CityNeighbourhoodFields fields={fields} cities={cities} city={city} onCity={setCity} />
      <Field meta={fields.address} label="العنوان (اختياري)">
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          حفظ بيانات العقار
        </button>
      </div>
    </fetcher.Form>
  );
}
