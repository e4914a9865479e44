import { and, eq, ne, sql } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { staffUsers } from "~/db/schema.ts";
import { deleteUserSessions } from "~/modules/auth/sessions.server.ts";
import { log } from "~/utils/log.server.ts";
import { isRole } from "./roles.ts";
import { createStaffUser, StaffInputError, type StaffProfile } from "./users.server.ts";

export const STAFF_MESSAGES = {
  added: "تمت إضافة الموظف بنجاح",
  updated: "تم حفظ التغيير",
  invalid: "يرجى إدخال الاسم واسم المستخدم (أحرف لاتينية أو أرقام) ورقم هاتف صحيح واختيار الدور",
  duplicate: "يوجد موظف بنفس رقم الهاتف أو اسم المستخدم",
  notSelf: "لا يمكنك تغيير دورك أو إيقاف حسابك بنفسك",
  lastManager: "يجب أن يبقى مدير عام نشط واحد على الأقل",
  unknown: "الموظف غير موجود",
} as const;

export type StaffAdminResult = { ok: true; message: string } | { ok: false; error: string };

async function otherActiveManagers(db: Db, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true), ne(staffUsers.id, exceptId)));
  return row?.count ?? 0;
}

/**
 * The manager's staff page: add someone, change a role, deactivate or reactivate. Deactivating
 * ends the person's sessions at once; the manager cannot lock themselves or the firm out.
 */
export async function handleStaffPost(services: AppServices, manager: StaffProfile, form: FormData): Promise<StaffAdminResult> {
  const { db } = services;
  const intent = form.get("intent");
  if (intent === "add") {
    const role = String(form.get("role") ?? "");
    if (!isRole(role)) return { ok: false, error: STAFF_MESSAGES.invalid };
    try {
      const added = await createStaffUser(db, {
        name: String(form.get("name") ?? ""),
        username: String(form.get("username") ?? ""),
        phone: String(form.get("phone") ?? ""),
        email: String(form.get("email") ?? ""),
        role,
      });
      log.info("staff added", { by: manager.id, userId: added.id, role });
      return { ok: true, message: STAFF_MESSAGES.added };
    } catch (error) {
      if (!(error instanceof StaffInputError)) throw error;
      return { ok: false, error: error.message.includes("exists") ? STAFF_MESSAGES.duplicate : STAFF_MESSAGES.invalid };
    }
  }

  const id = Number(form.get("id"));
  const [target] = Number.isSafeInteger(id) ? await db.select().from(staffUsers).where(eq(staffUsers.id, id)) : [];
  if (!target) return { ok: false, error: STAFF_MESSAGES.unknown };
  if (target.id === manager.id) return { ok: false, error: STAFF_MESSAGES.notSelf };

  if (intent === "role") {
    const role = String(form.get("role") ?? "");
    if (!isRole(role)) return { ok: false, error: STAFF_MESSAGES.invalid };
    if (target.role === "manager" && role !== "manager" && (await otherActiveManagers(db, target.id)) === 0) return { ok: false, error: STAFF_MESSAGES.lastManager };
    await db.update(staffUsers).set({ role, updatedAt: new Date() }).where(eq(staffUsers.id, target.id));
    log.info("staff role changed", { by: manager.id, userId: target.id, role });
    return { ok: true, message: STAFF_MESSAGES.updated };
  }
  if (intent === "active") {
    const active = form.get("active") === "true";
    if (!active && target.role === "manager" && (await otherActiveManagers(db, target.id)) === 0) return { ok: false, error: STAFF_MESSAGES.lastManager };
    await db.update(staffUsers).set({ active, updatedAt: new Date() }).where(eq(staffUsers.id, target.id));
    if (!active) await deleteUserSessions(db, target.id);
    log.info(active ? "staff reactivated" : "staff deactivated", { by: manager.id, userId: target.id });
    return { ok: true, message: STAFF_MESSAGES.updated };
  }
  return { ok: false, error: STAFF_MESSAGES.invalid };
}
