import { lazy, Suspense, useState } from "react";

/** The form and its code load when the visitor opens it, never with the page (decision 004's budget). */
const ViewingRequestForm = lazy(() => import("./viewing-request-form.tsx"));

/**
 * «اطلب معاينة» on the offer page: a button that opens the request form (the firm's open times,
 * name and phone). A tap before the page's JavaScript has started is kept and replayed
 * (decision 025's EarlyInput holds a button's tap like any other).
 */
export function ViewingRequest({ offerId }: { offerId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="viewing-request-title" className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-stone-200">
      <h2 id="viewing-request-title" className="mb-2 text-xl font-bold text-brand-900">
        اطلب معاينة
      </h2>
      {open ? (
        <Suspense fallback={<p role="status">جارٍ تحميل المواعيد…</p>}>
          <ViewingRequestForm offerId={offerId} />
        </Suspense>
      ) : (
        <>
          <p className="mb-3 text-stone-700">اختر موعدًا يناسبك لزيارة العقار مع أحد موظفينا.</p>
          <button type="button" onClick={() => setOpen(true)} className="w-full rounded-xl bg-gold-400 px-5 py-3 font-bold text-ink shadow hover:bg-gold-300">
            اختر موعد المعاينة
          </button>
        </>
      )}
    </section>
  );
}
