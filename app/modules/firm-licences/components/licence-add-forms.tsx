import { useEffect, useState, type ChangeEvent, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { adminButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { controlProps, Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { ToastMessage, useSuccessToast } from "~/components/forms/toast.tsx";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { formErrorReply, type FormReply } from "~/utils/form-submission.ts";
import { LICENCE_LIMITS, LICENCE_MESSAGES, LICENCE_REASONS, licenceLinkSchema, licenceUploadSchema } from "../licences-schema.ts";

/** The address the upload form posts to (its own body limit: one 10 MB image). */
const UPLOAD_URL = "/admin/licenses/upload";

const percent = (fraction: number) => `${formatNumberArabic(Math.round(fraction * 100))}٪`;

/** The image chosen in the upload form: its name and a preview, until it is sent or replaced. */
type Chosen = { name: string; preview: string };

/**
 * Adding a licence by upload: an image (10 MB at most, checked here before anything is sent) and
 * its description, sent with the real progress of the upload; then 'تم إضافة الترخيص بنجاح!' for
 * 3 seconds and the list shows the new licence. `full` (10 licences already) disables the form.
 */
export function LicenceUploadForm({ full }: { full: boolean }) {
  const [reply, setReply] = useState<FormReply | undefined>();
  /** The fraction sent while an upload is under way; null otherwise. */
  const [progress, setProgress] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [form, fields] = useAppForm({ id: "licence-upload", schema: licenceUploadSchema, lastResult: reply });
  const revalidator = useRevalidator();
  const toast = useSuccessToast(reply, LICENCE_MESSAGES.added);
  const busy = progress !== null;

  // The preview's object URL is released when another image replaces it, and when the page goes.
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setChosen(file ? { name: file.name, preview: URL.createObjectURL(file) } : null);
    // Too large is said at once, not only when the form is sent.
    form.validate({ name: fields.image.name });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event); // the schema's checks: a missing image or description, a file over 10 MB
    if (event.isDefaultPrevented()) return;
    event.preventDefault();
    // The description goes first: if the server refuses the image as it streams in, it has read the description to give back.
    const filled = new FormData(event.currentTarget);
    const data = new FormData();
    for (const name of ["alt", "image"]) for (const value of filled.getAll(name)) data.append(name, value);
    setProgress(0);
    const answer = await uploadWithProgress<FormReply>(UPLOAD_URL, data, { onProgress: setProgress });
    setProgress(null);
    setReply(answer ?? formErrorReply(LICENCE_MESSAGES.uploadFailed(LICENCE_REASONS.network)));
    if (answer?.status === "success") {
      setChosen(null);
      void revalidator.revalidate();
    }
  }

  const image = fields.image;
  const imageError = image.errors?.[0];
  const { defaultValue: _none, ...imageProps } = controlProps(image, { hasHint: true });
  return (
    <form id={form.id} onSubmit={(event) => void submit(event)} noValidate encType="multipart/form-data" className="grid gap-4">
      <fieldset disabled={full || busy} className="grid gap-4">
        <legend className="sr-only">إضافة ترخيص برفع صورة</legend>
        <div>
          <p className="mb-1 block text-sm font-bold text-stone-700">صورة الترخيص</p>
          <div className="flex flex-wrap items-center gap-3">
            <label
              className={`${adminSecondaryButtonClass} cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500`}
            >
              {chosen ? "تغيير صورة الترخيص" : "اختيار صورة الترخيص"}
              <input key={image.key} {...imageProps} type="file" accept={LICENCE_LIMITS.accept} className="sr-only" onChange={choose} />
            </label>
            {chosen ? (
              <span className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
                <img src={chosen.preview} alt="" className="h-16 w-12 shrink-0 rounded-md object-cover ring-1 ring-stone-200" />
                <bdi className="min-w-0 break-all">{chosen.name}</bdi>
              </span>
            ) : (
              <span className="text-sm text-stone-600">لم تُختر صورة بعد</span>
            )}
          </div>
          <p id={image.descriptionId} className="mt-1 text-sm text-stone-600">
            صورة واضحة للترخيص، حجمها {formatNumberArabic(10)} ميجابايت كحد أقصى.
          </p>
          {imageError ? (
            <p id={image.errorId} className="mt-1 text-sm font-bold text-red-700">
              {imageError}
            </p>
          ) : null}
        </div>
        <Field meta={fields.alt} label="وصف الترخيص" hint="يظهر تحت الصورة في صفحة التراخيص، ويقرؤه قارئ الشاشة.">
          {(props) => <input {...props} maxLength={LICENCE_LIMITS.alt} className={inputClass} />}
        </Field>
      </fieldset>
      {progress !== null ? (
        <div className="grid gap-1" data-testid="licence-upload-progress">
          <progress max={1} value={progress} aria-label="تقدّم رفع صورة الترخيص" className="h-2 w-full accent-brand-600" />
          <p role="status" className="text-sm font-bold text-stone-700">
            {progress < 1 ? `جارٍ رفع الصورة… ${percent(progress)}` : "جارٍ معالجة الصورة…"}
          </p>
        </div>
      ) : null}
      <FormNotice id={form.errorId} errors={form.errors} />
      <ToastMessage toast={toast} className="" />
      <button type="submit" disabled={full || busy} className={`${adminButtonClass} justify-self-start`}>
        {busy ? "جارٍ الرفع…" : "رفع الترخيص"}
      </button>
    </form>
  );
}

/**
 * Adding a licence by an image link (https only) and its description; then 'تم إضافة الترخيص
 * بنجاح!' for 3 seconds. `full` (10 licences already) disables the form.
 */
export function LicenceLinkForm({ full }: { full: boolean }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "licence-link", schema: licenceLinkSchema, lastResult: fetcher.data });
  const toast = useSuccessToast(fetcher.data, LICENCE_MESSAGES.added);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="link" />
      <fieldset disabled={full} className="grid gap-4">
        <legend className="sr-only">إضافة ترخيص برابط صورة</legend>
        <Field
          meta={fields.url}
          label="رابط صورة الترخيص"
          hint={
            <>
              رابط كامل لصورة على الإنترنت يبدأ بـ <bdi dir="ltr">https://</bdi>
            </>
          }
        >
          {(props) => <input {...props} type="url" inputMode="url" dir="ltr" placeholder="https://" maxLength={LICENCE_LIMITS.url} className={`${inputClass} text-end`} />}
        </Field>
        <Field meta={fields.alt} label="وصف الترخيص">
          {(props) => <input {...props} maxLength={LICENCE_LIMITS.alt} className={inputClass} />}
        </Field>
      </fieldset>
      <FormNotice id={form.errorId} errors={form.errors} />
      <ToastMessage toast={toast} className="" />
      <button type="submit" disabled={full || busy} className={`${adminButtonClass} justify-self-start`}>
        {busy ? "جارٍ الإضافة…" : "إضافة بالرابط"}
      </button>
    </fetcher.Form>
  );
}
