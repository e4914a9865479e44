import { data, Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { ToastMessage, useLatestToast } from "~/components/forms/toast.tsx";
import { UnsavedChangesGuard } from "~/components/forms/unsaved-changes.tsx";
import { CloseIcon, MenuIcon } from "~/components/ui/icons.tsx";
import { servicesContext } from "~/context.ts";
import { adminGuard, requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { canOpenSection, sidebarLinks } from "~/modules/users/permissions.ts";
import { matchesText } from "~/modules/client-requirements/index.ts";
import { countOpenMatches } from "~/modules/client-requirements/index.server.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { roleTitle } from "~/modules/users/roles.ts";
import { keepPageAfterRefusal } from "~/utils/form-submission.ts";
import { readToast, toastInPlace } from "~/utils/toast.server.ts";
import { useOpenUntilPageChanges } from "~/utils/use-open-until-page-changes.ts";
import type { Route } from "./+types/layout";

// Every loader and action below /admin passes the guard first (sign-in, role, no-store).
// A save's confirmation comes back in its answer, not by a redirect (decision 030).
export const middleware: Route.MiddlewareFunction[] = [adminGuard, toastInPlace];

export const shouldRevalidate = keepPageAfterRefusal;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaffUser(context);
  const services = context.get(servicesContext);
  const { toast, headers } = await readToast(request, services.env);
  // The clients waiting to hear of an offer that matches them (issue 32), beside «عملاء مهتمون».
  const waiting = canOpenSection(user.role, "matches") ? await countOpenMatches(services.db, user) : 0;
  return data(
    {
      user: { name: user.name, username: user.username, role: user.role, roleTitle: roleTitle(user.role) },
      links: sidebarLinks(user.role).map((link) => ({ ...link, count: link.to === "/admin/matches" ? waiting : 0 })),
      toast,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [{ title: `لوحة التحكم | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, links } = loaderData;
  const toast = useLatestToast(loaderData.toast);
  const [open, setOpen] = useOpenUntilPageChanges(useLocation().pathname);

  const sidebar = (
    <nav aria-label="لوحة التحكم" className="flex min-h-full flex-col gap-1 p-4">
      <p className="px-3 pb-1 text-lg font-bold text-white">لوحة التحكم</p>
      <p className="px-3 pb-4 text-sm text-brand-100">
        {user.roleTitle} · <bdi>{user.username}</bdi>
      </p>
      <ul className="grid gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === "/admin"}
              className={({ isActive }) => `block rounded-xl px-3 py-2 font-bold ${isActive ? "bg-white text-brand-900" : "text-brand-50 hover:bg-brand-800"}`}
            >
              {link.label}
              {link.count ? (
                <>
                  <span aria-hidden="true" className="ms-2 rounded-full bg-amber-300 px-2 py-0.5 text-sm text-brand-900">
                    {formatNumberArabic(link.count)}
                  </span>
                  <span className="sr-only">، {matchesText(link.count)} بانتظار التواصل</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto grid gap-1 border-t border-brand-800 pt-3">
        <Link to="/" className="rounded-xl px-3 py-2.5 font-bold text-brand-50 hover:bg-brand-800">
          العودة إلى الموقع
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="w-full rounded-xl px-3 py-2.5 text-start font-bold text-brand-50 hover:bg-brand-800">
            تسجيل الخروج
          </button>
        </Form>
      </div>
    </nav>
  );

  // Printed (the reports page prints to PDF): no sidebar, no menu, no toast; the page on white.
  return (
    <div className="min-h-dvh bg-stone-100 lg:grid lg:grid-cols-[16rem_1fr] print:block print:bg-white">
      {/* Taller than the screen (fifteen sections for the manager): it scrolls on its own, the logout last. */}
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto overscroll-contain bg-brand-900 lg:block print:hidden">{sidebar}</aside>
      <header className="sticky top-0 z-30 flex items-center justify-between bg-brand-900 px-4 py-3 text-white lg:hidden print:hidden">
        <span className="font-bold">{COMPANY_NAME}</span>
        <button type="button" onClick={() => setOpen(true)} aria-expanded={open} aria-controls="admin-drawer" className="rounded-lg p-2 hover:bg-brand-800">
          <MenuIcon className="size-6" />
          <span className="sr-only">فتح القائمة</span>
        </button>
      </header>
      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="لوحة التحكم" id="admin-drawer">
          <button type="button" aria-label="إغلاق القائمة" className="absolute inset-0 bg-black/40" onClick={() => setOpen(false)} />
          <div className="absolute inset-y-0 start-0 w-72 max-w-[85vw] overflow-y-auto overscroll-contain bg-brand-900 shadow-xl">
            <button type="button" onClick={() => setOpen(false)} className="absolute end-3 top-3 rounded-lg p-2 text-white hover:bg-brand-800">
              <CloseIcon className="size-5" />
              <span className="sr-only">إغلاق القائمة</span>
            </button>
            {sidebar}
          </div>
        </div>
      ) : null}
      <main className="min-w-0 p-4 sm:p-8 print:p-0">
        {/* Sticky: a save at the bottom of a long page (the fetcher's redirect keeps the scroll) still shows its message. */}
        <ToastMessage toast={toast} className="sticky top-18 z-20 mb-4 shadow-md lg:top-4 print:hidden" />
        <UnsavedChangesGuard>
          <Outlet />
        </UnsavedChangesGuard>
      </main>
    </div>
  );
}
