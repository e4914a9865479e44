import { isOneOf } from "~/utils/one-of.ts";

import { ROLES, type Role } from "~/db/column-types.ts";

export { ROLES, type Role };

export const ROLE_TITLES: Record<Role, string> = {
  manager: "المدير العام",
  accountant: "المحاسب",
  staff: "الموظف",
};

/** Where a role lands after signing in: the back office, or an owner's portal (decision 056). */
export const homePathOf = (role: string): "/admin" | "/owner" => (role === "owner" ? "/owner" : "/admin");

export const isRole = (value: unknown): value is Role => isOneOf(ROLES, value);

/** Arabic title of a role; "no role defined" (as the dashboard says) for anything else. */
export function roleTitle(role: string): string {
  return isRole(role) ? ROLE_TITLES[role] : "لم يتم تحديد دور";
}
