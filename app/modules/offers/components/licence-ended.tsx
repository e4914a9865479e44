/** The heading of the 410 page, and its title. */
export const LICENCE_ENDED_TITLE = "انتهت صلاحية ترخيص هذا الإعلان";

/**
 * The body of an offer page whose ad licence has ended (410): what happened, and a way on to
 * offers of the same type in the same city. Rendered on the server only (offer-page-markup.server.tsx).
 */
export function LicenceEnded({ title, similarHref, similarText }: { title: string; similarHref: string; similarText: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-bold text-gold-700" aria-hidden>
        ٤١٠
      </p>
      <h1 className="text-3xl font-bold text-brand-900">{LICENCE_ENDED_TITLE}</h1>
      <p className="leading-8 text-stone-600">لم يعد الإعلان عن «{title}» معروضًا، فقد انتهت مدة ترخيصه. يمكنك تصفح عروض مشابهة متاحة الآن.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <a href={similarHref} className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          {similarText}
        </a>
        <a href="/" className="rounded-xl bg-white px-6 py-3 font-bold text-brand-800 ring-1 ring-stone-200 hover:bg-sand-100">
          العودة إلى الرئيسية
        </a>
      </div>
    </div>
  );
}
