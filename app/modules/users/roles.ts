/** Staff roles of SPEC.md §6, with the titles the back office shows. */
export const ROLES = ["manager", "accountant", "staff"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Record<Role, string> = {
  manager: "المدير العام",
  accountant: "المحاسب",
  staff: "الموظف",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Arabic title of a role; SPEC.md §2's "no role defined" for anything else. */
export function roleTitle(role: string): string {
  return isRole(role) ? ROLE_TITLES[role] : "لم يتم تحديد دور";
}
