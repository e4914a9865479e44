import { isRouteErrorResponse, Link } from "react-router";
import { adminCardClass } from "~/components/admin/styles.ts";
import { MESSAGES } from "~/utils/messages.ts";

/**
 * The error boundary of a task's page: a task that does not exist, or is not the viewer's to see,
 * is the 404 page, inside the back office, with the way back to the board; any other error goes
 * on to the next boundary.
 */
export function TaskNotFoundBoundary({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className={`${adminCardClass} mx-auto grid max-w-xl justify-items-center gap-4 py-12 text-center`}>
      <p className="text-6xl font-bold text-gold-700" aria-hidden>
        ٤٠٤
      </p>
      <h1 className="text-2xl font-bold text-brand-900">{MESSAGES.notFound}</h1>
      <p className="text-stone-600">المهمة غير موجودة أو ليست من مهامك.</p>
      <Link to="/admin/tasks" className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        العودة إلى المهام
      </Link>
    </div>
  );
}
