import { Link } from "react-router";
import { formatNumberArabic } from "~/utils/format.ts";

/**
 * Previous and next pages of a back-office list, its filters kept by `href`; nothing when
 * everything fits on one page. `label` names the list for screen readers («صفحات العروض»).
 */
export function Pager({ label, page, pageCount, href }: { label: string; page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1 && page <= 1) return null;
  const linkClass = "rounded-xl px-4 py-2 font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pageCount))} rel="prev" className={linkClass}>
          السابق
        </Link>
      ) : null}
      <span className="text-stone-700">
        صفحة {formatNumberArabic(page)} من {formatNumberArabic(pageCount)}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={linkClass}>
          التالي
        </Link>
      ) : null}
    </nav>
  );
}
