import { useId, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog.tsx";
import { adminButtonClass, adminInputClass, adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { OfferUnit } from "../../details.ts";
import { expandUnits, OFFER_FORM_MESSAGES, unitSchema } from "../../offer-form.ts";
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

/**
 * The units of a building offer (SPEC.md §5 "Unit form"): type required (a custom type is
 * trimmed, offered again at once here and saved to the list with the offer), a count when adding
 * creates numbered copies, the floor accepts "5", "3-7" or "1, 3, 5", deleting asks first.
 */
export function UnitsEditor({
  units,
  unitTypes,
  onChange,
  errors,
}: {
  units: OfferUnit[];
  unitTypes: string[];
  onChange: (units: OfferUnit[]) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  const [draft, setDraft] = useState<UnitDraft | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const knownTypes = [...new Set([...unitTypes, ...units.map((u) => u.type)])];

  function set<K extends keyof UnitDraft>(key: K, value: UnitDraft[K]) {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
  }

  function save() {
    if (!draft) return;
    const parsed = unitSchema.safeParse({ ...draft, id: editing ?? "new", orientation: draft.orientation || undefined });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setDraftErrors(next);
      return;
    }
    const unit = parsed.data;
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

  const unitErrors = Object.entries(errors).filter(([key]) => key.startsWith("units"));
  /** The first message about this unit (type, floor, a number). */
  const unitError = (index: number) => unitErrors.find(([key]) => key.startsWith(`units.${index}.`))?.[1];

  return (
    <div className="grid gap-3">
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
                  aria-label={`تعديل الوحدة ${index + 1}`}
                  onClick={() => {
                    setEditing(unit.id);
                    setDraft(toDraft(unit));
                    setDraftErrors({});
                  }}
                >
                  تعديل
                </button>
                <button type="button" className="rounded-xl px-4 py-2 font-bold text-red-700 ring-1 ring-red-300 hover:bg-red-50" aria-label={`حذف الوحدة ${index + 1}`} onClick={() => setDeleting(unit.id)}>
                  حذف
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">لم تُضف وحدات بعد.</p>
      )}
      {unitErrors.length && !units.length ? <p className="text-sm font-bold text-red-700">{unitErrors[0]![1]}</p> : null}

      {draft ? (
        <fieldset className="grid gap-3 rounded-xl bg-brand-50/60 p-4 ring-1 ring-brand-200 sm:grid-cols-2">
          <legend className="px-1 font-bold text-brand-900">{editing ? "تعديل الوحدة" : "إضافة وحدة"}</legend>
          <LookupSelect
            label="نوع الوحدة"
            options={knownTypes}
            value={draft.type}
            onChange={(value) => set("type", value)}
            placeholder="اختر نوع الوحدة"
            otherLabel="نوع آخر"
            error={draftErrors.type}
          />
          <label className={adminLabelClass}>
            الوصف
            <input className={adminInputClass} value={draft.description} onChange={(e) => set("description", e.target.value)} />
          </label>
          <label className={adminLabelClass}>
            الدور
            <input
              className={adminInputClass}
              value={draft.floor}
              placeholder="5 أو 3-7 أو 1، 3، 5"
              aria-invalid={draftErrors.floor ? true : undefined}
              aria-describedby={draftErrors.floor ? `${id}-floor-error` : undefined}
              onChange={(e) => set("floor", e.target.value)}
            />
            {draftErrors.floor ? (
              <span id={`${id}-floor-error`} className="font-bold text-red-700">
                {draftErrors.floor}
              </span>
            ) : null}
          </label>
          <label className={adminLabelClass}>
            المساحة (م²)
            <input
              className={adminInputClass}
              inputMode="decimal"
              value={draft.area}
              aria-invalid={draftErrors.area ? true : undefined}
              aria-describedby={draftErrors.area ? `${id}-area-error` : undefined}
              onChange={(e) => set("area", e.target.value)}
            />
            {draftErrors.area ? (
              <span id={`${id}-area-error`} className="font-bold text-red-700">
                {draftErrors.area}
              </span>
            ) : null}
          </label>
          <label className={adminLabelClass}>
            غرف النوم
            <input
              className={adminInputClass}
              inputMode="numeric"
              value={draft.bedrooms}
              aria-invalid={draftErrors.bedrooms ? true : undefined}
              aria-describedby={draftErrors.bedrooms ? `${id}-bedrooms-error` : undefined}
              onChange={(e) => set("bedrooms", e.target.value)}
            />
            {draftErrors.bedrooms ? (
              <span id={`${id}-bedrooms-error`} className="font-bold text-red-700">
                {draftErrors.bedrooms}
              </span>
            ) : null}
          </label>
          <label className={adminLabelClass}>
            دورات المياه
            <input
              className={adminInputClass}
              inputMode="numeric"
              value={draft.bathrooms}
              aria-invalid={draftErrors.bathrooms ? true : undefined}
              aria-describedby={draftErrors.bathrooms ? `${id}-bathrooms-error` : undefined}
              onChange={(e) => set("bathrooms", e.target.value)}
            />
            {draftErrors.bathrooms ? (
              <span id={`${id}-bathrooms-error`} className="font-bold text-red-700">
                {draftErrors.bathrooms}
              </span>
            ) : null}
          </label>
          <label className={adminLabelClass}>
            الاتجاه (اختياري)
            <select className={adminInputClass} value={draft.orientation} onChange={(e) => set("orientation", e.target.value)}>
              <option value="">—</option>
              {FACADE_OPTIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </label>
          {editing ? null : (
            <label className={adminLabelClass}>
              عدد الوحدات المماثلة
              <input className={adminInputClass} type="number" min={1} max={100} inputMode="numeric" value={draft.count} onChange={(e) => set("count", e.target.value)} />
            </label>
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
        message={OFFER_FORM_MESSAGES.unitDeleteConfirm}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          onChange(units.filter((u) => u.id !== deleting));
          setDeleting(null);
        }}
      />
    </div>
  );
}
