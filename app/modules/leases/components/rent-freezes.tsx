import { useFetcher } from "react-router";
import { adminButtonClass, adminDangerButtonClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { Required } from "~/components/forms/required.tsx";
import { useAppForm, useResetAfterSave } from "~/components/forms/use-app-form.ts";
import { formErrorsOf, type FormReply } from "~/utils/form-submission.ts";
import { formatDateWithHijri } from "~/utils/format.ts";
import { freezeSchema } from "../lease-schema.ts";

interface Freeze {
  id: number;
  city: string;
  startsOn: string;
  endsOn: string | null;
  note: string;
}

/** The settings page's rent freezes: a city's renewals may not raise the rent between two days (the manager's). */
export function RentFreezes({ freezes, cities }: { freezes: Freeze[]; cities: string[] }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm leading-7 text-stone-700">
        عند تجديد عقد إيجار في مدينة عليها تجميد ساري في تاريخ بداية العقد الجديد، لا يُقبل إيجار سنوي أعلى من إيجار العقد السابق (يُقبل المساوي والأقل).
      </p>
      {freezes.length ? (
        <ul className="grid gap-2" data-testid="rent-freezes">
          {freezes.map((freeze) => (
            <li key={freeze.id} className="flex flex-wrap items-start justify-between gap-3 rounded-xl p-3 ring-1 ring-stone-200">
              <div className="grid gap-1">
                <p className="font-bold">{freeze.city}</p>
                <p className="text-sm text-stone-700">
                  من {formatDateWithHijri(freeze.startsOn)} {freeze.endsOn ? `إلى ${formatDateWithHijri(freeze.endsOn)}` : "دون تاريخ نهاية"}
                </p>
                {freeze.note ? <p className="text-sm text-stone-700">{freeze.note}</p> : null}
              </div>
              <RemoveFreeze freeze={freeze} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">لا يوجد تجميد للإيجارات.</p>
      )}
      <details>
        <summary className="cursor-pointer font-bold text-brand-800">إضافة تجميد</summary>
        <div className="mt-3">
          <AddFreeze cities={cities} />
        </div>
      </details>
    </div>
  );
}

function AddFreeze({ cities }: { cities: string[] }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useAppForm({ id: "rent-freeze-new", schema: freezeSchema, lastResult: fetcher.data });
  useResetAfterSave(fetcher, form);
  return (
    <fetcher.Form method="post" id={form.id} noValidate onSubmit={form.onSubmit} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="rentFreeze-add" />
      <Field meta={fields.city} label={<Required>المدينة</Required>}>
        {(props) => (
          <select {...props} className={inputClass}>
            <option value="">اختر المدينة</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field meta={fields.note} label="ملاحظة (اختياري)">
        {(props) => <input {...props} autoComplete="off" className={inputClass} />}
      </Field>
      <Field meta={fields.startsOn} label={<Required>من تاريخ</Required>}>
        {(props) => <input {...props} type="date" className={inputClass} />}
      </Field>
      <Field meta={fields.endsOn} label="إلى تاريخ (اختياري)" hint="يُترك فارغًا إن لم يُعلن موعد انتهائه">
        {(props) => <input {...props} type="date" className={inputClass} />}
      </Field>
      <div className="grid gap-3 sm:col-span-2">
        <FormNotice id={form.errorId} errors={form.errors} />
        <button type="submit" disabled={fetcher.state !== "idle"} className={`${adminButtonClass} justify-self-start`}>
          إضافة التجميد
        </button>
      </div>
    </fetcher.Form>
  );
}

function RemoveFreeze({ freeze }: { freeze: Freeze }) {
  const fetcher = useFetcher<FormReply>();
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`حذف تجميد الإيجارات في ${freeze.city}؟`)) event.preventDefault();
      }}
      className="grid gap-2"
    >
      <input type="hidden" name="intent" value="rentFreeze-remove" />
      <input type="hidden" name="id" value={freeze.id} />
      <button type="submit" disabled={fetcher.state !== "idle"} aria-label={`حذف تجميد الإيجارات في ${freeze.city}`} className={adminDangerButtonClass}>
        حذف
      </button>
      <FormNotice errors={formErrorsOf(fetcher.data)} />
    </fetcher.Form>
  );
}
