import { useState } from "react";
import { useFetcher } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { emailInputProps, Field, FormNotice, inputClass, ltrNumberInputClass, phoneInputProps } from "~/components/forms/field.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { useValidateOnChange } from "~/components/forms/use-validate-on-change.ts";
import type { Coordinates } from "~/modules/maps/index.ts";
import { LocationPicker } from "~/modules/maps/index.ts";
import { IdentityField, type ReauthView } from "~/modules/auth/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { FIELD_LIMITS } from "~/utils/field-limits.ts";
import {
  adLicenceSettingsSchema,
  AVAILABILITY_DAYS_MAX,
  availabilitySettingsSchema,
  firmDetailsSchema,
  formatHourArabic,
  mapSettingsSchema,
  notificationsFormSchema,
  OSM_TILE_URL,
  REPORT_HOURS,
  SETTINGS_LIMITS,
} from "../settings-schema.ts";
import type { SettingsFormValues } from "../settings-view.ts";
import { daysText } from "~/utils/count-words.ts";
import { formatDigitsArabic } from "~/utils/format.ts";

const ltrInputClass = `${inputClass} text-end`;

/** A ticked box with its label beside it; it posts "on" when ticked. */
function Checkbox({ meta, label, hint }: { meta: { id: string; name: string; initialValue?: unknown; key?: string | undefined }; label: string; hint?: string }) {
  return (
    <div className="flex items-start gap-3">
      <input
        key={meta.key}
        type="checkbox"
        id={meta.id}
        name={meta.name}
        defaultChecked={meta.initialValue === "on"}
        aria-describedby={hint ? `${meta.id}-hint` : undefined}
        className="mt-1 size-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={meta.id} className="font-bold text-stone-800">
          {label}
        </label>
        {hint ? (
          <p id={`${meta.id}-hint`} className="text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Where new inquiries and owners' requests are mailed, and the daily report: by e-mail, by WhatsApp, at which hour. */
export function NotificationsForm({ values, reauth }: { values: SettingsFormValues["notifications"]; reauth: ReauthView }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "settings-notifications", schema: notificationsFormSchema, lastResult: fetcher.data, defaultValue: values });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="notifications" />
      <Field meta={fields.managerEmail} label="البريد الإلكتروني للمدير" hint="تصل إليه رسائل الاستفسارات وطلبات الملاك الجديدة فور وصولها، والتقرير اليومي.">
        {(props) => <input {...props} {...emailInputProps} maxLength={FIELD_LIMITS.email} />}
      </Field>
      <Field meta={fields.managerWhatsapp} label="رقم واتساب المدير" hint="رقم جوال سعودي مثل ٠٥٠١٢٣٤٥٦٧، أو رقم من خارج المملكة يبدأ بمفتاح الدولة.">
        {(props) => (
          <input {...props} type="tel" inputMode="tel" dir="ltr" placeholder={phoneInputProps.placeholder} maxLength={SETTINGS_LIMITS.whatsapp} className={ltrNumberInputClass} />
        )}
      </Field>
      <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:col-span-2">
        <legend className="px-1 font-bold text-brand-900">التقرير اليومي</legend>
        <Checkbox meta={fields.dailyEmailReport} label="إرسال التقرير اليومي بالبريد الإلكتروني" />
        <Checkbox meta={fields.dailyWhatsappReport} label="إرسال التقرير اليومي عبر واتساب" hint="يحتاج إلى رقم واتساب المدير." />
        <Field meta={fields.dailyReportHour} label="وقت الإرسال (بتوقيت الرياض)" className="max-w-xs">
          {(props) => (
            <select {...props} className={inputClass}>
              {REPORT_HOURS.map((hour) => (
                <option key={hour} value={String(hour)}>
                  {formatHourArabic(hour)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <div className="grid gap-2 sm:col-span-2">
        <p className="text-sm leading-6 text-stone-600">يلزم تأكيد هويتك عند تغيير البريد الإلكتروني للمدير أو رقم واتساب المدير فقط.</p>
        <div className="max-w-sm">
          <IdentityField fields={fields} hasPassword={reauth.hasPassword} />
        </div>
      </div>
      <SaveRow form={form} busy={fetcher.state !== "idle"} label="حفظ الإشعارات" wide />
    </fetcher.Form>
  );
}

const pointOf = (values: SettingsFormValues["firm"]): Coordinates | null => (values.mapLat && values.mapLng ? { lat: Number(values.mapLat), lng: Number(values.mapLng) } : null);

/** The firm's public details: shown in the footer, on the contact page and in the site's JSON-LD; an empty one is not shown. */
export function FirmDetailsForm({ values, tileUrl }: { values: SettingsFormValues["firm"]; tileUrl: string }) {
  const fetcher = useFetcher<FormReply>();
  // The map point is the page's own value, posted as two hidden fields; a save (or a reset) brings the saved one back.
  const [point, setPoint] = useState(() => pointOf(values));
  const savedPoint = `${values.mapLat},${values.mapLng}`;
  const [saved, setSaved] = useState(savedPoint);
  if (saved !== savedPoint) {
    setSaved(savedPoint);
    setPoint(pointOf(values));
  }
  const [form, fields] = useAppForm({
    id: "settings-firm",
    schema: firmDetailsSchema,
    lastResult: fetcher.data,
    defaultValue: values,
    ownChanges: JSON.stringify(point) !== JSON.stringify(pointOf(values)),
  });
  useResetAfterSave(fetcher, form);
  useValidateOnChange(form, fields.mapLat.name, point);
  useValidateOnChange(form, fields.mapLng.name, point);
  const pointErrors = [...(fields.mapLat.errors ?? []), ...(fields.mapLng.errors ?? [])];
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="firm" />
      <Field meta={fields.companyPhone} label="رقم الهاتف">
        {(props) => <input {...props} type="tel" inputMode="tel" dir="ltr" placeholder="٠١١xxxxxxx" maxLength={SETTINGS_LIMITS.phone} className={ltrNumberInputClass} />}
      </Field>
      <Field
        meta={fields.companyWhatsapp}
        label="رقم واتساب المنشأة"
        hint="تفتحه كل روابط واتساب في الموقع والزر العائم. رقم جوال مثل ٠٥٠١٢٣٤٥٦٧، أو رقم من خارج المملكة يبدأ بمفتاح الدولة."
      >
        {(props) => (
          <input {...props} type="tel" inputMode="tel" dir="ltr" placeholder={phoneInputProps.placeholder} maxLength={SETTINGS_LIMITS.whatsapp} className={ltrNumberInputClass} />
        )}
      </Field>
      <Field meta={fields.companyEmail} label="البريد الإلكتروني">
        {(props) => <input {...props} {...emailInputProps} maxLength={FIELD_LIMITS.email} />}
      </Field>
      <Field meta={fields.workingHours} label="ساعات العمل" hint="مثل: الأحد إلى الخميس، ٩ صباحًا إلى ٥ مساءً">
        {(props) => <input {...props} maxLength={SETTINGS_LIMITS.workingHours} className={inputClass} />}
      </Field>
      <Field meta={fields.companyAddress} label="العنوان" className="sm:col-span-2">
        {(props) => <textarea {...props} rows={2} maxLength={SETTINGS_LIMITS.address} className={inputClass} />}
      </Field>
      <Field meta={fields.commercialRegistration} label="رقم السجل التجاري">
        {(props) => <input {...props} inputMode="numeric" dir="ltr" maxLength={SETTINGS_LIMITS.number} className={ltrNumberInputClass} />}
      </Field>
      <Field meta={fields.falLicence} label="رقم رخصة فال للوساطة العقارية (الهيئة العامة للعقار)">
        {(props) => <input {...props} inputMode="numeric" dir="ltr" maxLength={SETTINGS_LIMITS.number} className={ltrNumberInputClass} />}
      </Field>
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-bold text-stone-700">موقع المنشأة على الخريطة</legend>
        <input type="hidden" name={fields.mapLat.name} value={point ? String(point.lat) : ""} />
        <input type="hidden" name={fields.mapLng.name} value={point ? String(point.lng) : ""} />
        <LocationPicker value={point} onChange={setPoint} tileUrl={tileUrl} label="خريطة لتحديد موقع المنشأة" hint="المس الخريطة لتحديد موقع المكتب، أو اكتب خط العرض وخط الطول." />
        {pointErrors.length ? (
          <p id={fields.mapLat.errorId} className="text-sm font-bold text-red-700">
            {pointErrors[0]}
          </p>
        ) : null}
      </fieldset>
      <SaveRow form={form} busy={fetcher.state !== "idle"} label="حفظ بيانات المنشأة" wide />
    </fetcher.Form>
  );
}

/**
 * The ad licence rule (decision 017): «اشتراط ترخيص الإعلان للنشر» and the verification link the
 * offer page's QR code opens, `{licence}` standing for the licence number.
 */
export function AdLicenceSettingsForm({ values }: { values: SettingsFormValues["adLicence"] }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "settings-ad-licence", schema: adLicenceSettingsSchema, lastResult: fetcher.data, defaultValue: values });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4">
      <input type="hidden" name="intent" value="adLicence" />
      <Checkbox
        meta={fields.requireAdLicence}
        label="اشتراط ترخيص الإعلان للنشر"
        hint="لا يُحفظ عرض للبيع أو للإيجار دون ترخيص إعلان ساري، ولا يظهر في الموقع عرض كهذا بلا ترخيص. العرض الذي انتهى ترخيصه يختفي من الموقع في كل الأحوال."
      />
      <Field
        meta={fields.licenceVerificationTemplate}
        label="رابط التحقق من ترخيص الإعلان"
        hint="يفتحه رمز QR في صفحة العرض، ويحلّ رقم الترخيص محل {licence}. مثل: https://example.gov.sa/ad-licence?number={licence}. اتركه فارغًا لإخفاء الرمز."
      >
        {(props) => <input {...props} type="url" inputMode="url" dir="ltr" maxLength={SETTINGS_LIMITS.link} className={ltrInputClass} />}
      </Field>
      <SaveRow form={form} busy={fetcher.state !== "idle"} label="حفظ إعدادات الترخيص" />
    </fetcher.Form>
  );
}

/** The maps' tile images (decision 022): an https address with {z}, {x} and {y}; emptied, OpenStreetMap's. */
export function MapSettingsForm({ values }: { values: SettingsFormValues["map"] }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "settings-map", schema: mapSettingsSchema, lastResult: fetcher.data, defaultValue: values });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4">
      <input type="hidden" name="intent" value="map" />
      <Field
        meta={fields.mapTileUrl}
        label="رابط صور الخريطة"
        hint={`تُحمَّل منه صور الخرائط في صفحة العروض وصفحة العرض وعند تحديد المواقع، ويحلّ مستوى التكبير والإحداثيات محل {z} و{x} و{y}. اتركه فارغًا لخرائط OpenStreetMap: ${OSM_TILE_URL}`}
      >
        {(props) => <input {...props} type="url" inputMode="url" dir="ltr" maxLength={SETTINGS_LIMITS.link} className={ltrInputClass} />}
      </Field>
      <SaveRow form={form} busy={fetcher.state !== "idle"} label="حفظ إعدادات الخريطة" />
    </fetcher.Form>
  );
}

