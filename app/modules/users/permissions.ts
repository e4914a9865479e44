import { rolesOf, type RouteId } from "~/route-facts.ts";
import { roleTitle } from "./roles.ts";

/**
 * The back office's sections (the first path segment after /admin; "" is the dashboard), in the
 * sidebar's order, each with its page's route. Who may open a section is what its page's route
 * declares (app/route-facts.ts, `roles`); every route of a section declares the same roles
 * (route-facts.test.ts), and loaders and actions say again which section they serve.
 */
export const ADMIN_SECTIONS = {
  "": { label: "الرئيسية", route: "routes/admin/dashboard" },
  profile: { label: "الملف الشخصي", route: "routes/admin/profile" },
  tasks: { label: "المهام", route: "routes/admin/tasks" },
  offers: { label: "العروض", route: "routes/admin/offers" },
  inquiries: { label: "استفسارات العملاء", route: "routes/admin/inquiries" },
  submissions: { label: "طلبات الملاك", route: "routes/admin/submissions" },
  clients: { label: "العملاء", route: "routes/admin/clients" },
  viewings: { label: "المعاينات", route: "routes/admin/viewings" },
  matches: { label: "عملاء مهتمون", route: "routes/admin/matches" },
  // Property management (issue 33): the menu's «إدارة الأملاك» opens the owners; a property's page is reached from its owner.
  owners: { label: "إدارة الأملاك", route: "routes/admin/owners" },
  properties: { label: "إدارة الأملاك", route: "routes/admin/property", inMenu: false },
  // Tenants and leases (issue 33): reached from «إدارة الأملاك» (the owners' page links the tenants).
  tenants: { label: "المستأجرون", route: "routes/admin/tenants", inMenu: false },
  leases: { label: "عقود الإيجار", route: "routes/admin/lease", inMenu: false },
  // The rent's collection board and the leases' ledgers (issue 33, decision 053).
  rent: { label: "التحصيل", route: "routes/admin/rent" },
  // Maintenance (issue 33, decision 054): the tenants' reports; a unit's QR page is reached from its property.
  maintenance: { label: "الصيانة", route: "routes/admin/maintenance" },
  units: { label: "الصيانة", route: "routes/admin/unit-qr", inMenu: false },
  // Owners' monthly statements (decision 055): the manager and the accountant.
  statements: { label: "كشوف الملاك", route: "routes/admin/statements" },
  finance: { label: "المالية", route: "routes/admin/finance" },
  content: { label: "محتوى الموقع", route: "routes/admin/content" },
  licenses: { label: "التراخيص", route: "routes/admin/licenses" },
  reports: { label: "التقارير", route: "routes/admin/reports" },
  settings: { label: "الإعدادات", route: "routes/admin/settings" },
} as const satisfies Record<string, { label: string; route: RouteId; inMenu?: false }>;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

/** The section of a back-office path: "/admin/offers/edit/3" → "offers"; unknown → undefined. */
export function adminSectionOf(pathname: string): AdminSection | undefined {
  const match = /^\/admin(?:\/([^/.]+))?(?:[/.].*)?$/.exec(pathname.replace(/\.data$/, "").replace(/\/+$/, ""));
  if (!match) return undefined;
  const section = match[1] ?? "";
  return section in ADMIN_SECTIONS ? (section as AdminSection) : undefined;
}

export function canOpenSection(role: string, section: AdminSection): boolean {
  return (rolesOf(ADMIN_SECTIONS[section].route) as readonly string[]).includes(role);
}

/** The sidebar of a role: every section it may open, in the table's order. */
export function sidebarLinks(role: string): Array<{ to: string; label: string }> {
  return (Object.keys(ADMIN_SECTIONS) as AdminSection[])
    .filter((section) => canOpenSection(role, section) && !("inMenu" in ADMIN_SECTIONS[section]))
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
