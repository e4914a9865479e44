import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { CheckIcon, CloseIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { useProofOfWork } from "~/modules/form-guard/components/use-proof-of-work.ts";
import type { CityWithNeighbourhoods } from "~/modules/lookups/lookups.server.ts";
import { formatNumberArabic, isPlausiblePhone, normalizePhone } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import {
  OTHER_NEIGHBOURHOOD,
  parseArea,
  SUBMISSION_MESSAGES,
  SUBMISSION_PHOTOS,
  type SubmissionErrors,
  type SubmissionResult,
} from "../limits.ts";
import { checkPhotos } from "./photo-checks.ts";

const inputClass =
  "w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:cursor-not-allowed disabled:bg-stone-100 aria-[invalid=true]:border-red-600";

type Phase = { name: "idle" } | { name: "checking" } | { name: "uploading"; percent: number } | { name: "processing" };

const ERROR_ORDER = ["clientName", "clientPhone", "clientEmail", "propertyType", "city", "neighbourhood", "area", "description", "photos"] as const;

/** The text checks the server also makes, without shipping the schema library to the page. */
function checkFields(data: FormData, cityHasList: boolean): SubmissionErrors {
  const get = (name: string) => String(data.get(name) ?? "").trim();
  const errors: SubmissionErrors = {};
  if (!get("clientName")) errors.clientName = SUBMISSION_MESSAGES.nameRequired;
  const phone = get("clientPhone");
  if (!phone) errors.clientPhone = MESSAGES.phoneRequired;
  else if (!isPlausiblePhone(normalizePhone(phone))) errors.clientPhone = MESSAGES.phoneInvalid;
  const email = get("clientEmail");
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.clientEmail = MESSAGES.emailInvalid;
  if (!get("propertyType")) errors.propertyType = SUBMISSION_MESSAGES.typeRequired;
  if (!get("city")) errors.city = SUBMISSION_MESSAGES.cityRequired;
  const hood = cityHasList && get("neighbourhood") !== OTHER_NEIGHBOURHOOD ? get("neighbourhood") : get("neighbourhoodOther");
  if (get("city") && !hood) errors.neighbourhood = SUBMISSION_MESSAGES.neighbourhoodRequired;
  if (!get("area")) errors.area = SUBMISSION_MESSAGES.areaRequired;
  else if (parseArea(get("area")) === null) errors.area = SUBMISSION_MESSAGES.areaInvalid;
  if (!get("description")) errors.description = SUBMISSION_MESSAGES.descriptionRequired;
  return errors;
}

/** Posts with XMLHttpRequest: fetch cannot report upload progress. */
function upload(data: FormData, onProgress: (fraction: number) => void): Promise<SubmissionResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/submissions");
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => (xhr.response && typeof xhr.response === "object" ? resolve(xhr.response as SubmissionResult) : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(data);
  });
}

/**
 * The owner submission form (SPEC.md §5). With JavaScript: checks in the browser, photo
 * previews, proof of work and an upload with progress; the server checks everything again.
 * Before JavaScript it posts to the page's action, which answers with the bot-check message
 * and keeps what was typed.
 */