/**
 * Offers that are really available (decision 046): every how many days the offer's staff member is
 * asked to confirm it; unconfirmed a week longer, it leaves the site until someone confirms it.
 */
export function AvailabilitySettingsForm({ values }: { values: SettingsFormValues["availability"] }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "settings-availability", schema: availabilitySettingsSchema, lastResult: fetcher.data, defaultValue: values });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4">
      <input type="hidden" name="intent" value="availability" />
      <Field
        meta={fields.availabilityConfirmDays}
        label="التأكد من توفر العرض كل (بالأيام)"
        hint={`كل هذه المدة يُكلَّف موظف العرض بمهمة للتأكد من أنه ما زال متاحًا. إن لم يُؤكَّد توفره خلال ${daysText(7)} بعدها يختفي من الموقع حتى يُؤكَّد. من ${formatDigitsArabic(1)} إلى ${formatDigitsArabic(AVAILABILITY_DAYS_MAX)} يومًا.`}
        className="max-w-xs"
      >
        {(props) => <input {...props} inputMode="numeric" dir="ltr" maxLength={SETTINGS_LIMITS.number} className={ltrNumberInputClass} />}
      </Field>
      <SaveRow form={form} busy={fetcher.state !== "idle"} label="حفظ إعدادات تأكيد التوفر" />
    </fetcher.Form>
  );
}

/** A settings form's end: its messages, then its save button (`wide`: across both columns of a two-column form). */
function SaveRow({ form, busy, label, wide = false }: { form: { errorId: string; errors?: string[] | undefined }; busy: boolean; label: string; wide?: boolean }) {
  return (
    <div className={wide ? "grid gap-3 sm:col-span-2" : "grid gap-3"}>
      <FormNotice id={form.errorId} errors={form.errors} />
      <button type="submit" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
        {label}
      </button>
    </div>
  );
}
