import { Link, useFetcher } from "react-router";
import { adminCardClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { whatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { RENT_PERIOD_ADVERBS, type RentPeriod } from "~/modules/ad-licences/index.ts";
import { formatDateTimeArabic, formatPriceArabic } from "~/utils/format.ts";
import { dialablePhone, formatPhoneForReading } from "~/utils/phone.ts";
import { MATCH_REASON_LABELS, type MatchView } from "../requirement-view.ts";

/** An offer's price with its period for a rent: «٤٥٬٠٠٠ ر.س. سنويًا». */
function priceText(price: number, rentPeriod: string): string {
  const adverb = rentPeriod ? RENT_PERIOD_ADVERBS[rentPeriod as RentPeriod] : "";
  return adverb ? `${formatPriceArabic(price)} ${adverb}` : formatPriceArabic(price);
}

/** «تم التواصل»: the match leaves the list (posted to /admin/matches, from there or from an offer's page). */
function ContactedButton({ id, clientName }: { id: number; clientName: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/admin/matches">
      <input type="hidden" name="intent" value="contacted" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={busy} aria-label={`تم التواصل مع ${clientName}`} className={adminSecondaryButtonClass}>
        {busy ? "جارٍ الحفظ…" : "تم التواصل"}
      </button>
    </fetcher.Form>
  );
}

/**
 * One match: the client and how to reach them (a call, a WhatsApp chat with the offer named), the
 * offer and its price, why and when it matched, and «تم التواصل» while it waits. `showOffer`: on
 * an offer's own page the offer is not repeated.
 */
function MatchCard({ match, showOffer }: { match: MatchView; showOffer: boolean }) {
  const { client, offer } = match;
  // Under the page's title on /admin/matches, under the offer page's section title there.
  const Heading = showOffer ? "h2" : "h3";
  const message = `السلام عليكم ${client.name}، لدينا عرض قد يناسب طلبك: «${offer.title}» بسعر ${priceText(offer.price, offer.rentPeriod)}.`;
  return (
    <li className={`${adminCardClass} grid gap-3`} data-testid="match-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="text-lg font-bold text-stone-900">
          <bdi>{client.name}</bdi>
        </Heading>
        <span className={`rounded-full px-3 py-1 text-sm font-bold ${match.contactedAt ? "bg-stone-100 text-stone-700" : "bg-amber-100 text-amber-900"}`}>
          {match.contactedAt ? "تم التواصل" : "بانتظار التواصل"}
        </span>
      </div>
      <p className="text-stone-700">{MATCH_REASON_LABELS[match.reason]}</p>
      {showOffer ? (
        <p>
          <Link to={`/admin/offers/edit/${offer.id}`} className="font-bold text-brand-800 underline">
            <bdi>{offer.title}</bdi>
          </Link>
          <span className="text-stone-700">
            {" "}
            · {offer.location ? `${offer.location}، ` : ""}
            {offer.city} · {priceText(offer.price, offer.rentPeriod)}
          </span>
        </p>
      ) : null}
      <p className="text-sm text-stone-600">
        <time dateTime={match.matchedAt}>{formatDateTimeArabic(match.matchedAt)}</time>
        {match.contactedAt ? (
          <>
            {" "}
            · تم التواصل في <time dateTime={match.contactedAt}>{formatDateTimeArabic(match.contactedAt)}</time>
          </>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {client.phone ? (
          <>
            <a href={`tel:${dialablePhone(client.phone)}`} className={adminSecondaryButtonClass}>
              اتصال <IdentifierText value={formatPhoneForReading(client.phone)} />
            </a>
            <a href={whatsappLink(client.phone, message)} target="_blank" rel="noopener noreferrer" className={adminSecondaryButtonClass} aria-label={`واتساب إلى ${client.name}`}>
              واتساب
            </a>
          </>
        ) : null}
        <Link to={`/admin/clients/${client.id}/requirements`} className="font-bold text-brand-800 underline">
          طلبات العميل
        </Link>
        {match.contactedAt ? null : <ContactedButton id={match.id} clientName={client.name} />}
      </div>
    </li>
  );
}

/** A list of matches; `empty` says what no match means where it is shown. */
export function MatchList({ matches, showOffer = true, empty }: { matches: MatchView[]; showOffer?: boolean; empty: string }) {
  if (!matches.length) return <p className="rounded-2xl bg-white p-5 text-stone-700 shadow-sm ring-1 ring-stone-200">{empty}</p>;
  return (
    <ul className="grid gap-3" aria-label="العملاء المهتمون">
      {matches.map((match) => (
        <MatchCard key={match.id} match={match} showOffer={showOffer} />
      ))}
    </ul>
  );
}
