import { Link } from "react-router";
import { adminButtonClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { loadUnitQr, readId } from "~/modules/maintenance/maintenance-pages.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatDigitsArabic } from "~/utils/format.ts";
import type { Route } from "./+types/unit-qr";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireSectionUser(context, "units");
  return loadUnitQr(context.get(servicesContext), readId(params.unitId));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `رابط البلاغات: ${loaderData?.label ?? ""} | الصيانة` }];

/** The unit's report link to print and put up for its tenant: the QR code, the unit's name and the link written out. */
export default function UnitQr({ loaderData }: Route.ComponentProps) {
  const { label, propertyId, propertyName, city, link, svg } = loaderData;
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/admin/properties/${propertyId}`} className="font-bold text-brand-800 underline-offset-4 hover:underline">
          العودة إلى العقار <bdi>{propertyName}</bdi>
        </Link>
        <button type="button" className={adminButtonClass} onClick={() => window.print()}>
          طباعة
        </button>
      </div>
      <article className="mx-auto grid w-full max-w-md justify-items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-stone-200 print:max-w-none print:shadow-none print:ring-0">
        <p className="text-lg font-bold text-brand-800">{COMPANY_NAME}</p>
        <h1 className="text-2xl font-bold text-brand-900">بلاغات الصيانة</h1>
        <p className="text-xl">
          <bdi>{formatDigitsArabic(label)}</bdi> · <bdi>{propertyName}</bdi> · {city}
        </p>
        {/* The qrcode package's own SVG (no script, no text of ours inside it). */}
        <div role="img" aria-label="رمز QR لرابط بلاغات الصيانة" className="w-64 max-w-full print:w-80 [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
        <p className="leading-7">امسح الرمز بكاميرا الجوال، أو افتح الرابط، لإبلاغنا بأي عطل في الوحدة.</p>
        <p dir="ltr" className="text-sm break-all text-stone-700" data-testid="report-link">
          {link}
        </p>
      </article>
    </div>
  );
}
