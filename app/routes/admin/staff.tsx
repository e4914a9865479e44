import { data, useFetcher } from "react-router";
import { adminInputClass } from "~/components/admin/styles.ts";
import { Notice } from "~/components/ui/notice.tsx";
import { servicesContext } from "~/context.ts";
import { requireStaffUser } from "~/modules/auth/admin-guard.server.ts";
import { ROLES, ROLE_TITLES } from "~/modules/users/roles.ts";
import { handleStaffPost, type StaffAdminResult } from "~/modules/users/staff-admin.server.ts";
import { listStaff } from "~/modules/users/users.server.ts";
import { readForm } from "~/utils/request-body.server.ts";
import type { Route } from "./+types/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const me = requireStaffUser(context);
  const { db } = context.get(servicesContext);
  return { me: me.id, staff: await listStaff(db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const manager = requireStaffUser(context);
  const read = await readForm(request, context);
  if (!read.ok) return data<StaffAdminResult>({ ok: false, error: read.message }, { status: read.status });
  return handleStaffPost(context.get(servicesContext), manager, read.form);
}

const inputClass = adminInputClass;

function Result({ result }: { result: StaffAdminResult | undefined }) {
  if (!result) return null;
  return <Notice tone={result.ok ? "success" : "error"}>{result.ok ? result.message : result.error}</Notice>;
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const add = useFetcher<StaffAdminResult>();
  const change = useFetcher<StaffAdminResult>();
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">فريق العمل</h1>
      <Result result={change.data} />
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        <table className="w-full min-w-[40rem] text-start">
          <thead className="bg-stone-50 text-sm text-stone-600">
            <tr>
              <th scope="col" className="p-3 text-start">الاسم</th>
              <th scope="col" className="p-3 text-start">اسم المستخدم</th>
              <th scope="col" className="p-3 text-start">الهاتف</th>
              <th scope="col" className="p-3 text-start">الدور</th>
              <th scope="col" className="p-3 text-start">الحالة</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {loaderData.staff.map((person) => {
              const self = person.id === loaderData.me;
              return (
                <tr key={person.id} className={person.active ? undefined : "text-stone-500"}>
                  <td className="p-3 font-bold">
                    <bdi>{person.name}</bdi>
                  </td>
                  <td className="p-3"><bdi>{person.username}</bdi></td>
                  <td className="p-3"><bdi dir="ltr">{person.phone}</bdi></td>
                  <td className="p-3">
                    <change.Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="id" value={person.id} />
                      <label className="sr-only" htmlFor={`role-${person.id}`}>دور {person.name}</label>
                      <select id={`role-${person.id}`} name="role" defaultValue={person.role} disabled={self} className={inputClass}>
                        {ROLES.map((role) => <option key={role} value={role}>{ROLE_TITLES[role]}</option>)}
                      </select>
                      {self ? null : <button type="submit" className="rounded-lg px-3 py-1 font-bold text-brand-700 ring-1 ring-brand-300 hover:bg-brand-50">حفظ</button>}
                    </change.Form>
                  </td>
                  <td className="p-3">
                    {self ? (
                      <span className="text-sm">حسابك</span>
                    ) : (
                      <change.Form method="post">
                        <input type="hidden" name="intent" value="active" />
                        <input type="hidden" name="id" value={person.id} />
                        <input type="hidden" name="active" value={person.active ? "false" : "true"} />
                        <button type="submit" aria-label={`${person.active ? "إيقاف" : "تفعيل"} ${person.name}`} className={`rounded-lg px-3 py-1 font-bold ring-1 ${person.active ? "text-red-700 ring-red-300 hover:bg-red-50" : "text-emerald-700 ring-emerald-300 hover:bg-emerald-50"}`}>
                          {person.active ? "إيقاف" : "تفعيل"}
                        </button>
                      </change.Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="add-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
        <h2 id="add-title" className="mb-3 text-lg font-bold text-brand-900">إضافة موظف</h2>
        <add.Form method="post" className="grid gap-3 sm:grid-cols-2" key={add.data?.ok ? add.data.message + Date.now() : "add"}>
          <input type="hidden" name="intent" value="add" />
          <label className="grid gap-1 text-sm font-bold text-stone-700">الاسم<input name="name" required className={inputClass} /></label>
          <label className="grid gap-1 text-sm font-bold text-stone-700">اسم المستخدم<input name="username" dir="ltr" required className={inputClass} /></label>
          <label className="grid gap-1 text-sm font-bold text-stone-700">رقم الهاتف<input name="phone" type="tel" dir="ltr" placeholder="05xxxxxxxx" required className={`${inputClass} text-end`} /></label>
          <label className="grid gap-1 text-sm font-bold text-stone-700">البريد الإلكتروني (اختياري)<input name="email" type="email" dir="ltr" className={`${inputClass} text-end`} /></label>
          <label className="grid gap-1 text-sm font-bold text-stone-700">الدور
            <select name="role" defaultValue="staff" className={inputClass}>
              {ROLES.map((role) => <option key={role} value={role}>{ROLE_TITLES[role]}</option>)}
            </select>
          </label>
          <div className="sm:col-span-2 grid gap-3">
            <Result result={add.data} />
            <button type="submit" disabled={add.state !== "idle"} className="justify-self-start rounded-xl bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-60">إضافة</button>
          </div>
        </add.Form>
      </section>
    </div>
  );
}
