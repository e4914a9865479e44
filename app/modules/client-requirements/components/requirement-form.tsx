import { useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useClearAfterSave } from "~/components/forms/use-app-form.ts";
import { REQUIREMENT_PURPOSES } from "~/db/column-types.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import type { RequirementChoices, RequirementView } from "../requirement-view.ts";
import { PURPOSE_LABELS, requirementSchema } from "../requirement-schema.ts";

/** The values a field starts from: one, several, or none. */
function chosen(meta: FieldMeta): string[] {
  const value = meta.initialValue;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
}

const numberText = (value: number | null) => (value === null ? "" : String(value));

/** The form's starting values: a requirement's to edit it, or a new one's (to buy, nothing chosen). */
function startValues(requirement: RequirementView | undefined) {
  if (!requirement) return { purpose: "sale" };
  return {
    id: String(requirement.id),
    purpose: requirement.purpose,
    propertyTypes: requirement.propertyTypes,
    cities: requirement.cities,
    neighbourhoods: requirement.neighbourhoods,
    budgetMin: numberText(requirement.budgetMin),
    budgetMax: numberText(requirement.budgetMax),
    roomsMin: numberText(requirement.roomsMin),
    areaMin: numberText(requirement.areaMin),
    areaMax: numberText(requirement.areaMax),
  };
}

