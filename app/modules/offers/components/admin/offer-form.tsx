import { useCallback, useId, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { adminButtonClass, adminCardClass, adminInputClass, adminLabelClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { Notice } from "~/components/ui/notice.tsx";
import type { ImageRef } from "~/modules/images/image-ref.ts";
import type { CityWithNeighbourhoods } from "~/modules/lookups/lookups.server.ts";
import { BUILDING_USE_OPTIONS, FACADE_OPTIONS } from "~/modules/lookups/defaults.ts";
import type { OfferDetails, OfferUnit } from "../../details.ts";
import { DETAIL_LABELS } from "../../detail-fields.ts";
import { coordinatesFromMapLink } from "../../map-link.ts";
import type { OfferForEdit } from "../../offer-admin.server.ts";
import { LAND_TYPE, NEW_OFFER_DEFAULTS, OFFER_FORM_MESSAGES, parseOfferForm, type OfferFormErrors, type OfferSaveResult } from "../../offer-form.ts";
import { LocationPicker } from "../location-picker.tsx";
import { LookupSelect } from "./lookup-select.tsx";
import { PhotoManager, type PhotoItem } from "./photo-manager.tsx";
import { UnitsEditor } from "./units-editor.tsx";

type NumberKey = "streetWidth" | "propertyAge" | "livingRooms" | "elevators" | "parking";
type FormDetails = Omit<OfferDetails, NumberKey> & Record<NumberKey, string>;

/** What the form holds while staff type: numbers as typed, so nothing is lost or reformatted. */
export interface OfferFormState {
  title: string;
  description: string;
  price: string;
  area: string;
  propertyType: string;
  status: string;
  city: string;
  location: string;
  isCorner: boolean;
  bedrooms: string;
  bathrooms: string;
  floors: string;
  locationUrl: string;
  coordinates: { lat: number; lng: number } | null;
  details: FormDetails;
  units: OfferUnit[];
}

/** The offer being edited, as the loader sends it. */
export interface OfferFormInitial {
  id?: number;
  values: OfferFormState;
  photos: ImageRef[];
}

export interface OfferFormChoices {
  cities: CityWithNeighbourhoods[];
  propertyTypes: string[];
  unitTypes: string[];
  statuses: string[];
}

const numberText = (value: number) => (value ? String(value) : "");

/** Form values from a stored offer (or the defaults of SPEC.md §9 for a new one). */
export function offerFormState(offer?: Omit<OfferForEdit, "id" | "photos">): OfferFormState {
  const d = offer?.details;
  return {
    title: offer?.title ?? "",
    description: offer?.description ?? "",
    price: String(offer?.price ?? NEW_OFFER_DEFAULTS.price),
    area: numberText(offer?.area ?? 0),
    propertyType: offer?.propertyType ?? NEW_OFFER_DEFAULTS.propertyType,
    status: offer?.status ?? NEW_OFFER_DEFAULTS.status,
    city: offer?.city ?? NEW_OFFER_DEFAULTS.city,
    location: offer?.location ?? "",
    isCorner: offer?.isCorner ?? false,
    bedrooms: numberText(offer?.bedrooms ?? 0),
    bathrooms: numberText(offer?.bathrooms ?? 0),
    floors: offer?.floors ?? "",
    locationUrl: offer?.locationUrl ?? "",
    coordinates: offer?.coordinates ?? null,
    details: {
      streetWidth: numberText(d?.streetWidth ?? 0),
      facade: d?.facade ?? [],
      propertyAge: numberText(d?.propertyAge ?? 0),
      livingRooms: numberText(d?.livingRooms ?? 0),
      driversRoom: d?.driversRoom ?? false,
      maidsRoom: d?.maidsRoom ?? false,
      planNumber: d?.planNumber ?? "",
      plotNumber: d?.plotNumber ?? "",
      constructionDate: d?.constructionDate ?? "",
      buildingType: d?.buildingType ?? "",
      elevators: numberText(d?.elevators ?? 0),
      kitchen: d?.kitchen ?? false,
      rooftopTank: d?.rooftopTank ?? false,
      unitNumber: d?.unitNumber ?? "",
      parking: numberText(d?.parking ?? 0),
      supervisorName: d?.supervisorName ?? "",
      supervisorPhone: d?.supervisorPhone ?? "",
      additionalNotes: d?.additionalNotes ?? "",
    },
    units: offer?.units ?? [],
  };
}

function Section({ title, children, hidden }: { title: string; children: ReactNode; hidden?: boolean }) {
  const id = useId();
  if (hidden) return null;
  return (
    <section aria-labelledby={id} className={adminCardClass}>
      <h2 id={id} className="mb-4 text-lg font-bold text-brand-900">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function Field({
  label,
  value,
  onChange,
  error,
  multiline,
  wide,
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  multiline?: boolean;
  wide?: boolean;
  inputMode?: "decimal" | "numeric" | "tel" | "url";
  dir?: "ltr";
  placeholder?: string;
  required?: boolean;
}) {
  const id = useId();
  const common = {
    id,
    value,
    className: adminInputClass,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    "aria-required": input.required || undefined,
  } as const;
  return (
    <div className={`grid gap-1 ${wide || multiline ? "sm:col-span-2" : ""}`}>
      <label htmlFor={id} className="text-sm font-bold text-stone-700">
        {label}
        {input.required ? <span className="text-red-700"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} inputMode={input.inputMode} dir={input.dir} placeholder={input.placeholder} onChange={(e) => onChange(e.target.value)} />
      )}
      {error ? (
        <span id={`${id}-error`} className="text-sm font-bold text-red-700" data-field-error>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 font-bold text-stone-700">
      <input type="checkbox" className="size-5 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The payload the schema reads: the typed values, and the stored photos in their order. */
function toPayload(values: OfferFormState, photos: PhotoItem[]) {
  return { ...values, photos: photos.flatMap((p) => (p.state === "stored" ? [p.image.id] : [])) };
}

/**
 * The offer form of the back office (SPEC.md §2, §5), for a new offer and for editing one. Checks
 * with the same schema as the server before sending; on any failure the page keeps everything
 * typed and every photo.
 */
export function OfferForm({ initial, choices }: { initial: OfferFormInitial; choices: OfferFormChoices }) {
  const navigate = useNavigate();
  const formId = useId();
  const [values, setValues] = useState(initial.values);
  const [photos, setPhotos] = useState<PhotoItem[]>(() => initial.photos.map((image) => ({ key: image.id, state: "stored", image })));
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isLand = values.propertyType === LAND_TYPE;
  const cityNeighbourhoods = choices.cities.find((c) => c.name === values.city)?.neighbourhoods ?? [];

  const set = <K extends keyof OfferFormState>(key: K, value: OfferFormState[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setDetail = <K extends keyof FormDetails>(key: K, value: FormDetails[K]) => setValues((v) => ({ ...v, details: { ...v.details, [key]: value } }));
  const updatePhotos = useCallback((update: (items: PhotoItem[]) => PhotoItem[]) => setPhotos(update), []);

  function showErrors(next: OfferFormErrors, text: string) {
    setErrors(next);
    setMessage(text);
    // Bring the first problem into view once the messages are rendered.
    requestAnimationFrame(() => document.getElementById(formId)?.querySelector<HTMLElement>("[aria-invalid='true'], [data-field-error]")?.focus?.());
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (photos.some((p) => p.state === "uploading")) return showErrors({}, "انتظر حتى يكتمل رفع الصور ثم احفظ.");
    if (photos.some((p) => p.state === "failed")) return showErrors({ photos: "بعض الصور لم تُرفع: أعد المحاولة أو احذفها." }, OFFER_FORM_MESSAGES.fixErrors);
    const payload = toPayload(values, photos);
    const checked = parseOfferForm(payload);
    if (!checked.ok) return showErrors(checked.errors, OFFER_FORM_MESSAGES.fixErrors);
    setSaving(true);
    setMessage(null);
    let result: OfferSaveResult;
    try {
      const response = await fetch("/admin/offers/save", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ id: initial.id, ...payload }),
      });
      result = response.headers.get("content-type")?.includes("application/json")
        ? ((await response.json()) as OfferSaveResult)
        : { ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed };
    } catch {
      result = { ok: false, errors: {}, message: OFFER_FORM_MESSAGES.saveFailed };
    }
    setSaving(false);
    if (!result.ok) return showErrors(result.errors, result.message);
    void navigate(`/admin/offers?saved=${result.created ? "added" : "updated"}`);
  }

  return (
    <form id={formId} onSubmit={submit} noValidate className="grid gap-5" aria-label={initial.id ? "تعديل العرض" : "إضافة عرض جديد"}>
      {message ? <Notice tone="error">{message}</Notice> : null}

      <Section title="المعلومات الأساسية">
        <Field label="عنوان العقار" required wide value={values.title} onChange={(v) => set("title", v)} error={errors.title} />
        <Field label="السعر (ريال)" required inputMode="decimal" value={values.price} onChange={(v) => set("price", v)} error={errors.price} />
        <Field label="المساحة (م²)" required inputMode="decimal" value={values.area} onChange={(v) => set("area", v)} error={errors.area} />
        <LookupSelect label="حالة العرض" options={choices.statuses} value={values.status} onChange={(v) => set("status", v)} otherLabel="حالة أخرى" error={errors.status} />
        <Field label="الوصف" required multiline value={values.description} onChange={(v) => set("description", v)} error={errors.description} />
      </Section>

      <Section title="الموقع والتصنيف">
        <LookupSelect
          label="المدينة"
          options={choices.cities.map((c) => c.name)}
          value={values.city}
          placeholder="اختر المدينة"
          onChange={(v) => setValues((s) => ({ ...s, city: v, location: v === s.city ? s.location : "" }))}
          otherLabel="مدينة أخرى"
        />
        <LookupSelect
          key={values.city /* a new city starts its neighbourhood afresh */}
          label="الحي"
          options={cityNeighbourhoods}
          value={values.location}
          placeholder={values.city ? "اختر الحي" : "اختر المدينة أولاً"}
          disabled={!values.city}
          onChange={(v) => set("location", v)}
          otherLabel="حي آخر"
        />
        <LookupSelect label="نوع العقار" options={choices.propertyTypes} value={values.propertyType} onChange={(v) => set("propertyType", v)} otherLabel="نوع آخر" error={errors.propertyType} />
        <div className="flex items-end pb-2">
          <Check label="عقار على زاوية" checked={values.isCorner} onChange={(v) => set("isCorner", v)} />
        </div>
      </Section>

      <Section title="التفاصيل">
        <Field label="غرف النوم" inputMode="numeric" value={values.bedrooms} onChange={(v) => set("bedrooms", v)} error={errors.bedrooms} />
        <Field label="دورات المياه" inputMode="numeric" value={values.bathrooms} onChange={(v) => set("bathrooms", v)} error={errors.bathrooms} />
        <Field label={DETAIL_LABELS.livingRooms} inputMode="numeric" value={values.details.livingRooms} onChange={(v) => setDetail("livingRooms", v)} error={errors["details.livingRooms"]} />
        <Field label={`${DETAIL_LABELS.streetWidth} (م)`} inputMode="decimal" value={values.details.streetWidth} onChange={(v) => setDetail("streetWidth", v)} error={errors["details.streetWidth"]} />
        <Field label={`${DETAIL_LABELS.propertyAge} (سنوات)`} inputMode="numeric" value={values.details.propertyAge} onChange={(v) => setDetail("propertyAge", v)} error={errors["details.propertyAge"]} />
        <Field label={DETAIL_LABELS.constructionDate} value={values.details.constructionDate} onChange={(v) => setDetail("constructionDate", v)} />
        <Field label={DETAIL_LABELS.planNumber} value={values.details.planNumber} onChange={(v) => setDetail("planNumber", v)} />
        <Field label={DETAIL_LABELS.plotNumber} value={values.details.plotNumber} onChange={(v) => setDetail("plotNumber", v)} />
        <Field label={DETAIL_LABELS.unitNumber} value={values.details.unitNumber} onChange={(v) => setDetail("unitNumber", v)} />
        <Field label={DETAIL_LABELS.parking} inputMode="numeric" value={values.details.parking} onChange={(v) => setDetail("parking", v)} error={errors["details.parking"]} />
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-sm font-bold text-stone-700">{DETAIL_LABELS.facade}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {FACADE_OPTIONS.map((direction) => (
              <Check
                key={direction}
                label={direction}
                checked={values.details.facade.includes(direction)}
                onChange={(on) => setDetail("facade", on ? [...values.details.facade, direction] : values.details.facade.filter((d) => d !== direction))}
              />
            ))}
          </div>
        </fieldset>
      </Section>

      <Section title="المبنى والوحدات" hidden={isLand}>
        <Field label="عدد الأدوار" value={values.floors} onChange={(v) => set("floors", v)} />
        <Field label={DETAIL_LABELS.elevators} inputMode="numeric" value={values.details.elevators} onChange={(v) => setDetail("elevators", v)} error={errors["details.elevators"]} />
        <label className={adminLabelClass}>
          {DETAIL_LABELS.buildingType}
          <select className={adminInputClass} value={values.details.buildingType} onChange={(e) => setDetail("buildingType", e.target.value)}>
            <option value="">—</option>
            {BUILDING_USE_OPTIONS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </label>
        <div className="sm:col-span-2">
          <h3 className="mb-2 font-bold text-stone-800">الوحدات</h3>
          <UnitsEditor units={values.units} unitTypes={choices.unitTypes} onChange={(units) => set("units", units)} errors={errors} />
        </div>
      </Section>

      <Section title="مرافق إضافية">
        <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2">
          <Check label={DETAIL_LABELS.driversRoom} checked={values.details.driversRoom} onChange={(v) => setDetail("driversRoom", v)} />
          <Check label={DETAIL_LABELS.maidsRoom} checked={values.details.maidsRoom} onChange={(v) => setDetail("maidsRoom", v)} />
          <Check label={DETAIL_LABELS.kitchen} checked={values.details.kitchen} onChange={(v) => setDetail("kitchen", v)} />
          <Check label={DETAIL_LABELS.rooftopTank} checked={values.details.rooftopTank} onChange={(v) => setDetail("rooftopTank", v)} />
        </div>
        <Field label="اسم المشرف" value={values.details.supervisorName} onChange={(v) => setDetail("supervisorName", v)} />
        <Field label={DETAIL_LABELS.supervisorPhone} inputMode="tel" dir="ltr" value={values.details.supervisorPhone} onChange={(v) => setDetail("supervisorPhone", v)} />
      </Section>

      <Section title="ملاحظات">
        <Field label="ملاحظات إضافية" multiline value={values.details.additionalNotes} onChange={(v) => setDetail("additionalNotes", v)} />
      </Section>

      <Section title="الخريطة والصور">
        <Field
          label="رابط الموقع على الخريطة"
          wide
          inputMode="url"
          dir="ltr"
          placeholder="https://maps.google.com/…"
          value={values.locationUrl}
          error={errors.locationUrl}
          onChange={(v) => {
            const found = coordinatesFromMapLink(v);
            setValues((s) => ({ ...s, locationUrl: v, coordinates: found ?? s.coordinates }));
          }}
        />
        <div className="sm:col-span-2">
          <LocationPicker label="اختر موقع العقار على الخريطة" value={values.coordinates} onChange={(c) => set("coordinates", c)} />
          {errors.coordinates ? <p className="mt-1 text-sm font-bold text-red-700">{errors.coordinates}</p> : null}
        </div>
        <div className="sm:col-span-2">
          <h3 className="mb-2 font-bold text-stone-800">
            الصور<span className="text-red-700"> *</span>
          </h3>
          <PhotoManager items={photos} onChange={updatePhotos} error={errors.photos} errorId={`${formId}-photos-error`} />
        </div>
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-stone-200 bg-stone-100/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border-0">
        <button type="submit" className={adminButtonClass} disabled={saving}>
          {saving ? "جارٍ الحفظ..." : initial.id ? "حفظ التعديلات" : "إضافة العرض"}
        </button>
        <Link to="/admin/offers" className={adminSecondaryButtonClass}>
          إلغاء
        </Link>
      </div>
    </form>
  );
}
