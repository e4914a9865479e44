import { Form, Link } from "react-router";
import { adminButtonClass, adminCardClass, adminLabelClass } from "~/components/admin/styles.ts";
import { FormNotice, inputClass } from "~/components/forms/field.tsx";
import { Options } from "~/components/forms/options.tsx";
import { offersText } from "~/utils/count-words.ts";
import { bulkStatusSummary, type BulkStatusOutcome } from "../bulk-status.ts";

/** The form the list's checkboxes belong to (they sit in the rows, outside it: `form=` ties them). */
export const BULK_STATUS_FORM_ID = "bulk-status";

/**
 * Changes the status of the offers ticked in the list: a status from the list and a button. Works
 * without JavaScript (a plain post); with it, the count of the ticked offers shows on the button.
 */
export function BulkStatusBar({ statuses, selected, busy, errors }: { statuses: string[]; selected: number; busy: boolean; errors: string[] }) {
  return (
    <Form method="post" id={BULK_STATUS_FORM_ID} aria-label="تغيير حالة العروض المحددة" className={`${adminCardClass} grid gap-3`}>
      <input type="hidden" name="intent" value="bulk-status" />
      <div className="flex flex-wrap items-end gap-3">
        <label className={adminLabelClass}>
          الحالة الجديدة للعروض المحددة
          <select name="status" defaultValue="" className={inputClass} required>
            <option value="" disabled>
              اختر الحالة
            </option>
            <Options values={statuses} />
          </select>
        </label>
        <button type="submit" className={adminButtonClass} disabled={busy}>
          {busy ? "جارٍ تغيير الحالة…" : "تغيير الحالة"}
        </button>
        <p className="pb-2.5 text-sm text-stone-600" aria-live="polite" data-testid="bulk-selected">
          {selected ? `المحدد: ${offersText(selected)}` : "حدّد العروض من القائمة"}
        </p>
      </div>
      <FormNotice errors={errors} />
    </Form>
  );
}

/** The outcome of a bulk change: how many changed, and each refused offer with its reason (a link to fix it). */
export function BulkStatusOutcomeNotice({ outcome }: { outcome: BulkStatusOutcome }) {
  const { done, refused } = bulkStatusSummary(outcome);
  return (
    <div role="status" className="grid gap-2" data-testid="bulk-outcome">
      {done ? <p className="rounded-xl bg-emerald-50 p-3 font-bold text-emerald-900 ring-1 ring-emerald-200">{done}</p> : null}
      {refused ? (
        <div className="rounded-xl bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          <p className="font-bold">{refused}</p>
          <ul className="mt-2 grid list-disc gap-1 ps-5 text-sm">
            {outcome.refused.map((offer) => (
              <li key={offer.id} data-testid="bulk-refused">
                {offer.title ? (
                  <Link to={`/admin/offers/edit/${offer.id}`} className="font-bold underline">
                    <bdi>{offer.title}</bdi>
                  </Link>
                ) : null}
                {offer.title ? ": " : null}
                {offer.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