/** A group of boxes sharing a name, with its legend, its hint and its first error. */
function Boxes({
  meta,
  legend,
  hint,
  values,
  required,
  onChange,
}: {
  meta: FieldMeta;
  legend: string;
  hint?: string;
  values: string[];
  required?: boolean;
  onChange?: (event: ChangeEvent<HTMLFieldSetElement>) => void;
}) {
  const picked = chosen(meta);
  const error = meta.errors?.[0];
  const describedBy = [hint ? meta.descriptionId : null, error ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset key={meta.key} className="min-w-0 sm:col-span-2" aria-describedby={describedBy} onChange={onChange}>
      <legend className="mb-2 text-sm font-bold text-stone-700">{required ? <Required>{legend}</Required> : legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {values.map((value) => (
          <label key={value} className="flex items-center gap-2 font-bold text-stone-700">
            <input type="checkbox" name={meta.name} value={value} defaultChecked={picked.includes(value)} className="size-5 accent-brand-700" />
            {value}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={meta.errorId} className="mt-1 text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The neighbourhoods, city by city, each city's folded until opened (one that has some chosen is
 * open). Once cities are ticked only theirs are shown (those of a city with a neighbourhood chosen
 * stay, so nothing chosen is hidden); with none ticked, every city's.
 */
function NeighbourhoodBoxes({ meta, cities, citiesTicked }: { meta: FieldMeta; cities: RequirementChoices["cities"]; citiesTicked: string[] }) {
  const picked = chosen(meta);
  const shown = (city: string) => !citiesTicked.length || citiesTicked.includes(city) || picked.some((key) => key.startsWith(`${city}/`));
  const error = meta.errors?.[0];
  return (
    <fieldset key={meta.key} className="min-w-0 sm:col-span-2" aria-describedby={`${meta.descriptionId}${error ? ` ${meta.errorId}` : ""}`}>
      <legend className="mb-1 text-sm font-bold text-stone-700">الأحياء (اختياري)</legend>
      <p id={meta.descriptionId} className="mb-2 text-sm text-stone-600">
        في مدينة اختير بعض أحيائها تُطابَق تلك الأحياء فقط، وفي غيرها أي حي.
      </p>
      <div className="grid gap-2">
        {cities
          .filter((city) => city.neighbourhoods.length > 0)
          .map((city) => (
            <details
              key={city.name}
              hidden={!shown(city.name)}
              open={picked.some((key) => key.startsWith(`${city.name}/`))}
              className="rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200"
            >
              <summary className="cursor-pointer font-bold text-brand-900">أحياء {city.name}</summary>
              <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
                {city.neighbourhoods.map((hood) => {
                  const key = `${city.name}/${hood}`;
                  return (
                    <label key={key} className="flex items-center gap-2 text-stone-700">
                      <input type="checkbox" name={meta.name} value={key} defaultChecked={picked.includes(key)} className="size-5 accent-brand-700" />
                      {hood}
                    </label>
                  );
                })}
              </div>
            </details>
          ))}
      </div>
      {error ? (
        <p id={meta.errorId} className="mt-1 text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A number typed as people type them (spaces, commas, Arabic-Indic digits); blank is no limit. */
function LimitField({ meta, label, hint, decimal }: { meta: FieldMeta; label: string; hint?: string; decimal?: boolean }) {
  return (
    <Field meta={meta} label={label} hint={hint}>
      {(props) => <input {...props} inputMode={decimal ? "decimal" : "numeric"} autoComplete="off" className={inputClass} />}
    </Field>
  );
}

/**
 * A client's requirement, new or edited: purpose, property types, cities and neighbourhoods (the
 * lookup lists), budget, rooms and area. The form pattern of decision 014: checked as the person
 * leaves a field, again on the server; a refusal keeps everything typed.
 */
export function RequirementForm({ requirement, choices }: { requirement?: RequirementView; choices: RequirementChoices }) {
  const fetcher = useFetcher<FormReply>();
  const id = requirement ? `requirement-${requirement.id}` : "requirement-new";
  const [form, fields] = useAppForm({ id, schema: requirementSchema, lastResult: fetcher.data, defaultValue: startValues(requirement) });
  const purpose = chosen(fields.purpose)[0] ?? "sale";
  // The cities ticked now, for the neighbourhoods shown (the boxes keep their own state; this follows them).
  const [citiesTicked, setCitiesTicked] = useState(() => chosen(fields.cities));
  const onCitiesChange = (event: ChangeEvent<HTMLFieldSetElement>) => {
    const boxes = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[name="${fields.cities.name}"]`);
    setCitiesTicked([...boxes].filter((box) => box.checked).map((box) => box.value));
  };
  // After a save the form shows the saved values again: the cities' neighbourhoods follow.
  useClearAfterSave(fetcher, () => {
    form.reset();
    setCitiesTicked(requirement?.cities ?? []);
  });
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      {requirement ? <input type="hidden" name="id" value={requirement.id} /> : null}
      <fieldset key={fields.purpose.key} className="sm:col-span-2" aria-describedby={fields.purpose.errors?.length ? fields.purpose.errorId : undefined}>
        <legend className="mb-2 text-sm font-bold text-stone-700">
          <Required>الغرض</Required>
        </legend>
        <div className="flex gap-6">
          {REQUIREMENT_PURPOSES.map((value) => (
            <label key={value} className="flex items-center gap-2 font-bold text-stone-700">
              <input type="radio" name={fields.purpose.name} value={value} defaultChecked={purpose === value} className="size-5 accent-brand-700" />
              {PURPOSE_LABELS[value]}
            </label>
          ))}
        </div>
        {fields.purpose.errors?.length ? (
          <p id={fields.purpose.errorId} className="mt-1 text-sm font-bold text-red-700">
            {fields.purpose.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <Boxes meta={fields.propertyTypes} legend="نوع العقار" values={choices.propertyTypes} required />
      <Boxes meta={fields.cities} legend="المدن (اختياري)" hint="إن لم تختر مدينة طوبقت العروض في أي مدينة." values={choices.cities.map((c) => c.name)} onChange={onCitiesChange} />
      <NeighbourhoodBoxes meta={fields.neighbourhoods} cities={choices.cities} citiesTicked={citiesTicked} />
      <LimitField meta={fields.budgetMin} label="الميزانية من (ر.س.، اختياري)" hint={formatDigitsArabic("مثال: 500,000. للإيجار: المبلغ السنوي.")} />
      <LimitField meta={fields.budgetMax} label="الميزانية إلى (ر.س.، اختياري)" hint={formatDigitsArabic("مثال: 1,200,000")} />
      <LimitField meta={fields.roomsMin} label="أقل عدد للغرف (اختياري)" hint={formatDigitsArabic("مثال: 3")} />
      <div className="hidden sm:block" />
      <LimitField meta={fields.areaMin} label="المساحة من (م²، اختياري)" decimal />
      <LimitField meta={fields.areaMax} label="المساحة إلى (م²، اختياري)" decimal />
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          {fetcher.state !== "idle" ? "جارٍ الحفظ…" : requirement ? "حفظ التعديل" : "إضافة الطلب"}
        </button>
      </div>
    </fetcher.Form>
  );
}