export function SubmissionForm({
  cities,
  propertyTypes,
  initialResult,
}: {
  cities: CityWithNeighbourhoods[];
  propertyTypes: string[];
  initialResult?: SubmissionResult;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const photoInputRef = useRef<HTMLInputElement>(null);
  const proofOfWork = useProofOfWork();
  const [result, setResult] = useState<SubmissionResult | undefined>(initialResult);
  const [clientErrors, setClientErrors] = useState<SubmissionErrors | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [files, setFiles] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);
  const values = result && !result.ok ? result.values : {};
  const [city, setCity] = useState(values.city ?? "");
  const [neighbourhood, setNeighbourhood] = useState(values.neighbourhood ?? "");

  const errors: SubmissionErrors = clientErrors ?? (result && !result.ok ? result.errors : {});
  const hoods = useMemo(() => cities.find((c) => c.name === city)?.neighbourhoods ?? [], [cities, city]);
  const cityHasList = hoods.length > 0;
  const showOther = city !== "" && (!cityHasList || neighbourhood === OTHER_NEIGHBOURHOOD);
  const busy = phase.name !== "idle";

  // Focus the first field with a message after a refused post.
  useEffect(() => {
    const first = ERROR_ORDER.find((key) => errors[key]);
    if (!first) return;
    const target = formRef.current?.querySelector<HTMLElement>(first === "photos" ? `#${CSS.escape(`${id}-photos`)}` : `[name="${first}"], [name="${first}Other"]`);
    target?.focus();
  }, [errors, id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    data.delete(SUBMISSION_PHOTOS.field);
    setPhase({ name: "checking" });
    const found = checkFields(data, cityHasList);
    const photoProblem = await checkPhotos(files);
    if (photoProblem) found.photos = photoProblem;
    if (Object.keys(found).length > 0) {
      setClientErrors(found);
      setPhase({ name: "idle" });
      return;
    }
    setClientErrors(null);
    for (const file of files) data.append(SUBMISSION_PHOTOS.field, file, file.name);
    try {
      data.set("altcha", await proofOfWork.start());
    } catch {
      // The server answers with the bot-check message.
    }
    setPhase({ name: "uploading", percent: 0 });
    try {
      const answer = await upload(data, (fraction) =>
        setPhase(fraction >= 1 ? { name: "processing" } : { name: "uploading", percent: Math.round(fraction * 100) }),
      );
      setResult(answer);
      if (answer.ok) {
        setFiles([]);
        setCity("");
        setNeighbourhood("");
        setFormKey((k) => k + 1);
      }
    } catch {
      setResult({ ok: false, errors: { form: MESSAGES.sendFailed }, values: {} });
    } finally {
      setPhase({ name: "idle" });
      proofOfWork.renew(); // a challenge counts once
    }
  }

  function addPhotos(list: FileList | null) {
    if (!list) return;
    const added = Array.from(list);
    setFiles((current) => [...current, ...added]);
    if (photoInputRef.current) photoInputRef.current.value = "";
    setClientErrors((current) => (current ? { ...current, photos: undefined } : current));
  }

  if (result?.ok) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-2xl bg-emerald-50 p-8 text-center text-emerald-900 ring-1 ring-emerald-200">
        <CheckIcon className="size-12 rounded-full bg-emerald-600 p-2.5 text-white" />
        <p className="text-xl font-bold">{result.message}</p>
        <p className="max-w-md leading-7">سيراجع فريقنا بيانات عقارك ويتواصل معك قريبًا على رقم الهاتف الذي أرسلته.</p>
        <button
          type="button"
          onClick={() => setResult(undefined)}
          className="rounded-xl bg-white px-5 py-2.5 font-bold text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
        >
          إرسال طلب آخر
        </button>
      </div>
    );
  }

  const errorProps = (name: keyof SubmissionErrors) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` } : {};

  return (
    <form
      key={formKey}
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      noValidate
      onFocus={() => void proofOfWork.start().catch(() => undefined)}
      onSubmit={submit}
      className="relative grid gap-6"
    >
      <HoneypotField />
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-bold text-red-800 ring-1 ring-red-200">
          {errors.form}
        </p>
      ) : null}

      <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">بيانات المالك</legend>
        <Field id={`${id}-clientName`} label="الاسم" required error={errors.clientName} errorId={`${id}-clientName-error`}>
          <input id={`${id}-clientName`} name="clientName" autoComplete="name" required maxLength={100} defaultValue={values.clientName} className={inputClass} {...errorProps("clientName")} />
        </Field>
        <Field id={`${id}-clientPhone`} label="رقم الهاتف" required error={errors.clientPhone} errorId={`${id}-clientPhone-error`}>
          <input
            id={`${id}-clientPhone`}
            name="clientPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="05xxxxxxxx"
            required
            maxLength={30}
            defaultValue={values.clientPhone}
            className={`${inputClass} text-end`}
            {...errorProps("clientPhone")}
          />
        </Field>
        <Field id={`${id}-clientEmail`} label="البريد الإلكتروني (اختياري)" error={errors.clientEmail} errorId={`${id}-clientEmail-error`} wide>
          <input
            id={`${id}-clientEmail`}
            name="clientEmail"
            type="email"
            autoComplete="email"
            dir="ltr"
            maxLength={200}
            defaultValue={values.clientEmail}
            className={`${inputClass} text-end`}
            {...errorProps("clientEmail")}
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">بيانات العقار</legend>
        <Field id={`${id}-propertyType`} label="نوع العقار" required error={errors.propertyType} errorId={`${id}-propertyType-error`}>
          <select id={`${id}-propertyType`} name="propertyType" required defaultValue={values.propertyType ?? ""} className={inputClass} {...errorProps("propertyType")}>
            <option value="">اختر نوع العقار</option>
            {propertyTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-area`} label="المساحة (م²)" required error={errors.area} errorId={`${id}-area-error`}>
          <input
            id={`${id}-area`}
            name="area"
            inputMode="decimal"
            required
            maxLength={30}
            placeholder="مثال: 450"
            defaultValue={values.area}
            className={inputClass}
            {...errorProps("area")}
          />
        </Field>
        <Field id={`${id}-city`} label="المدينة" required error={errors.city} errorId={`${id}-city-error`}>
          <select
            id={`${id}-city`}
            name="city"
            required
            value={city}
            onChange={(event) => {
              setCity(event.target.value);
              setNeighbourhood("");
            }}
            className={inputClass}
            {...errorProps("city")}
          >
            <option value="">اختر المدينة</option>
            {cities.map((c) => (
              <option key={c.name}>{c.name}</option>
            ))}
          </select>
        </Field>
        {city !== "" && !cityHasList ? (
          <Field id={`${id}-neighbourhoodOther`} label="الحي" required error={errors.neighbourhood} errorId={`${id}-neighbourhood-error`}>
            <input id={`${id}-neighbourhoodOther`} name="neighbourhoodOther" required maxLength={100} defaultValue={values.neighbourhoodOther} className={inputClass} {...errorProps("neighbourhood")} />
          </Field>
        ) : (
          <Field id={`${id}-neighbourhood`} label="الحي" required error={showOther ? undefined : errors.neighbourhood} errorId={`${id}-neighbourhood-error`}>
            <select
              id={`${id}-neighbourhood`}
              name="neighbourhood"
              required
              disabled={city === ""}
              value={neighbourhood}
              onChange={(event) => setNeighbourhood(event.target.value)}
              className={inputClass}
              {...(showOther ? {} : errorProps("neighbourhood"))}
            >
              <option value="">{city === "" ? "اختر المدينة أولًا" : "اختر الحي"}</option>
              {hoods.map((hood) => (
                <option key={hood}>{hood}</option>
              ))}
              <option value={OTHER_NEIGHBOURHOOD}>حي آخر</option>
            </select>
          </Field>
        )}
        {showOther && cityHasList ? (
          <Field id={`${id}-neighbourhoodOther`} label="اسم الحي" required error={errors.neighbourhood} errorId={`${id}-neighbourhood-error`} wide>
            <input id={`${id}-neighbourhoodOther`} name="neighbourhoodOther" required maxLength={100} defaultValue={values.neighbourhoodOther} className={inputClass} {...errorProps("neighbourhood")} />
          </Field>
        ) : null}
        <Field id={`${id}-description`} label="وصف العقار" required error={errors.description} errorId={`${id}-description-error`} wide>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={5}
            required
            maxLength={5000}
            placeholder="عدد الغرف والدور وعمر العقار والخدمة المطلوبة (إدارة، بيع، تأجير)..."
            defaultValue={values.description}
            className={inputClass}
            {...errorProps("description")}
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">صور العقار</legend>
        <p id={`${id}-photos-hint`} className="text-sm text-stone-600">
          صورة واحدة على الأقل وحتى {formatNumberArabic(SUBMISSION_PHOTOS.max)} صور، بحد أقصى 5 ميجابايت لكل صورة (JPG أو PNG أو WebP أو HEIC).
        </p>
        <label
          htmlFor={`${id}-photos`}
          className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50/50 p-6 text-center text-brand-900 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          <span className="font-bold">اختر صور العقار</span>
          <span className="text-sm text-stone-600">يمكنك اختيار عدة صور مرة واحدة</span>
          <input
            ref={photoInputRef}
            id={`${id}-photos`}
            name={SUBMISSION_PHOTOS.field}
            type="file"
            multiple
            accept={SUBMISSION_PHOTOS.accept}
            onChange={(event) => addPhotos(event.target.files)}
            aria-describedby={errors.photos ? `${id}-photos-error ${id}-photos-hint` : `${id}-photos-hint`}
            aria-invalid={errors.photos ? true : undefined}
            className="sr-only"
          />
        </label>
        {files.length > 0 ? <PhotoPreviews files={files} onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))} /> : null}
        {errors.photos ? (
          <p id={`${id}-photos-error`} role="alert" className="text-sm font-bold text-red-700">
            {errors.photos}
          </p>
        ) : null}
      </fieldset>

      {phase.name === "uploading" || phase.name === "processing" ? (
        <div className="grid gap-2" aria-live="polite">
          <p className="text-sm font-bold text-brand-900">
            {phase.name === "uploading" ? `جارٍ رفع الصور... ${formatNumberArabic(phase.percent)}٪` : "جارٍ معالجة الصور..."}
          </p>
          <progress
            max={100}
            value={phase.name === "uploading" ? phase.percent : undefined}
            aria-label="تقدّم رفع الصور"
            className="h-2 w-full overflow-hidden rounded-full bg-stone-200 accent-brand-700"
          />
        </div>
      ) : null}

      <button
        type="submit"
        disabled={busy}
        className="rounded-xl bg-brand-700 px-6 py-3.5 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60 sm:justify-self-start"
      >
        {phase.name === "idle" ? "إرسال الطلب" : phase.name === "checking" ? "جارٍ التحقق..." : "جارٍ الإرسال..."}
      </button>
    </form>
  );
}

function PhotoPreviews({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5" aria-label="الصور المختارة">
      {files.map((file, index) => (
        <li key={urls[index]} className="relative">
          <img src={urls[index]} alt={`الصورة ${formatNumberArabic(index + 1)}`} className="aspect-square w-full rounded-lg bg-stone-200 object-cover" />
          <button
            type="button"
            onClick={() => onRemove(index)}
            aria-label={`إزالة الصورة ${formatNumberArabic(index + 1)}`}
            className="absolute end-1 top-1 rounded-full bg-white/90 p-1 text-stone-800 shadow hover:bg-white"
          >
            <CloseIcon className="size-4" />
          </button>
          {file.size > SUBMISSION_PHOTOS.maxBytes ? (
            <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-red-700/90 px-1 py-0.5 text-center text-xs font-bold text-white">أكبر من 5 ميجابايت</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Field({
  id,
  label,
  required = false,
  error,
  errorId,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  errorId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="mb-1 block text-sm font-bold text-stone-700">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-1 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
