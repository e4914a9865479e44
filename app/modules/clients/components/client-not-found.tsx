import { isRouteErrorResponse, Link } from "react-router";
import { adminCardClass } from "~/components/admin/styles.ts";
import { MESSAGES } from "~/utils/messages.ts";

/** A client who does not exist, or is not the viewer's (an employee sees their own): the 404 page inside the back office. */
export function ClientNotFoundBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className={`${adminCardClass} mx-auto grid max-w-xl justify-items-center gap-4 py-12 text-center`}>
      <p className="text-6xl font-bold text-gold-700" aria-hidden>
        ٤٠٤
      </p>
      <h1 className="text-2xl font-bold text-brand-900">{MESSAGES.notFound}</h1>
      <p className="text-stone-600">العميل غير موجود أو ليس من عملائك.</p>
      <Link to="/admin/clients" className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        العودة إلى العملاء
      </Link>
    </div>
  );
}
