import { Section } from "~/components/admin/section.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { requireSectionUser } from "~/modules/auth/admin-guard.server.ts";
import { CodeRequest } from "~/modules/auth/components/reauth.tsx";
import { reauthView } from "~/modules/auth/reauth.server.ts";
import { ActiveForm, AddForm, RoleForm } from "~/modules/staff/components/staff-forms.tsx";
import { handleStaffPost, refuseStaffPost } from "~/modules/staff/staff-action.server.ts";
import { listStaff } from "~/modules/users/users.server.ts";
import { cookieSettings, readCookie } from "~/utils/cookies.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/staff";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { formatPhoneForReading } from "~/utils/phone.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const me = await requireSectionUser(context, "settings");
  const services = context.get(servicesContext);
  // Adding staff and making someone a manager need the manager's password or an SMS code.
  return { me: me.id, staff: await listStaff(services.db), reauth: await reauthView(services, me) };
}

/** Managers only (the settings section), checked here again, not only by the guard's path. */
export async function action({ request, context }: Route.ActionArgs) {
  const manager = await requireSectionUser(context, "settings");
  const services = context.get(servicesContext);
  const read = await readForm(request, context);
  if (!read.ok) return refuseStaffPost(read);
  const sessionToken = readCookie(request, cookieSettings(services.env).session);
  return handleStaffPost(services, manager, read.form, { sessionToken, address: context.get(clientAddressContext) });
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { reauth } = loaderData;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">فريق العمل</h1>
      <CodeRequest view={reauth} need="لإضافة موظف أو تعيين مدير عام" />
      <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        <table className="w-full min-w-[44rem] text-start">
          <thead className="bg-stone-50 text-sm text-stone-600">
            <tr>
              <th scope="col" className="p-3 text-start">
                الاسم
              </th>
              <th scope="col" className="p-3 text-start">
                اسم المستخدم
              </th>
              <th scope="col" className="p-3 text-start">
                الهاتف
              </th>
              <th scope="col" className="p-3 text-start">
                الدور
              </th>
              <th scope="col" className="p-3 text-start">
                الحالة
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {loaderData.staff.map((person) => {
              const self = person.id === loaderData.me;
              return (
                <tr key={person.id} className={`align-top ${person.active ? "" : "text-stone-500"}`}>
                  <td className="p-3 font-bold">
                    <bdi>{person.name}</bdi>
                  </td>
                  <td className="p-3">
                    <bdi>{person.username}</bdi>
                  </td>
                  <td className="p-3">
                    <IdentifierText value={formatPhoneForReading(person.phone)} />
                  </td>
                  <td className="p-3">
                    <RoleForm person={person} self={self} reauth={reauth} />
                  </td>
                  <td className="p-3">{self ? <span className="text-sm">حسابك</span> : <ActiveForm person={person} />}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Section id="add" title="إضافة موظف">
        <AddForm reauth={reauth} />
      </Section>
    </div>
  );
}
