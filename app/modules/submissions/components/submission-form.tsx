import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { UploadProgress } from "~/components/forms/upload-progress.tsx";
import { controlProps, Field, inputClass, FormNotice, emailInputProps, phoneInputProps } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import { usePublicForm } from "~/components/forms/use-public-form.ts";
import { CheckIcon, CloseIcon } from "~/components/ui/icons.tsx";
import { HoneypotField } from "~/modules/form-guard/components/form-protection.tsx";
import { protectedFormProps, useProofOfWork } from "~/modules/form-guard/components/use-proof-of-work.ts";
import type { CityWithNeighbourhoods } from "~/modules/lookups/city-choices.ts";
import { photosText } from "~/utils/count-words.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { OTHER_NEIGHBOURHOOD, SUBMISSION_GOALS, SUBMISSION_MESSAGES, SUBMISSION_PHOTOS, SUBMISSION_TEXT_LIMITS as MAX } from "../limits.ts";
import { checkPhotos } from "./photo-checks.ts";

type Phase = { name: "idle" } | { name: "checking" } | { name: "uploading"; percent: number } | { name: "processing" };

const FIELDS = [
  "clientName",
  "clientPhone",
  "clientEmail",
  "goal",
  "expectedPrice",
  "propertyType",
  "area",
  "city",
  "neighbourhood",
  "neighbourhoodOther",
  "description",
  SUBMISSION_PHOTOS.field,
] as const;
/** The schema (and zod) load when the person first uses the form, not with the page. */
const loadSchema = () => import("../submission-schema.ts").then((module) => module.submissionSchema);

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The props of a select whose value the form keeps itself (the field's own defaultValue set aside). */
const controlled = (value: string, onChange: (value: string) => void) => ({
  defaultValue: undefined,
  value,
  onChange: (event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value),
});

/** A label with the mark of a required field (the mark is not read out). */
function required(label: string): ReactNode {
  return (
    <>
      {label}
      <span aria-hidden="true" className="ms-1 text-red-700">
        *
      </span>
    </>
  );
}

/**
 * The owner submission form. With JavaScript: the schema's checks as the person
 * types and before sending, the photo checks only the browser can make (type and size before the
 * upload), photo previews, proof of work and an upload with progress; the server checks
 * everything again. Before JavaScript it posts to the page's action, which answers with the
 * bot-check message and keeps what was typed.
 */
export function SubmissionForm({ cities, propertyTypes, lastResult }: { cities: CityWithNeighbourhoods[]; propertyTypes: string[]; lastResult?: FormReply }) {
  const id = useId();
  const photoInputRef = useRef<HTMLInputElement>(null);
  const proofOfWork = useProofOfWork();
  const [reply, setReply] = useState<FormReply | undefined>(lastResult);
  const { form, fields } = usePublicForm({ id, names: FIELDS, lastResult: reply, loadSchema });
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [files, setFiles] = useState<File[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [city, setCity] = useState(() => text(reply?.initialValue?.city));
  const [neighbourhood, setNeighbourhood] = useState(() => text(reply?.initialValue?.neighbourhood));

  const hoods = useMemo(() => cities.find((c) => c.name === city)?.neighbourhoods ?? [], [cities, city]);
  const cityHasList = hoods.length > 0;
  const showOther = city !== "" && (!cityHasList || neighbourhood === OTHER_NEIGHBOURHOOD);
  const busy = phase.name !== "idle";
  const chooseCity = (value: string) => {
    setCity(value);
    setNeighbourhood(""); // the list of neighbourhoods is the new city's
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    setPhase({ name: "checking" });
    const photoProblem = await checkPhotos(files);
    if (!(await form.check(element, { [SUBMISSION_PHOTOS.field]: photoProblem }))) {
      setPhase({ name: "idle" });
      return;
    }
    const data = new FormData(element);
    data.delete(SUBMISSION_PHOTOS.field);
    for (const file of files) data.append(SUBMISSION_PHOTOS.field, file, file.name);
    await proofOfWork.attach(data);
    setPhase({ name: "uploading", percent: 0 });
    const answer = await uploadWithProgress<FormReply>("/api/submissions", data, {
      onProgress: (fraction) => setPhase(fraction >= 1 ? { name: "processing" } : { name: "uploading", percent: Math.round(fraction * 100) }),
    });
    setReply(answer ?? { status: "error", error: { "": [MESSAGES.sendFailed] }, initialValue: null });
    if (answer?.status === "success") {
      setFiles([]);
      setCity("");
      setNeighbourhood("");
      setFormKey((k) => k + 1);
    }
    setPhase({ name: "idle" });
    proofOfWork.renew(); // a challenge counts once
  }

  function addPhotos(list: FileList | null) {
    if (!list) return;
    const added = Array.from(list);
    setFiles((current) => [...current, ...added]);
    if (photoInputRef.current) photoInputRef.current.value = "";
  }

  if (reply?.status === "success") {
    return (
      <div role="status" className="flex flex-col items-center gap-4 rounded-2xl bg-emerald-50 p-8 text-center text-emerald-900 ring-1 ring-emerald-200">
        <CheckIcon className="size-12 rounded-full bg-emerald-600 p-2.5 text-white" />
        <p className="text-xl font-bold">{SUBMISSION_MESSAGES.received}</p>
        <p className="max-w-md leading-7">سيراجع فريقنا بيانات عقارك ويتواصل معك قريبًا على رقم الهاتف الذي أرسلته.</p>
        <button
          type="button"
          onClick={() => setReply(undefined)}
          className="rounded-xl bg-white px-5 py-2.5 font-bold text-brand-800 shadow-sm ring-1 ring-brand-200 hover:bg-brand-50"
        >
          إرسال طلب آخر
        </button>
      </div>
    );
  }

  const goal = fields.goal;
  const goalError = goal.errors?.[0];
  const photos = fields[SUBMISSION_PHOTOS.field];
  const photoError = photos.errors?.[0];
  const otherBox = (label: string, className?: string) => (
    <Field meta={fields.neighbourhoodOther} label={required(label)} className={className}>
      {(props) => <input {...props} required maxLength={MAX.neighbourhoodOther} className={inputClass} />}
    </Field>
  );

  return (
    <form key={formKey} {...protectedFormProps(form, proofOfWork, submit)} encType="multipart/form-data" className="wa-clear relative grid gap-6">
      <HoneypotField />
      <FormNotice id={form.errorId} errors={form.errors} />

      <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900 sm:col-span-2">بيانات المالك</legend>
        <Field meta={fields.clientName} label={required("الاسم")}>
          {(props) => <input {...props} autoComplete="name" required maxLength={MAX.clientName} className={inputClass} />}
        </Field>
        <Field meta={fields.clientPhone} label={required("رقم الهاتف")}>
          {(props) => <input {...props} {...phoneInputProps} required maxLength={MAX.clientPhone} />}
        </Field>
        <Field meta={fields.clientEmail} label="البريد الإلكتروني (اختياري)" className="sm:col-span-2">
          {(props) => <input {...props} {...emailInputProps} maxLength={MAX.clientEmail} />}
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900 sm:col-span-2">بيانات العقار</legend>
        <fieldset key={goal.key} aria-describedby={goalError ? goal.errorId : undefined} className="sm:col-span-2">
          <legend className="mb-1 text-sm font-bold text-stone-700">{required("ماذا تريد لعقارك؟")}</legend>
          <div className="flex gap-3">
            {SUBMISSION_GOALS.map((choice) => (
              <label
                key={choice.value}
                className="flex flex-1 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2.5 font-bold has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={goal.name}
                  value={choice.value}
                  required
                  defaultChecked={goal.initialValue === choice.value}
                  aria-invalid={goalError ? true : undefined}
                  className="size-4 accent-brand-700"
                />
                {choice.label}
              </label>
            ))}
          </div>
          {goalError ? (
            <p id={goal.errorId} className="mt-1 text-sm font-bold text-red-700">
              {goalError}
            </p>
          ) : null}
        </fieldset>
        <Field meta={fields.propertyType} label={required("نوع العقار")}>
          {(props) => (
            <select {...props} defaultValue={props.defaultValue ?? ""} required className={inputClass}>
              <option value="">اختر نوع العقار</option>
              <Options values={propertyTypes} />
            </select>
          )}
        </Field>
        <Field meta={fields.area} label={required("المساحة (م²)")}>
          {(props) => <input {...props} inputMode="decimal" required maxLength={MAX.area} placeholder="مثال: ٤٥٠" className={inputClass} />}
        </Field>
        <Field meta={fields.city} label={required("المدينة")}>
          {(props) => (
            <select {...props} {...controlled(city, chooseCity)} required className={inputClass}>
              <option value="">اختر المدينة</option>
              <Options values={cities.map((c) => c.name)} />
            </select>
          )}
        </Field>
        {city !== "" && !cityHasList ? (
          otherBox("الحي")
        ) : (
          <Field meta={fields.neighbourhood} label={required("الحي")}>
            {(props) => (
              <select {...props} {...controlled(neighbourhood, setNeighbourhood)} required disabled={city === ""} className={inputClass}>
                <option value="">{city === "" ? "اختر المدينة أولًا" : "اختر الحي"}</option>
                <Options values={hoods} />
                <option value={OTHER_NEIGHBOURHOOD}>حي آخر</option>
              </select>
            )}
          </Field>
        )}
        {showOther && cityHasList ? otherBox("اسم الحي", "sm:col-span-2") : null}
        <Field meta={fields.expectedPrice} label="السعر المتوقع بالريال (اختياري)">
          {(props) => <input {...props} inputMode="numeric" maxLength={MAX.expectedPrice} placeholder="مثال: ١٬٢٥٠٬٠٠٠" className={inputClass} />}
        </Field>
        <Field meta={fields.description} label={required("وصف العقار")} className="sm:col-span-2">
          {(props) => <textarea {...props} rows={5} required maxLength={MAX.description} placeholder="عدد الغرف والدور وعمر العقار وما يهمّنا معرفته عنه…" className={inputClass} />}
        </Field>
      </fieldset>

      <fieldset className="grid gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <legend className="float-start mb-1 w-full text-lg font-bold text-brand-900">صور العقار</legend>
        <p id={photos.descriptionId} className="text-sm text-stone-600">
          صورة واحدة على الأقل وحتى {photosText(SUBMISSION_PHOTOS.max)}، بحد أقصى {formatNumberArabic(SUBMISSION_PHOTOS.maxMegabytes)} ميجابايت لكل صورة (JPG أو PNG أو WebP أو
          HEIC).
        </p>
        <label
          htmlFor={photos.id}
          className="flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50/50 p-6 text-center text-brand-900 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
        >
          <span className="font-bold">اختر صور العقار</span>
          <span className="text-sm text-stone-600">يمكنك اختيار عدة صور مرة واحدة</span>
          <input
            ref={photoInputRef}
            {...controlProps(photos, { hasHint: true })}
            defaultValue={undefined}
            type="file"
            multiple
            accept={SUBMISSION_PHOTOS.accept}
            onChange={(event) => addPhotos(event.target.files)}
            className="sr-only"
          />
        </label>
        {files.length > 0 ? <PhotoPreviews files={files} onRemove={(index) => setFiles((current) => current.filter((_, i) => i !== index))} /> : null}
        {photoError ? (
          <p id={photos.errorId} className="text-sm font-bold text-red-700">
            {photoError}
          </p>
        ) : null}
      </fieldset>

      {phase.name === "uploading" || phase.name === "processing" ? (
        <UploadProgress percent={phase.name === "uploading" ? phase.percent : null} uploading="جارٍ رفع الصور..." afterUpload="جارٍ معالجة الصور..." label="تقدّم رفع الصور" />
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
            <span className="absolute inset-x-0 bottom-0 rounded-b-lg bg-red-700/90 px-1 py-0.5 text-center text-xs font-bold text-white">
              أكبر من {formatNumberArabic(SUBMISSION_PHOTOS.maxMegabytes)} ميجابايت
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
