/** The users module's public entry: what other modules of its tier may use (decision 044). */
export { adminSectionOf, canOpenSection, sectionDeniedMessage, type AdminSection } from "./permissions.ts";
export { ROLES, ROLE_TITLES, homePathOf, type Role } from "./roles.ts";
export { type StaffProfile } from "./staff-profile.ts";
