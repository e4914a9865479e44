import { useEffect } from "react";
import { OfferPhoto } from "~/modules/offers/index.ts";
import { Link, useNavigate } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { CloseIcon, CompareIcon } from "~/components/ui/icons.tsx";
import { formatCountArabic, formatNumberArabic } from "~/utils/format.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import type { CompareRow } from "../compare-view.ts";
import { listHref, MAX_COMPARED } from "~/modules/visitor-lists/index.ts";
import { say } from "~/modules/visitor-lists/index.ts";
import { changeLists, readLists, useVisitorLists } from "~/modules/visitor-lists/index.ts";

/** What the /compare loader gives: `listed` when the address names the offers (?ids=…). */
export interface CompareData {
  listed: boolean;
  /** More than MAX_COMPARED ids were given: the first ones are compared. */
  capped: boolean;
  offers: Array<{ id: number; title: string; mainImage: ImageRef | null }>;
  rows: CompareRow[];
  /** Ids of the address that are no longer public offers. */
  missing: number[];
}

const GONE = { zero: "", one: "عرض واحد لم يعد متاحًا", two: "عرضان لم يعودا متاحين", few: "عروض لم تعد متاحة", many: "عرضًا لم يعد متاحًا" };
/** The tint of a row whose values differ, opaque: the labels' column is sticky and scrolls over the others. */
const DIFFERS_BG = "bg-[#f9f3e3]";

/** Takes offers out of the visitor's compare list (the tray's), if they are in it. */
function forget(ids: number[], said: string) {
  const { compare } = readLists();
  const rest = compare.filter((item) => !ids.includes(item.id));
  if (rest.length === compare.length) return;
  changeLists({ compare: rest });
  say(said);
}

/**
 * /compare: the offers side by side, a column each, the labels' column fixed while a phone scrolls
 * the table sideways. Rows whose values differ are tinted and say «يختلف» (not colour alone);
 * «أظهر الاختلافات فقط» hides the others with CSS (:has), no script. Opened without ids, the page
 * puts the compare list's in the address.
 */
