import { Form, NavLink, Outlet } from "react-router";
import { ownerGuard, requirePortalOwner } from "~/modules/owner-portal/index.server.ts";
import { PORTAL_LINKS } from "~/modules/owner-portal/portal-view.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import type { Route } from "./+types/layout";

// Every loader below /owner passes the portal's gate first: an owner's account, and the owner it stands for (decision 056).
export const middleware: Route.MiddlewareFunction[] = [ownerGuard];

export function loader({ context }: Route.LoaderArgs) {
  return { name: requirePortalOwner(context).name };
}

export const meta: Route.MetaFunction = () => [{ title: `بوابة الملاك | ${COMPANY_NAME}` }, { name: "robots", content: "noindex" }];

/** The owner's own light layout: the firm, the owner's name, the sections in a row that scrolls on a phone; no back-office sidebar. */
export default function OwnerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-dvh bg-stone-100">
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-4 pb-2">
          <div className="min-w-0">
            <p className="text-sm text-brand-100">{COMPANY_NAME} · بوابة الملاك</p>
            <p className="truncate text-lg font-bold">
              <bdi>{loaderData.name}</bdi>
            </p>
          </div>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-xl px-3 py-2 font-bold text-brand-50 ring-1 ring-brand-700 hover:bg-brand-800">
              تسجيل الخروج
            </button>
          </Form>
        </div>
        <nav aria-label="بوابة الملاك" className="mx-auto max-w-5xl overflow-x-auto px-2">
          <ul className="flex gap-1 pb-2">
            {PORTAL_LINKS.map((link) => (
              <li key={link.to} className="shrink-0">
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    `block rounded-xl px-3 py-2 font-bold whitespace-nowrap ${isActive ? "bg-white text-brand-900" : "text-brand-50 hover:bg-brand-800"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto grid max-w-5xl gap-5 p-4 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
