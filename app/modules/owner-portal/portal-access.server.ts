import { and, asc, eq } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { ownerPhones, ownerPortalAccounts, owners, staffUsers } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { log } from "~/utils/log.server.ts";
import { parsePhone } from "~/utils/phone.ts";

/** The texts of «بوابة المالك» on the owner's page (decision 056). */
export const PORTAL_MESSAGES = {
  notAllowed: "دعوة المالك إلى البوابة من صلاحيات المدير والموظفين.",
  phoneRequired: "يرجى اختيار رقم جوال المالك.",
  notOwnersMobile: "يرجى اختيار رقم جوال من أرقام المالك (يبدأ بـ ٠٥).",
  alreadyInvited: "للمالك حساب في البوابة بالفعل.",
  phoneTaken: "هذا الرقم مستخدم لحساب آخر في لوحة التحكم أو البوابة؛ يرجى اختيار رقم آخر.",
  invited: "تمت دعوة المالك إلى البوابة، وأُرسلت إليه رسالة نصية بطريقة الدخول.",
  invitedNoSms: "تمت دعوة المالك إلى البوابة، لكن تعذّر إرسال الرسالة النصية إليه.",
  removed: "أُلغي دخول المالك إلى البوابة.",
  notInvited: "ليس للمالك حساب في البوابة.",
} as const;

/** Who may give an owner a portal account or take it away: as for every change of property management, not the accountant. */
const MAY_INVITE: readonly string[] = ["manager", "staff"];

export interface PortalAccess {
  /** The account's phone (+966…), or null when the owner has none. */
  phone: string | null;
  invitedAt: Date | null;
  /** The owner's mobiles that may carry the sign-in code. */
  mobiles: string[];
}

/** The «بوابة المالك» block of an owner's page. */
export async function loadPortalAccess(db: Db, ownerId: number): Promise<PortalAccess> {
  const [account] = await db
    .select({ phone: staffUsers.phone, invitedAt: ownerPortalAccounts.createdAt })
    .from(ownerPortalAccounts)
    .innerJoin(staffUsers, eq(staffUsers.id, ownerPortalAccounts.userId))
    .where(eq(ownerPortalAccounts.ownerId, ownerId));
  const phones = await db.select({ phone: ownerPhones.phone }).from(ownerPhones).where(eq(ownerPhones.ownerId, ownerId)).orderBy(asc(ownerPhones.position));
  const mobiles = phones.map((row) => row.phone).filter((phone) => parsePhone(phone, { mobile: true }) === phone);
  return { phone: account?.phone ?? null, invitedAt: account?.invitedAt ?? null, mobiles };
}

export type PortalChange = { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

/**
 * «دعوة المالك إلى البوابة»: an account of role `owner` on one of the owner's mobiles, linked to the
 * owner, then an SMS saying how to sign in. One account per owner: the owner's row is locked while
 * it is made, and owner_portal_accounts holds one row per owner, so two invitations at once make one.
 */
export async function inviteOwnerToPortal(services: Pick<AppServices, "db" | "sms" | "env">, actor: StaffProfile, ownerId: number, rawPhone: string): Promise<PortalChange> {
  if (!MAY_INVITE.includes(actor.role)) return { ok: false, status: 403, message: PORTAL_MESSAGES.notAllowed };
  if (!rawPhone.trim()) return { ok: false, status: 400, message: PORTAL_MESSAGES.phoneRequired };
  const phone = parsePhone(rawPhone, { mobile: true });
  const result = await services.db.transaction(async (tx): Promise<PortalChange> => {
    const [owner] = await tx.select({ id: owners.id, name: owners.name }).from(owners).where(eq(owners.id, ownerId)).for("update");
    if (!owner) return { ok: false, status: 404, message: "المالك غير موجود." };
    if (!phone) return { ok: false, status: 400, message: PORTAL_MESSAGES.notOwnersMobile };
    const [own] = await tx
      .select({ phone: ownerPhones.phone })
      .from(ownerPhones)
      .where(and(eq(ownerPhones.ownerId, ownerId), eq(ownerPhones.phone, phone)));
    if (!own) return { ok: false, status: 400, message: PORTAL_MESSAGES.notOwnersMobile };
    const [existing] = await tx.select({ userId: ownerPortalAccounts.userId }).from(ownerPortalAccounts).where(eq(ownerPortalAccounts.ownerId, ownerId));
    if (existing) return { ok: false, status: 409, message: PORTAL_MESSAGES.alreadyInvited };
    const [user] = await tx
      .insert(staffUsers)
      .values({ name: owner.name, username: `owner-${owner.id}`, phone, role: "owner", email: "" })
      .onConflictDoNothing()
      .returning({ id: staffUsers.id });
    if (!user) return { ok: false, status: 409, message: PORTAL_MESSAGES.phoneTaken };
    await tx.insert(ownerPortalAccounts).values({ userId: user.id, ownerId, invitedBy: actor.id });
    await recordAudit(tx, actor, "owner", ownerId, "pm-updated", { portal: "invited", phone });
    return { ok: true, message: PORTAL_MESSAGES.invited };
  });
  if (!result.ok || !phone) return result;
  try {
    const login = new URL("/login", services.env.PUBLIC_URL).href;
    await services.sms.send({
      to: phone,
      body: `مرحبًا، يمكنك الآن متابعة عقاراتك وكشوف حسابك لدى ${COMPANY_NAME} في بوابة الملاك: ${login}\nادخل برقم جوالك هذا، ويصلك رمز التحقق برسالة نصية.`,
    });
  } catch (error) {
    log.error("owner portal invitation not sent", { ownerId, error: error instanceof Error ? error.message : String(error) });
    return { ok: true, message: PORTAL_MESSAGES.invitedNoSms };
  }
  return result;
}

/** «إلغاء دخول المالك»: the account goes, and with it every session it has (on delete cascade). */
export async function removeOwnerFromPortal(db: Db, actor: StaffProfile, ownerId: number): Promise<PortalChange> {
  if (!MAY_INVITE.includes(actor.role)) return { ok: false, status: 403, message: PORTAL_MESSAGES.notAllowed };
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ userId: ownerPortalAccounts.userId }).from(ownerPortalAccounts).where(eq(ownerPortalAccounts.ownerId, ownerId)).for("update");
    if (!account) return { ok: false, status: 404, message: PORTAL_MESSAGES.notInvited };
    await tx.delete(staffUsers).where(and(eq(staffUsers.id, account.userId), eq(staffUsers.role, "owner")));
    await recordAudit(tx, actor, "owner", ownerId, "pm-updated", { portal: "removed" });
    return { ok: true, message: PORTAL_MESSAGES.removed };
  });
}
