import { Pager } from "~/components/admin/pager.tsx";
import { adminCardClass } from "~/components/admin/styles.ts";
import { servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { clientsPage, parseClientFilters } from "~/modules/clients/clients-admin.server.ts";
import { ClientFiltersForm, ClientListItem, clientsHref, isClientsFiltered } from "~/modules/clients/components/clients-list.tsx";
import { clientsText } from "~/modules/clients/index.ts";
import type { Route } from "./+types/clients";

/** The manager sees every client, an employee their own (the accountant: not this section). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSectionUser(context, "clients");
  return clientsPage(context.get(servicesContext).db, user, parseClientFilters(new URL(request.url).searchParams));
}

export const meta: Route.MetaFunction = () => [{ title: "العملاء | لوحة التحكم" }];

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { filters, cards, total, page, pageCount, staff } = loaderData;
  return (
    <div className="grid gap-5">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">العملاء</h1>
      <ClientFiltersForm filters={filters} staff={staff} />
      {cards.length ? (
        <>
          <p className="font-bold text-stone-700" data-testid="clients-total">
            {clientsText(total)}
          </p>
          <ul className="grid gap-3" aria-label="العملاء">
            {cards.map((client) => (
              <ClientListItem key={client.id} client={client} />
            ))}
          </ul>
          <Pager label="صفحات العملاء" page={page} pageCount={pageCount} href={(to) => clientsHref(filters, to)} />
        </>
      ) : (
        <p className={`${adminCardClass} text-center text-stone-600`}>{isClientsFiltered(filters) ? "لا يوجد عملاء مطابقون." : "لا يوجد عملاء بعد."}</p>
      )}
    </div>
  );
}
