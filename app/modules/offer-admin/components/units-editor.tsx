import { useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Field, inputClass, type FieldMeta } from "~/components/forms/field.tsx";
import { FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { formatNumberArabic, formatDigitsArabic } from "~/utils/format.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import type { OfferUnit } from "~/modules/offers/index.ts";
import { expandUnits, OFFER_FORM_MESSAGES, unitSchema } from "../offer-form-schema.ts";
import { LookupSelect } from "./lookup-select.tsx";

interface UnitDraft {
  type: string;
  description: string;
  floor: string;
  area: string;
  bedrooms: string;
  bathrooms: string;
  orientation: string;
  count: string;
}

const EMPTY_DRAFT: UnitDraft = { type: "", description: "", floor: "", area: "", bedrooms: "", bathrooms: "", orientation: "", count: "1" };

function toDraft(unit: OfferUnit): UnitDraft {
  return {
    type: unit.type,
    description: unit.description,
    floor: unit.floor,
    area: unit.area ? String(unit.area) : "",
    bedrooms: unit.bedrooms ? String(unit.bedrooms) : "",
    bathrooms: unit.bathrooms ? String(unit.bathrooms) : "",
    orientation: unit.orientation ?? "",
    count: "1",
  };
}

/** A unit as the offer form posts it: one hidden field per value, named `units[i].type` and so on. */
function UnitFields({ name, unit }: { name: string; unit: OfferUnit }) {
  const values: Array<[keyof OfferUnit, string | number | undefined]> = [
    ["id", unit.id],
    ["type", unit.type],
    ["description", unit.description],
    ["floor", unit.floor],
    ["area", unit.area],
    ["bedrooms", unit.bedrooms],
    ["bathrooms", unit.bathrooms],
    ["orientation", unit.orientation],
  ];
  return values.map(([key, value]) => (value === undefined || value === "" ? null : <input key={key} type="hidden" name={`${name}.${key}`} value={value} />));
}

/**
 * The units of a building offer: type required (a custom type is
 * trimmed, offered again at once here and saved to the list with the offer), a count when adding
 * creates numbered copies, the floor accepts "5", "3-7" or "1, 3, 5", deleting asks first. A unit
 * is checked with the offer's own unit schema before it joins the list; the list is posted with
 * the offer under `name`, and `errors` are the offer's messages about it.
 */
export function UnitsEditor({
  name,
  units,
  unitTypes,
  onChange,
  errors,
}: {
  name: string;
  units: OfferUnit[];
  unitTypes: string[];
  onChange: (units: OfferUnit[]) => void;
  errors: Record<string, string[]>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<UnitDraft | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string[] | null>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const knownTypes = [...new Set([...unitTypes, ...units.map((u) => u.type)])];

  function set<K extends keyof UnitDraft>(key: K, value: UnitDraft[K]) {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  }

  /** The draft's fields are not the offer's: no name, so the offer form never posts them. */
  const draftField = (key: keyof UnitDraft): FieldMeta => ({
    id: `${id}-${key}`,
    name: "",
    errorId: `${id}-${key}-error`,
    descriptionId: `${id}-${key}-hint`,
    errors: draftErrors[key] ?? undefined,
  });

  function save() {
    if (!draft) return;
    const posted = new FormData();
    for (const [key, value] of Object.entries({ ...draft, id: editing ?? "new" })) if (value) posted.append(key, value);
    const parsed = parseSubmission(posted, unitSchema);
    if (parsed.status !== "success") {
      setDraftErrors(parsed.error ?? {});
      return;
    }
    const unit = parsed.value;
    if (editing) {
      onChange(units.map((u) => (u.id === editing ? { ...unit, id: editing } : u)));
    } else {
      const { id: _id, ...rest } = unit;
      onChange([...units, ...expandUnits(rest, Number(draft.count) || 1)]);
    }
    setDraft(null);
    setEditing(null);
    setDraftErrors({});
  }

  /** The first message about this unit (type, floor, a number). */
  const unitError = (index: number) => Object.entries(errors).find(([key]) => key.startsWith(`${name}[${index}].`))?.[1][0];
  const listError = errors[name]?.[0];

  const textField = (key: "description" | "floor" | "area" | "bedrooms" | "bathrooms", label: string, extra: { inputMode?: "decimal" | "numeric"; placeholder?: string } = {}) =>
    draft ? (
      <Field meta={draftField(key)} label={label}>
        {(props) => <input {...props} {...extra} className={inputClass} value={draft[key]} onChange={(e) => set(key, e.target.value)} />}
      </Field>
    ) : null;

  return (
    <div className="grid gap-3">
      {units.map((unit, index) => (
        <UnitFields key={unit.id} name={`${name}[${index}]`} unit={unit} />
      ))}
      {units.length ? (
        <ul className="grid gap-2" aria-label="الوحدات">
          {units.map((unit, index) => (
            <li key={unit.id} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200" data-testid="offer-unit">
              <div className="grid gap-0.5">
                <p className="font-bold">
                  {unit.type}
                  {unit.description ? <span className="font-normal text-stone-600"> — {unit.description}</span> : null}
                </p>
                <p className="text-sm text-stone-600">
                  {[
                    unit.floor ? `الدور ${unit.floor}` : "",
                    unit.area ? `${formatNumberArabic(unit.area)} م²` : "",
                    unit.bedrooms ? `${formatNumberArabic(unit.bedrooms)} غرف` : "",
                    unit.bathrooms ? `${formatNumberArabic(unit.bathrooms)} دورات مياه` : "",
                    unit.orientation ? `الاتجاه ${unit.orientation}` : "",
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {unitError(index) ? <p className="text-sm font-bold text-red-700">{unitError(index)}</p> : null}
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className={adminSecondaryButtonClass}
                  aria-label={`تعديل الوحدة ${formatNumberArabic(index + 1)}`}
                  onClick={() => {
                    setEditing(unit.id);
                    setDraft(toDraft(unit));
                    setDraftErrors({});
                  }}
                >
                  تعديل
                </button>
                <button
                  type="button"
                  className="rounded-xl px-4 py-2 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50"
                  aria-label={`حذف الوحدة ${formatNumberArabic(index + 1)}`}
                  onClick={() => setDeleting(unit.id)}
                >
                  حذف
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">لم تُضف وحدات بعد.</p>
      )}
      {listError ? <p className="text-sm font-bold text-red-700">{listError}</p> : null}

      {draft ? (
        <fieldset className="grid min-w-0 gap-3 rounded-xl bg-brand-50/60 p-4 ring-1 ring-brand-200 sm:grid-cols-2">
          <legend className="px-1 font-bold text-brand-900">{editing ? "تعديل الوحدة" : "إضافة وحدة"}</legend>
          <LookupSelect
            meta={draftField("type")}
            label="نوع الوحدة"
            options={knownTypes}
            value={draft.type}
            onChange={(value) => set("type", value)}
            placeholder="اختر نوع الوحدة"
            otherLabel="نوع آخر"
          />
          {textField("description", "الوصف")}
          {textField("floor", "الدور", { placeholder: formatDigitsArabic("5 أو 3-7 أو 1، 3، 5") })}
          {textField("area", "المساحة (م²)", { inputMode: "decimal" })}
          {textField("bedrooms", "غرف النوم", { inputMode: "numeric" })}
          {textField("bathrooms", "دورات المياه", { inputMode: "numeric" })}
          <Field meta={draftField("orientation")} label="الاتجاه (اختياري)">
            {(props) => (
              <select {...props} className={inputClass} data-unsaved="own" value={draft.orientation} onChange={(e) => set("orientation", e.target.value)}>
                <option value="">—</option>
                {FACADE_OPTIONS.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            )}
          </Field>
          {editing ? null : (
            <Field meta={draftField("count")} label="عدد الوحدات المماثلة">
              {(props) => (
                <input {...props} className={inputClass} type="number" min={1} max={100} inputMode="numeric" value={draft.count} onChange={(e) => set("count", e.target.value)} />
              )}
            </Field>
          )}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <button type="button" className={adminButtonClass} onClick={save}>
              {editing ? "حفظ الوحدة" : "إضافة الوحدة"}
            </button>
            <button
              type="button"
              className={adminSecondaryButtonClass}
              onClick={() => {
                setDraft(null);
                setEditing(null);
              }}
            >
              إلغاء
            </button>
          </div>
        </fieldset>
      ) : (
        <button
          type="button"
          className={`${adminSecondaryButtonClass} justify-self-start`}
          onClick={() => {
            setEditing(null);
            setDraft(EMPTY_DRAFT);
            setDraftErrors({});
          }}
        >
          + إضافة وحدة
        </button>
      )}

      <ConfirmDialog
        open={deleting !== null}
        message={OFFER_FORM_MESSAGES.unitDeleteConfirm(formatNumberArabic(units.findIndex((u) => u.id === deleting) + 1))}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          onChange(units.filter((u) => u.id !== deleting));
          setDeleting(null);
        }}
      />
    </div>
  );
}
