import { roleTitle, type Role } from "./roles.ts";

/**
 * The back-office route table: which roles may open each section (the first path
 * segment after /admin; "" is the dashboard). Checked on the server for every loader and action
 * under /admin; the sidebar shows exactly these links.
 */
export const ADMIN_SECTIONS = {
  "": { label: "الرئيسية", roles: ["manager", "accountant", "staff"] },
  profile: { label: "الملف الشخصي", roles: ["manager", "accountant", "staff"] },
  tasks: { label: "المهام", roles: ["manager", "accountant", "staff"] },
  offers: { label: "العروض", roles: ["manager", "staff"] },
  inquiries: { label: "استفسارات العملاء", roles: ["manager", "staff"] },
  submissions: { label: "طلبات الملاك", roles: ["manager", "staff"] },
  finance: { label: "المالية", roles: ["manager", "accountant"] },
  content: { label: "محتوى الموقع", roles: ["manager"] },
  licenses: { label: "التراخيص", roles: ["manager"] },
  reports: { label: "التقارير", roles: ["manager"] },
  settings: { label: "الإعدادات", roles: ["manager"] },
} as const satisfies Record<string, { label: string; roles: readonly Role[] }>;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

/** The section of a back-office path: "/admin/offers/edit/3" → "offers"; unknown → undefined. */
export function adminSectionOf(pathname: string): AdminSection | undefined {
  const match = /^\/admin(?:\/([^/.]+))?(?:[/.].*)?$/.exec(pathname.replace(/\.data$/, "").replace(/\/+$/, ""));
  if (!match) return undefined;
  const section = match[1] ?? "";
  return section in ADMIN_SECTIONS ? (section as AdminSection) : undefined;
}

export function canOpenSection(role: string, section: AdminSection): boolean {
  return (ADMIN_SECTIONS[section].roles as readonly string[]).includes(role);
}

/** The sidebar of a role: every section it may open, in the table's order. */
export function sidebarLinks(role: string): Array<{ to: string; label: string }> {
  return (Object.keys(ADMIN_SECTIONS) as AdminSection[])
    .filter((section) => canOpenSection(role, section))
    .map((section) => ({ to: section ? `/admin/${section}` : "/admin", label: ADMIN_SECTIONS[section].label }));
}

/**
 * Why a staff member landed on /admin instead of the page they asked for: the page's section
 * named, and their role, so it does not look like a broken link.
 */
export function sectionDeniedMessage(role: string, section: AdminSection | undefined): string {
  if (section === undefined) return "هذه الصفحة غير موجودة في لوحة التحكم.";
  return `صفحة «${ADMIN_SECTIONS[section].label}» ليست من صلاحيات ${roleTitle(role)}، فنُقلت إلى الرئيسية.`;
}
