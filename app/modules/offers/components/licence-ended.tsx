import { OfferGone, type SimilarOffer } from "./offer-gone.tsx";

/** The heading of the 410 page, and its title. */
export const LICENCE_ENDED_TITLE = "انتهت صلاحية ترخيص هذا الإعلان";
/** The same page's heading and title when nobody confirmed the offer is still available in time (decision 046). */
export const UNCONFIRMED_TITLE = "هذا العرض غير متاح حاليًا";

/** Why an advertisement left the site (the one public rule of decisions 017 and 046). */
export type AdvertEnd = "licence" | "unconfirmed";

const HEADINGS: Record<AdvertEnd, string> = { licence: LICENCE_ENDED_TITLE, unconfirmed: UNCONFIRMED_TITLE };
const TEXTS: Record<AdvertEnd, (title: string) => string> = {
  licence: (title) => `لم يعد الإعلان عن «${title}» معروضًا، فقد انتهت مدة ترخيصه. يمكنك تصفح عروض مشابهة متاحة الآن.`,
  unconfirmed: (title) => `لم يعد «${title}» معروضًا حتى نتأكد من أنه ما زال متاحًا. يمكنك تصفح عروض مشابهة متاحة الآن.`,
};

/**
 * The body of an offer page whose advertisement has ended (410): its ad licence ended, or its
 * availability was not confirmed in time; what happened, and a way on to offers of the same type in
 * the same city. Rendered on the server only (offer-page-markup.server.tsx).
 */
export function LicenceEnded({
  title,
  similarHref,
  similarText,
  similar,
  reason = "licence",
}: {
  title: string;
  similarHref: string;
  similarText: string;
  similar: SimilarOffer[];
  reason?: AdvertEnd;
}) {
  return <OfferGone code="٤١٠" heading={HEADINGS[reason]} text={TEXTS[reason](title)} browseHref={similarHref} browseText={similarText} similar={similar} />;
}
