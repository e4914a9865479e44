import { CheckIcon, MailIcon, PhoneIcon, PinIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { StatusBadge } from "./status-badge.tsx";

/** The head of the offer page, every text already written (offer-page-markup.server.tsx). */
export interface OfferSummaryView {
  status: string;
  isCorner: boolean;
  title: string;
  place: string;
  /** «رقم العرض»: the offer's id, shown by IdentifierText. */
  reference: string;
  added: { text: string; at: string };
  /** Left out when it reads as the date added does. */
  updated: { text: string; at: string } | null;
  /** «تم التأكد من توفره قبل ٣ أيام» (decision 046); null on a sold or rented offer's page. */
  confirmed: { text: string; at: string } | null;
  price: string;
  /** " سنويًا" after a rent offer's price, "" otherwise. */
  period: string;
  /** SPEC's English line: '{n} SAR'. */
  priceSar: string;
  /** «≈ ٧٥٬٠٠٠ ر.س. سنويًا» beside a monthly rent (decision 027); "" otherwise. */
  yearly: string;
  /** "" for an offer without an area. */
  perMetre: string;
  /** Sold or rented lately (decision 027): what happened and similar available offers, in place of the call and WhatsApp buttons. */
  closed: { text: string; similarHref: string; similarText: string } | null;
  /** tel: the firm's phone; "" when the settings give none. */
  callHref: string;
  /** A chat with the firm about this offer; "" when the settings give no number. */
  whatsappHref: string;
}

/**
 * Status, title, place, reference and dates; price (with the rent period and the price per square
 * metre) and the call and WhatsApp buttons. Rendered on the server only: the page loads no code for it.
 */
export function OfferSummary({ view }: { view: OfferSummaryView }) {
  return (
    <>
      <div>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <StatusBadge status={view.status} />
          {view.isCorner && <span className="rounded-full bg-sand-200 px-3 py-0.5 text-sm font-bold text-stone-700">زاوية</span>}
        </div>
        <h1 className="text-2xl leading-snug font-bold text-brand-900 sm:text-3xl">{view.title}</h1>
        <p className="mt-1 flex items-center gap-1 text-stone-600">
          <PinIcon className="size-5 text-gold-700" />
          {view.place}
        </p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600" data-testid="offer-dates">
          <span>
            رقم العرض: <IdentifierText value={view.reference} className="font-bold text-ink" />
          </span>
          <time dateTime={view.added.at}>أضيف {view.added.text}</time>
          {view.updated && <time dateTime={view.updated.at}>آخر تحديث {view.updated.text}</time>}
        </p>
        {view.confirmed && (
          <p className="mt-2 flex items-center gap-1 text-sm font-bold text-emerald-800" data-testid="offer-confirmed">
            <CheckIcon className="size-4" />
            <time dateTime={view.confirmed.at}>{view.confirmed.text}</time>
          </p>
        )}
      </div>
      <div className="sm:text-end">
        <p className="text-3xl font-bold text-brand-700" data-testid="offer-price">
          <span data-testid="price-arabic">{view.price}</span>
          {view.period && <span className="text-xl">{view.period}</span>}
        </p>
        <p className="text-sm text-stone-600">
          <span dir="ltr" data-testid="price-sar">
            {view.priceSar}
          </span>
        </p>
        {view.yearly && (
          <p className="text-sm text-stone-600" data-testid="price-yearly">
            {view.yearly}
          </p>
        )}
        {view.perMetre && (
          <p className="mt-1 text-sm font-bold text-stone-700" data-testid="price-per-metre">
            {view.perMetre}
          </p>
        )}
        {view.closed && (
          <div className="mt-3 rounded-xl bg-sand-100 p-3 ring-1 ring-stone-200 sm:text-start" data-testid="offer-closed" role="status">
            <p className="font-bold text-ink">{view.closed.text}</p>
            <a href={view.closed.similarHref} className="mt-1 inline-block font-bold text-brand-700 underline underline-offset-4 hover:text-brand-900">
              {view.closed.similarText}
            </a>
          </div>
        )}
        {!view.closed && (view.callHref || view.whatsappHref) && (
          <div className="mt-3 flex flex-wrap gap-2 sm:justify-end">
            <ContactLinks view={view} />
          </div>
        )}
      </div>
    </>
  );
}

/**
 * The top of the side column on a wide screen, which stays in view with the inquiry form below it:
 * the price, call and WhatsApp. Rendered on the server only.
 */
export function OfferContactBox({ view }: { view: OfferSummaryView }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid="offer-contact-box">
      <p className="text-2xl font-bold text-brand-700">
        {view.price}
        {view.period && <span className="text-lg">{view.period}</span>}
      </p>
      {(view.callHref || view.whatsappHref) && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <ContactLinks view={view} short />
        </div>
      )}
    </div>
  );
}

/**
 * The bar at the bottom of the offer page on phones and tablets: call, WhatsApp (it takes the
 * floating button's place there, app.css) and «استفسار», a link to the inquiry form that works
 * without JavaScript. Rendered on the server only.
 */
export function OfferActionBar({ view }: { view: OfferSummaryView }) {
  const item = "flex flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-2 py-1.5 text-sm font-bold";
  return (
    <nav
      id="offer-bar"
      aria-label="التواصل بشأن العرض"
      data-testid="offer-bar"
      className="offer-bar fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-xl gap-2 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        {view.callHref && (
          <a href={view.callHref} className={`${item} bg-brand-700 text-white`}>
            <PhoneIcon className="size-5" />
            اتصال
          </a>
        )}
        {view.whatsappHref && (
          <a href={view.whatsappHref} target="_blank" rel="noopener noreferrer" className={`${item} bg-[#15803d] text-white`}>
            <WhatsappIcon className="size-5" />
            واتساب
          </a>
        )}
        {/* The offer page's side column (app/routes/site/offer.tsx) has this id: a plain anchor, no code. */}
        <a href="#inquiry" className={`${item} bg-white text-brand-800 ring-1 ring-brand-600`}>
          <MailIcon className="size-5" />
          استفسار
        </a>
      </div>
    </nav>
  );
}

/** Call and WhatsApp as buttons; `short`: the side box's one-word labels, centred in its two columns. */
function ContactLinks({ view, short = false }: { view: OfferSummaryView; short?: boolean }) {
  const shape = short ? "justify-center px-3" : "px-4";
  return (
    <>
      {view.callHref && (
        <a href={view.callHref} className={`flex items-center gap-2 rounded-xl bg-brand-700 py-2 font-bold text-white hover:bg-brand-800 ${shape}`}>
          <PhoneIcon className="size-5" />
          {short ? "اتصال" : "اتصل بنا"}
        </a>
      )}
      {view.whatsappHref && (
        <a
          href={view.whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          className={`flex items-center gap-2 rounded-xl bg-[#15803d] py-2 font-bold text-white hover:bg-[#166534] ${shape}`}
        >
          <WhatsappIcon className="size-5" />
          {short ? "واتساب" : "تواصل عبر واتساب"}
        </a>
      )}
    </>
  );
}
