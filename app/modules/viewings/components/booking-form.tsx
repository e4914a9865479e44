import { useFetcher } from "react-router";
import { adminButtonClass, adminCardClass } from "~/components/admin/styles.ts";
import { Field, FormNotice, inputClass } from "~/components/forms/field.tsx";
import { useAppForm } from "~/components/forms/use-app-form.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import type { FormReply } from "~/utils/form-submission.ts";
import { minutesText, VIEWING_LENGTHS, viewingWhenText } from "../viewing-labels.ts";
import { bookingSchema, confirmSchema } from "../viewing-schema.ts";

interface Choice {
  id: number;
  name?: string;
  title?: string;
}

/**
 * The scheduling form: offer, client, staff member, Riyadh date and time, length. Reached from
 * an inquiry card (client and offer filled in), from the diary, or to confirm a visitor's request
 * (client and offer fixed; the time asked filled in, another one proposes it). Every field is
 * required: none is marked (decision 029).
 */
export function BookingForm({
  offers,
  clients,
  staff,
  defaults,
  request,
  pageReply,
}: {
  offers: Choice[];
  clients: Choice[];
  staff: Choice[];
  defaults: Record<"offerId" | "clientId" | "staffId" | "day" | "time" | "minutes", string>;
  request: { id: number; startsAt: string } | null;
  pageReply: FormReply | undefined;
}) {
  const fetcher = useFetcher<FormReply>();
  const lastResult = fetcher.data ?? pageReply;
  const [form, fields] = useAppForm({ id: "viewing-booking", schema: request ? confirmSchema : bookingSchema, lastResult, defaultValue: defaults });
  const busy = fetcher.state !== "idle";
  const clientName = clients.find((c) => String(c.id) === defaults.clientId)?.name;
  const offerTitle = offers.find((o) => String(o.id) === defaults.offerId)?.title;
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
            <Field meta={fields.offerId} label="العرض" className="sm:col-span-2">
              {(props) => (
                <select {...props} className={inputClass}>
                  <option value="">اختر العرض</option>
                  {offers.map((offer) => (
                    <option key={offer.id} value={offer.id}>
                      {offer.title} ({formatDigitsArabic(offer.id)})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field meta={fields.clientId} label="العميل" className="sm:col-span-2">
              {(props) => (
                <select {...props} className={inputClass}>
                  <option value="">اختر العميل</option>
                  {clients.map((client) => (
                    <option key={client.id} value={client.id}>
                      {client.name}
                    </option>
                  ))}
                </select>
              )}
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
