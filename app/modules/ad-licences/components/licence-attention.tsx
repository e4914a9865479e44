import { Link } from "react-router";
import { formatDateWithHijri } from "~/utils/format.ts";
import { offersText } from "~/utils/count-words.ts";
import type { AdLicenceState } from "../ad-licence.ts";
import { LicenceBadge } from "./licence-badge.tsx";

/** An advertised offer whose licence needs the manager (offer-admin.server.ts, listLicencesNeedingAttention). */
export interface LicenceAttentionRow {
  id: number;
  title: string;
  status: string;
  state: Exclude<AdLicenceState, "valid">;
  expiresOn: string | null;
}

/**
 * The dashboard's list of for-sale and for-rent offers whose ad licence is missing, expired or
 * ending within 14 days (decision 017), each leading to its form; the first 20 and how many in all.
 */
export function LicenceAttention({ rows, total }: { rows: LicenceAttentionRow[]; total: number }) {
  if (rows.length === 0) return <p className="leading-7 text-stone-700">كل العروض المعروضة للبيع أو للإيجار لها تراخيص إعلان سارية.</p>;
  return (
    <div className="grid gap-3">
      <p className="leading-7 text-stone-700">عروض للبيع أو للإيجار ترخيصها منتهٍ أو ينتهي خلال أسبوعين أو غير مُدخل ({offersText(total)}). العرض بترخيص منتهٍ لا يظهر في الموقع.</p>
      <ul className="divide-y divide-stone-200" data-testid="licence-attention">
        {rows.map((offer) => (
          <li key={offer.id} className="grid justify-items-start gap-1 py-2.5 sm:flex sm:items-center sm:justify-between sm:gap-4">
            <div className="grid min-w-0 gap-1">
              <Link to={`/admin/offers/edit/${offer.id}`} className="font-bold text-brand-800 hover:underline">
                <bdi>{offer.title}</bdi>
              </Link>
              {offer.expiresOn ? (
                <span className="text-sm text-stone-600">
                  {offer.state === "expired" ? "انتهى في" : "ينتهي في"} {formatDateWithHijri(offer.expiresOn)}
                </span>
              ) : null}
            </div>
            <LicenceBadge state={offer.state} advertised />
          </li>
        ))}
      </ul>
      {total > rows.length ? <p className="text-sm text-stone-600">تظهر هنا أول {offersText(rows.length)} منها.</p> : null}
    </div>
  );
}
