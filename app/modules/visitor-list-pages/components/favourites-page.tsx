import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { CheckIcon, HeartIcon, LinkIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { whatsappShareLink } from "~/components/ui/whatsapp-link.tsx";
import { OfferCard } from "~/modules/offers/index.ts";
import { useLiveOffers } from "~/modules/offers/index.ts";
import type { OfferCardData } from "~/modules/offers/index.ts";
import { offersText } from "~/utils/count-words.ts";
import { formatCountArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { useCopiedFlag } from "~/utils/use-copied-flag.ts";
import { listHref, sameIds } from "~/modules/visitor-lists/index.ts";
import { say } from "~/modules/visitor-lists/index.ts";
import { changeLists, useVisitorLists } from "~/modules/visitor-lists/index.ts";

/** What the /favourites loader gives: `listed` when the address names the offers (?ids=…). */
export interface FavouritesData {
  listed: boolean;
  ids: number[];
  offers: OfferCardData[];
  /** Ids of the address that are no longer public offers. */
  missing: number[];
  /** The site's address, for the share link. */
  publicUrl: string;
}

const GONE = { zero: "", one: "عرض واحد لم يعد متاحًا", two: "عرضان لم يعودا متاحين", few: "عروض لم تعد متاحة", many: "عرضًا لم يعد متاحًا", other: "عرض لم يعد متاحًا" };

/** Marks the page's own address updates (navigation state). */
const SYNCED = "favouritesSynced";

const softButton = "flex items-center gap-2 rounded-xl bg-white px-4 py-2 font-bold text-stone-700 shadow-sm ring-1 ring-stone-200 hover:bg-sand-100";

/** «مشاركة القائمة»: a link to the list by its ids; a click opens the phone's share sheet, or copies it where there is none. */
function ShareList({ url }: { url: string }) {
  const [copied, setCopied] = useCopiedFlag();
  const share = async (event: MouseEvent) => {
    event.preventDefault();
    if (navigator.share) {
      // Closing the share sheet rejects: nothing to say then.
      await navigator.share({ title: "عروض مفضلة", url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      window.alert(MESSAGES.copyFailed);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {/* data-keep-early: tapped before the page has hydrated, it shares once it has (decision 025), rather than opening its own address. */}
      <a href={url} onClick={(event) => void share(event)} className={softButton} data-testid="share-list" data-keep-early="">
        {copied ? <CheckIcon className="size-5 text-emerald-600" /> : <LinkIcon className="size-5" />}
        مشاركة القائمة
      </a>
      <a href={whatsappShareLink(`عروض أعجبتني\n${url}`)} target="_blank" rel="noopener noreferrer" className={softButton}>
        <WhatsappIcon className="size-5 text-[#15803d]" />
        واتساب
      </a>
      <span aria-live="polite" className="text-sm font-bold text-emerald-700">
        {copied ? "تم نسخ رابط القائمة" : ""}
      </span>
    </div>
  );
}

/**
 * /favourites. The list lives on the visitor's device; the page shows the offers its address names
 * (?ids=…, server-rendered). Opened without ids, it puts the stored ones in the address. An address
 * whose ids are the stored ones is the visitor's own list: a heart taken off here leaves it (and the
 * address follows), and «مشاركة القائمة» gives its link. Any other is a list shared with them: shown
 * as it is, with «حفظ في مفضلتي» to add its offers to theirs.
 */
export function FavouritesPage({ data }: { data: FavouritesData }) {
  const { listed, ids, offers, missing, publicUrl } = data;
  // An offer sold, hidden or changed meanwhile: the list follows, as /offers does.
  useLiveOffers();
  const lists = useVisitorLists();
  const navigate = useNavigate();
  const location = useLocation();
  const saved = lists.favourites;
  const idle = useNavigation().state === "idle";
  /**
   * Whose list the address shows: null until the stored list is read; decided again on each new
   * address, but not on the page's own address updates (SYNCED), so taking a heart off one's own
   * list never makes it look shared while the address catches up. Decided while rendering: no
   * render shows the wrong one.
   */
  const [decided, setDecided] = useState<{ key: string; own: boolean } | null>(null);
  let own = decided?.own ?? null;
  const synced = (location.state as { [SYNCED]?: boolean } | null)?.[SYNCED] === true;
  if (lists.ready && (decided === null || (decided.key !== location.key && !synced))) {
    // No ids (or none: /favourites?ids=) is the visitor's own list too: the stored ids go in the address.
    own = ids.length === 0 || sameIds(ids, saved);
    setDecided({ key: location.key, own });
  }
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // The visitor's own list: the address names the stored ids (opened without any, or a heart taken off here).
    if (own && idle && !sameIds(ids, saved) && (listed || saved.length > 0)) {
      void navigate(listHref("/favourites", saved), { replace: true, preventScrollReset: true, state: { [SYNCED]: true } });
    }
  }, [own, listed, idle, ids, saved, navigate]);

  const shown = own ? offers.filter((offer) => saved.includes(offer.id)) : offers;
  // A card taken off with the focus on its heart: the focus goes to the page's heading, not to the page's start.
  const count = useRef(shown.length);
  useEffect(() => {
    if (shown.length < count.current && document.activeElement === document.body) heading.current?.focus();
    count.current = shown.length;
  });

  // Opened without ids: until the stored ones are in the address (nothing stored: the empty list at once).
  const waiting = ids.length === 0 && (own === null ? !listed : saved.length > 0);
  const gone = own ? missing.filter((id) => saved.includes(id)) : missing;
  const adopt = () => {
    const found = ids.filter((id) => !missing.includes(id));
    changeLists({ favourites: [...saved, ...found.filter((id) => !saved.includes(id))] });
    say("حُفظت القائمة في مفضلتك");
    setDecided({ key: location.key, own: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "المفضلة" }]} />
      <h1 ref={heading} tabIndex={-1} className="mt-3 flex items-center gap-2 text-3xl font-bold text-brand-900 focus:outline-none">
        <HeartIcon className="size-8 fill-current text-red-600" />
        {own === false ? "قائمة مفضلة مشتركة" : "المفضلة"}
      </h1>
      <p className="mt-1 text-stone-700" data-testid="favourites-count-line">
        {waiting ? "جارٍ فتح مفضلتك…" : offersText(shown.length)}
        {own !== false && <span className="text-stone-600"> · تُحفظ على جهازك هذا فقط.</span>}
      </p>

      {/* One line, its height kept whichever it shows (no shift once the page knows whose list this is). */}
      <div className="mt-4 flex min-h-11 flex-wrap items-center gap-3">
        {own === false ? (
          <div className="flex flex-wrap items-center gap-3 rounded-xl bg-gold-300/30 px-4 py-2 ring-1 ring-gold-300" data-testid="shared-list">
            <p>شاركك أحدهم هذه القائمة.</p>
            {shown.length > 0 && (
              <button type="button" onClick={adopt} className="rounded-xl bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800">
                حفظ في مفضلتي
              </button>
            )}
            <Link to={saved.length ? listHref("/favourites", saved) : "/favourites"} className="font-bold text-brand-700 underline underline-offset-4">
              مفضلتي
            </Link>
          </div>
        ) : (
          own &&
          shown.length > 0 && (
            <ShareList
              url={
                publicUrl +
                listHref(
                  "/favourites",
                  shown.map((offer) => offer.id),
                )
              }
            />
          )
        )}
      </div>

      {gone.length > 0 && (
        <p className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-sand-100 px-4 py-3 text-stone-700" data-testid="favourites-missing">
          {formatCountArabic(gone.length, GONE)}: بيع أو انتهى إعلانه أو حُذف.
          {own && (
            <button
              type="button"
              onClick={() => {
                changeLists({ favourites: saved.filter((id) => !gone.includes(id)) });
                say("أزيلت العروض غير المتاحة من المفضلة");
              }}
              className="font-bold text-brand-700 underline underline-offset-4"
            >
              إزالتها من المفضلة
            </button>
          )}
        </p>
      )}

      <h2 className="sr-only">العروض المفضلة</h2>
      {waiting ? (
        <noscript>
          <p className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">تُحفظ المفضلة في متصفحك، ويلزم لعرضها تفعيل البرمجيات النصية.</p>
        </noscript>
      ) : shown.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-12 text-center shadow-sm ring-1 ring-stone-200" data-testid="favourites-empty">
          <HeartIcon className="mx-auto size-12 text-stone-400" />
          <p className="mt-3 text-xl font-bold text-ink">لا توجد عروض في المفضلة بعد</p>
          <p className="mt-2 text-stone-600">اضغط على رمز القلب في أي عرض لتحفظه هنا، وتبقى القائمة على جهازك.</p>
          <Link to="/offers" className="mt-5 inline-block rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
            تصفح العروض
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="favourites-grid">
          {shown.map((offer, i) => (
            <li key={offer.id}>
              <OfferCard offer={offer} priority={i === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
