import { isOneOf } from "~/utils/one-of.ts";

import { ROLES, type Role } from "~/db/column-types.ts";

export { ROLES, type Role };

export const ROLE_TITLES: Record<Role, string> = {
  manager: "المدير العام",
  accountant: "المحاسب",
  staff: "الموظف",
};

export const isRole = (value: unknown): value is Role => isOneOf(ROLES, value);

/** Arabic title of a role; "no role defined" (as the dashboard says) for anything else. */
export function roleTitle(role: string): string {
  return isRole(role) ? ROLE_TITLES[role] : "لم يتم تحديد دور";
}
