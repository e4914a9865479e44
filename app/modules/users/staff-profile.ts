import type { staffUsers } from "~/db/schema.ts";

/** What pages may see of a staff member (never the password hash). */
export type StaffProfile = Pick<typeof staffUsers.$inferSelect, "id" | "name" | "username" | "email" | "phone" | "role" | "active">;
