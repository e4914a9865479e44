import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CloseIcon, CompareIcon, HomeIcon } from "~/components/ui/icons.tsx";
import { formatNumberArabic } from "~/utils/format.ts";
import { listHref, MAX_COMPARED } from "../offer-ids.ts";
import { removeCompared, say } from "../list-actions.ts";
import { changeLists, useVisitorLists, type CompareItem } from "../list-store.ts";

/*
 * The compare tray: a bar fixed at the bottom of public pages while the compare list holds an
 * offer, with each chosen offer (a remove button each), «قارن الآن» and, when a fourth offer is
 * added, the question which one it replaces. A chunk of its own, loaded by the public layout only
 * once the list is not empty (decision 004).
 */

function Thumb({ item }: { item: CompareItem }) {
  return item.image ? (
    <img src={item.image} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg bg-sand-200 object-cover" />
  ) : (
    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sand-200 text-stone-500">
      <HomeIcon className="size-5" />
    </span>
  );
}

/**
 * «أي عرض تستبدل؟»: a modal listing the three, opened when a fourth is added. Closing it (a choice,
 * «إلغاء» or Escape) goes through the dialog's own close, so focus returns to the «قارن» pressed.
 */
function ReplaceDialog({ asking, compare }: { asking: CompareItem; compare: CompareItem[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const chosen = useRef<number | null>(null);
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  const choose = (id: number | null) => {
    chosen.current = id;
    dialog.current?.close();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="compare-replace-title"
      aria-describedby="compare-replace-text"
      onClose={() => (chosen.current === null ? changeLists({ asking: null }) : removeCompared(chosen.current, asking))}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl backdrop:bg-stone-900/50"
    >
      <h2 id="compare-replace-title" className="text-lg font-bold text-brand-900">
        تُقارن ثلاثة عروض على الأكثر
      </h2>
      <p id="compare-replace-text" className="mt-1 text-stone-700">
        اختر العرض الذي يحل «{asking.title}» محله:
      </p>
      <ul className="mt-4 grid gap-2">
        {compare.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => choose(item.id)}
              className="flex w-full items-center gap-3 rounded-xl p-2 text-start ring-1 ring-stone-200 hover:bg-sand-100 hover:ring-brand-600"
            >
              <Thumb item={item} />
              <span className="min-w-0 flex-1 font-bold">
                <span className="sr-only">استبدل </span>
                {item.title}
              </span>
              <span aria-hidden className="shrink-0 text-sm font-bold text-brand-700">
                استبدله
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => choose(null)} className="mt-4 rounded-xl px-4 py-2 font-bold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-100">
        إلغاء
      </button>
    </dialog>
  );
}

export default function CompareTray() {
  const { compare, asking } = useVisitorLists();
  if (compare.length === 0) return null;
  const ids = compare.map((item) => item.id);
  return (
    <>
      {/* Room at the end of the page, so the bar never hides the footer's last line. */}
      <div aria-hidden className="h-20" />
      <section
        id="compare-tray"
        aria-labelledby="compare-tray-title"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
        data-testid="compare-tray"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:gap-3">
          <h2 id="compare-tray-title" className="hidden shrink-0 items-center gap-1.5 font-bold text-brand-900 md:flex">
            <CompareIcon className="size-5" />
            المقارنة
            <span className="text-sm font-normal text-stone-600">
              ({formatNumberArabic(compare.length)} من {formatNumberArabic(MAX_COMPARED)})
            </span>
          </h2>
          <ul
            className="flex min-w-0 flex-1 gap-1.5 sm:gap-2"
            aria-label={`العروض المختارة للمقارنة: ${formatNumberArabic(compare.length)} من ${formatNumberArabic(MAX_COMPARED)}`}
          >
            {compare.map((item) => (
              <li key={item.id} className="flex min-w-0 items-center gap-1 rounded-xl bg-sand-100 p-1 lg:max-w-64">
                <Thumb item={item} />
                <span className="hidden min-w-0 truncate text-sm font-bold lg:block">{item.title}</span>
                <button
                  type="button"
                  onClick={() => removeCompared(item.id)}
                  aria-label={`أزل «${item.title}» من المقارنة`}
                  className="shrink-0 rounded-full p-1.5 text-stone-600 hover:bg-white hover:text-red-700"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          {compare.length < 2 && <p className="hidden text-sm text-stone-600 sm:block">أضف عرضًا آخر لتقارن</p>}
          <Link to={listHref("/compare", ids)} className="shrink-0 rounded-xl bg-brand-700 px-4 py-2.5 font-bold text-white shadow hover:bg-brand-800">
            قارن الآن
          </Link>
          <button
            type="button"
            onClick={() => {
              changeLists({ compare: [], asking: null });
              say("أفرغت قائمة المقارنة");
            }}
            className="hidden shrink-0 rounded-xl px-3 py-2 text-sm font-bold text-stone-600 hover:bg-stone-100 sm:block"
          >
            إفراغ
          </button>
        </div>
      </section>
      {asking && <ReplaceDialog asking={asking} compare={compare} />}
    </>
  );
}
