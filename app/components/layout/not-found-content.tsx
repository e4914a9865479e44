import { Link, isRouteErrorResponse } from "react-router";
import { MESSAGES } from "~/utils/messages.ts";

/** The 404 page's body: the public site's unknown paths, and an offer or service page that does not exist. */
export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-bold text-gold-700" aria-hidden>
        ٤٠٤
      </p>
      <h1 className="text-3xl font-bold text-brand-900">{MESSAGES.notFound}</h1>
      <p className="text-stone-600">ربما نُقلت الصفحة أو أن الرابط غير صحيح.</p>
      <Link to="/" className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        العودة إلى الرئيسية
      </Link>
    </div>
  );
}

/**
 * The error boundary of a page whose record may not exist (an offer, a service): the 404 page for
 * a 404; any other error goes on to the layout's boundary.
 */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}
