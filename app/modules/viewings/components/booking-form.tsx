import { useFetcher } from "react-router";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { ClientPicker, type ClientChoice } from "~/modules/clients/index.ts";
import { OfferPicker, type OfferChoice } from "~/modules/offers/index.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { minutesText, VIEWING_LENGTHS, viewingWhenText } from "../viewing-labels.ts";
import { VIEWING_PICKER_URLS } from "../viewing-picker-urls.ts";
import { bookingSchema, confirmSchema } from "../viewing-schema.ts";

interface Choice {
  id: number;
  name: string;
}

/**
 * The scheduling form: offer, client, staff member, Riyadh date and time, length. Reached from
 * an inquiry card (client and offer filled in), from the diary, or to confirm a visitor's request
 * (client and offer fixed; the time asked filled in, another one proposes it). The offer and the
 * client are searched as one types (their pickers; a number typed without JavaScript). Every field
 * is required: none is marked (decision 029).
 */
export function BookingForm({
  picked,
  staff,
  defaults,
  request,
  pageReply,
}: {
  picked: { offer: OfferChoice | null; client: ClientChoice | null };
  staff: Choice[];
  defaults: Record<"offerId" | "clientId" | "staffId" | "day" | "time" | "minutes", string>;
  request: { id: number; startsAt: string } | null;
  pageReply: FormReply | undefined;
}) {
  const fetcher = useFetcher<FormReply>();
  const lastResult = fetcher.data ?? pageReply;
  const [form, fields] = useAppForm({ id: "viewing-booking", schema: request ? confirmSchema : bookingSchema, lastResult, defaultValue: defaults });
  const busy = fetcher.state !== "idle";
  const clientName = picked.client?.label;
  const offerTitle = picked.offer?.label;
  return (
    // Named by the page's heading (its only form).
    <section aria-labelledby="viewing-page-heading" className={adminCardClass}>
      {request ? (
        <p className="mb-4 rounded-xl bg-sand-100 p-3 leading-7">
          طلب <bdi>{clientName}</bdi> معاينة «<bdi>{offerTitle}</bdi>» يوم {viewingWhenText(request.startsAt)}. أكّد الموعد كما هو، أو غيّر الوقت لاقتراح موعد آخر (يُبلَّغ العميل برسالة
          نصية).
        </p>
      ) : null}
      <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value={request ? "confirm" : "book"} />
        {request ? (
          <input type="hidden" name="id" value={request.id} />
        ) : (
          <>
            <Field meta={fields.offerId} label="العرض" hint="ابحث بعنوان العرض أو اكتب رقمه" className="sm:col-span-2">
              {(props) => <OfferPicker control={props} form={form} url={VIEWING_PICKER_URLS.offers} initial={picked.offer} />}
            </Field>
            <Field meta={fields.clientId} label="العميل" hint="ابحث باسم العميل أو رقم جواله، أو اكتب رقم العميل" className="sm:col-span-2">
              {(props) => <ClientPicker control={props} form={form} url={VIEWING_PICKER_URLS.clients} initial={picked.client} />}
            </Field>
          </>
        )}
        <Field meta={fields.staffId} label="الموظف الذي يرافق العميل" className="sm:col-span-2">
          {(props) => (
            <select {...props} className={inputClass}>
              <option value="">اختر الموظف</option>
              {staff.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field meta={fields.day} label="التاريخ">
          {(props) => <input {...props} type="date" className={inputClass} />}
        </Field>
        <Field meta={fields.time} label="الوقت (بتوقيت الرياض)">
          {(props) => <input {...props} type="time" step={900} className={inputClass} />}
        </Field>
        <Field meta={fields.minutes} label="المدة">
          {(props) => (
            <select {...props} className={inputClass}>
              {VIEWING_LENGTHS.map((length) => (
                <option key={length} value={length}>
                  {minutesText(length)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="grid gap-3 sm:col-span-2">
          <FormNotice id={form.errorId} errors={form.errors} />
          <button type="submit" disabled={busy} className={`${adminButtonClass} justify-self-start`}>
            {busy ? "جارٍ الحفظ…" : request ? "تأكيد الموعد" : "حجز المعاينة"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