export function ComparePage({ data }: { data: CompareData }) {
  const { listed, capped, offers, rows, missing } = data;
  const lists = useVisitorLists();
  const navigate = useNavigate();
  const stored = lists.compare.map((item) => item.id).join(",");
  useEffect(() => {
    if (lists.ready && !listed && stored) void navigate(`/compare?ids=${stored}`, { replace: true });
  }, [lists.ready, listed, stored, navigate]);
  const waiting = !listed && (!lists.ready || stored !== "");
  const ids = offers.map((offer) => offer.id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "العروض", to: "/offers" }, { label: "المقارنة" }]} />
      <h1 className="mt-3 flex items-center gap-2 text-3xl font-bold text-brand-900">
        <CompareIcon className="size-8" />
        مقارنة العروض
      </h1>

      {capped && <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-stone-700">تُقارن {formatNumberArabic(MAX_COMPARED)} عروض على الأكثر، فهذه أولها.</p>}
      {missing.length > 0 && (
        <p className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-sand-100 px-4 py-3 text-stone-700" data-testid="compare-missing">
          {formatCountArabic(missing.length, GONE)}: بيع أو انتهى إعلانه أو حُذف.
          {lists.compare.some((item) => missing.includes(item.id)) && (
            <button type="button" onClick={() => forget(missing, "أزيلت العروض غير المتاحة من المقارنة")} className="font-bold text-brand-700 underline underline-offset-4">
              إزالتها من المقارنة
            </button>
          )}
        </p>
      )}

      {waiting ? (
        <p className="mt-6 text-stone-700">جارٍ فتح قائمة المقارنة…</p>
      ) : offers.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-12 text-center shadow-sm ring-1 ring-stone-200" data-testid="compare-empty">
          <CompareIcon className="mx-auto size-12 text-stone-400" />
          <p className="mt-3 text-xl font-bold text-ink">لم تختر عروضًا للمقارنة بعد</p>
          <p className="mt-2 text-stone-600">اضغط «قارن» على عرضين أو ثلاثة لتراها هنا جنبًا إلى جنب.</p>
          <Link to="/offers" className="mt-5 inline-block rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800">
            تصفح العروض
          </Link>
        </div>
      ) : (
        <div className="group mt-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-stone-700">
              {offers.length > 1 ? (
                <>
                  الصفوف المعلَّمة بـ<span className="mx-1 rounded bg-gold-500 px-1.5 text-sm font-bold text-ink">يختلف</span>تختلف قيمها بين العروض.
                </>
              ) : (
                "أضف عرضًا آخر على الأقل لتظهر الاختلافات."
              )}
            </p>
            {offers.length > 1 && (
              <label className="flex items-center gap-2 font-bold text-stone-700">
                <input id="only-differences" type="checkbox" className="size-5 accent-brand-700" />
                أظهر الاختلافات فقط
              </label>
            )}
          </div>
          {offers.length > 1 && <p className="mt-2 text-sm text-stone-600 sm:hidden">اسحب الجدول جانبًا لترى بقية العروض.</p>}
          <div
            role="region"
            aria-labelledby="compare-caption"
            tabIndex={0}
            className="mt-3 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
            data-testid="compare-scroller"
          >
            {/* Fixed layout: the offers' columns share the width equally; at least 11 rem each, so a phone scrolls. */}
            <table className="w-full table-fixed border-collapse" style={{ minWidth: `${7 + offers.length * 11}rem` }}>
              <caption id="compare-caption" className="sr-only">
                مقارنة العروض جنبًا إلى جنب
              </caption>
              <thead>
                <tr>
                  <td className="sticky start-0 z-10 w-28 bg-white sm:w-44" />
                  {offers.map((offer) => (
                    <th key={offer.id} scope="col" className="border-s border-stone-100 p-3 align-top font-normal">
                      <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-sand-200">
                        <OfferPhoto image={offer.mainImage} alt="" sizes="(min-width: 1024px) 360px, 60vw" iconClassName="size-10" />
                      </div>
                      <Link to={`/offer/${offer.id}`} className="mt-2 block text-start leading-snug font-bold text-brand-800 hover:underline">
                        {offer.title}
                      </Link>
                      <Link
                        to={listHref(
                          "/compare",
                          ids.filter((id) => id !== offer.id),
                        )}
                        replace
                        preventScrollReset
                        onClick={() => forget([offer.id], `أزيل «${offer.title}» من المقارنة`)}
                        // Tapped before the page has hydrated, the address alone would leave it in the stored list (decision 025).
                        data-keep-early=""
                        aria-label={`أزل «${offer.title}» من المقارنة`}
                        className="mt-1 inline-flex items-center gap-1 text-sm font-bold text-stone-600 hover:text-red-700"
                      >
                        <CloseIcon className="size-4" />
                        إزالة
                      </Link>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={row.key}
                    data-differs={row.differs || undefined}
                    className={`border-t border-stone-100 ${row.differs ? "" : "group-has-[#only-differences:checked]:hidden"}`}
                  >
                    <th
                      scope="row"
                      className={`sticky start-0 z-10 p-3 text-start align-top text-sm font-bold text-stone-700 sm:text-base ${row.differs ? DIFFERS_BG : "bg-white"}`}
                    >
                      {row.label}
                      {row.differs && <span className="ms-1.5 inline-block rounded bg-gold-500 px-1.5 text-xs font-bold text-ink">يختلف</span>}
                    </th>
                    {row.values.map((value, i) => (
                      <td key={ids[i]} className={`border-s border-stone-100 p-3 align-top ${row.differs ? DIFFERS_BG : ""}`}>
                        {value || (
                          <>
                            <span aria-hidden className="text-stone-400">
                              —
                            </span>
                            <span className="sr-only">غير محدد</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
