import { IdentifierText } from "~/components/ui/identifier-text.tsx";

/** One line of «بيانات الإعلان»; an `identifier` (licence, FAL, deed, plot number, national address) is shown by IdentifierText. */
export interface LicenceRow {
  label: string;
  value: string;
  /** A second, lighter line: a date's Hijri day. */
  note?: string;
  identifier?: boolean;
}

export interface OfferLicenceView {
  rows: LicenceRow[];
  /** The QR code as SVG markup drawn on the server, and the verification link it holds; null without a link template. */
  qr: { svg: string; url: string } | null;
  disclosures: string[];
  /** The day REGA last confirmed the licence, as written on the page («٢٨ نوفمبر ٢٠٢٦م»); null when it has not (decision 047). */
  verifiedOn?: string | null;
}

/**
 * «بيانات الإعلان»: what REGA asks an ad to show (licence, dates, FAL, advertiser, deed, address,
 * plot), the QR code to the licence's verification page and the disclosures as sentences.
 * Rendered on the server only (offer-page-markup.server.tsx): the page loads no code for it.
 */
export function OfferLicenceBlock({ view }: { view: OfferLicenceView }) {
  return (
    <section aria-labelledby="ad-licence-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="ad-licence">
      <h2 id="ad-licence-title" className="mb-3 text-xl font-bold text-brand-900">
        بيانات الإعلان
      </h2>
      {view.verifiedOn ? (
        <p className="mb-3 rounded-xl bg-green-50 px-3 py-2 text-sm leading-7 font-bold text-green-900" data-testid="rega-verified">
          تم التحقق من الترخيص لدى الهيئة العامة للعقار في {view.verifiedOn}
        </p>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <dl className="grid flex-1 grid-cols-1">
          {view.rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4 border-b border-stone-100 py-2">
              <dt className="text-stone-600">{row.label}</dt>
              <dd className="text-end font-bold">
                {row.identifier ? <IdentifierText value={row.value} /> : row.value}
                {row.note && <span className="block text-sm font-normal text-stone-600"> {row.note}</span>}
              </dd>
            </div>
          ))}
        </dl>
        {view.qr && (
          <figure className="mx-auto flex shrink-0 flex-col items-center gap-1 sm:mx-0">
            <a
              href={view.qr.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block size-36 rounded-lg bg-white ring-1 ring-stone-200"
              data-testid="ad-licence-qr"
              dangerouslySetInnerHTML={{ __html: view.qr.svg }}
            />
            <figcaption className="max-w-36 text-center text-xs text-stone-600">امسح الرمز للتحقق من ترخيص الإعلان</figcaption>
          </figure>
        )}
      </div>
      {view.disclosures.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 font-bold text-brand-900">الإفصاحات</h3>
          <ul className="grid list-disc gap-1 ps-5 leading-7 text-stone-800">
            {view.disclosures.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
