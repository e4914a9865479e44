import { OfferGone, type SimilarOffer } from "./offer-gone.tsx";

/** The heading of the 410 page, and its title. */
export const LICENCE_ENDED_TITLE = "انتهت صلاحية ترخيص هذا الإعلان";

/**
 * The body of an offer page whose ad licence has ended (410): what happened, and a way on to
 * offers of the same type in the same city. Rendered on the server only (offer-page-markup.server.tsx).
 */
export function LicenceEnded({ title, similarHref, similarText, similar }: { title: string; similarHref: string; similarText: string; similar: SimilarOffer[] }) {
  return (
    <OfferGone
      code="٤١٠"
      heading={LICENCE_ENDED_TITLE}
      text={`لم يعد الإعلان عن «${title}» معروضًا، فقد انتهت مدة ترخيصه. يمكنك تصفح عروض مشابهة متاحة الآن.`}
      browseHref={similarHref}
      browseText={similarText}
      similar={similar}
    />
  );
}
