import { and, asc, eq } from "drizzle-orm";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { maintenanceRequests, managedProperties, managedUnits, staffUsers } from "~/db/schema.ts";
import { checkPhoneCodeIn, CODE_REFUSAL_MESSAGES, CODE_RULES, issuePhoneCode, textCode } from "~/modules/auth/index.server.ts";
import { hitRateLimit } from "~/modules/form-guard/index.server.ts";
import { deleteImages, ImageRejectedError, StorageUnavailableError, storeImage } from "~/modules/images/images.server.ts";
import { markImagesPrivate } from "~/modules/images/private-images.server.ts";
import { notifyInBackground } from "~/modules/messaging/index.server.ts";
import { queueStaffNotice } from "~/modules/notifications/staff-notifications.server.ts";
import { addScheduledTask } from "~/modules/tasks/index.server.ts";
import { formatDigitsArabic, formatIdentifier } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { formatPhoneForReading, parsePhone } from "~/utils/phone.ts";
import { CATEGORY_LABELS, MAINTENANCE_MESSAGES as M, URGENCY_LABELS, type MaintenanceCategory, type MaintenanceUrgency } from "./maintenance-labels.ts";
import { unitTitle } from "~/modules/property-management/index.ts";

/** What the public page shows of a unit: nothing private (not the owner, not the tenant). */
export interface ReportUnit {
  unitId: number;
  label: string;
  propertyId: number;
  propertyName: string;
  city: string;
}

/** The report token as the database makes it (a UUID's 32 hex digits): anything else is no unit, without a query. */
const TOKEN = /^[a-f0-9]{32}$/;

export async function findUnitByToken(db: Db, token: string): Promise<ReportUnit | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const [row] = await db
    .select({ unitId: managedUnits.id, label: managedUnits.label, propertyId: managedProperties.id, propertyName: managedProperties.name, city: managedProperties.city })
    .from(managedUnits)
    .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
    .where(eq(managedUnits.reportToken, token));
  return row;
}

/** The unit's name as staff and tenants read it: «شقة ٣ · برج النخيل». */
export const unitName = (unit: Pick<ReportUnit, "label" | "propertyName">) => `${unitTitle(unit.label)} · ${unit.propertyName}`;

export interface ReportRefusal {
  ok: false;
  status: 400 | 429 | 502 | 503;
  error: string;
  field?: string;
  retryAfterSeconds?: number;
}

const refuse = (status: ReportRefusal["status"], error: string, field?: string, retryAfterSeconds?: number): ReportRefusal => ({
  ok: false,
  status,
  error,
  field,
  retryAfterSeconds,
});

/**
 * Step 1: a code by SMS to the number the tenant typed (any way a Saudi mobile is written), under
 * the sign-in's limits (decision 054): per client address, then per number under its lock.
 */
export async function sendReportCode(
  services: Pick<AppServices, "db" | "env" | "sms">,
  { phone: typed, flowToken, address, now = new Date() }: { phone: string; flowToken: string; address: string; now?: Date },
): Promise<{ ok: true; phone: string } | ReportRefusal> {
  if (!typed.trim()) return refuse(400, M.phoneRequired, "phone");
  const phone = parsePhone(typed, { mobile: true });
  if (!phone?.startsWith("+9665")) return refuse(400, M.phoneInvalid, "phone");
  const perAddress = await hitRateLimit(services.db, { scope: "login-code", address, ...CODE_RULES.perAddress, now: now.getTime() });
  if (!perAddress.allowed) return refuse(429, CODE_REFUSAL_MESSAGES["address-limited"], undefined, perAddress.retryAfterSeconds);
  const issued = await issuePhoneCode(services.db, { phone, flowToken, now, purpose: "maintenance-report" });
  if (!issued.ok) {
    log.warn("maintenance code refused", { reason: issued.reason, address });
    return refuse(429, CODE_REFUSAL_MESSAGES[issued.reason], undefined, issued.retryAfterSeconds);
  }
  const sent = await textCode(services, { phone, code: issued.code, purpose: "لتأكيد بلاغ الصيانة لدى" });
  if (!sent.ok) return refuse(502, sent.error);
  return { ok: true, phone };
}

export interface ReportInput {
  code: string;
  category: MaintenanceCategory;
  urgency: MaintenanceUrgency;
  description: string;
  photos: Array<{ bytes: Uint8Array }>;
}

/** The first active manager: the report's task is theirs to hand on (decision 054). */
async function firstManager(db: Db) {
  const [manager] = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, phone: staffUsers.phone })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "manager"), eq(staffUsers.active, true)))
    .orderBy(asc(staffUsers.id))
    .limit(1);
  return manager;
}

/**
 * Step 2: the code, then the report. The photos go through the image pipeline first (outside the
 * transaction: sharp is slow); then one transaction checks the code (using it), stores the report,
 * its task for the manager and marks the photos private: all or nothing. A wrong or expired code
 * commits only its counted try, and the stored photos are removed again. The tenant's SMS (and the
 * manager's, for an emergency) go once it has committed.
 */
export async function submitReport(
  services: Pick<AppServices, "db" | "env" | "sms" | "storage">,
  { unit, flowToken, input, address, now = new Date() }: { unit: ReportUnit; flowToken: string | undefined; input: ReportInput; address: string; now?: Date },
): Promise<{ ok: true; id: number } | ReportRefusal> {
  const { db, storage } = services;
  const rate = await hitRateLimit(db, { scope: "login-verify", address, ...CODE_RULES.verifyPerAddress, now: now.getTime() });
  if (!rate.allowed) return refuse(429, CODE_REFUSAL_MESSAGES["address-limited"], undefined, rate.retryAfterSeconds);
  const manager = await firstManager(db);
  if (!manager) return refuse(503, M.noManager);

  const stored: string[] = [];
  const removePhotos = () => deleteImages(db, storage, stored).catch((error: unknown) => log.warn("maintenance photos not removed", { error: String(error) }));
  try {
    for (const photo of input.photos) stored.push((await storeImage(db, storage, Buffer.from(photo.bytes))).id);
  } catch (error) {
    await removePhotos();
    if (error instanceof ImageRejectedError) return refuse(400, M.photosUnreadable, "photos");
    if (error instanceof StorageUnavailableError) return refuse(503, MESSAGES.photosNotSaved);
    throw error;
  }

  let outcome: { ok: true; id: number; phone: string } | ReportRefusal;
  try {
    outcome = await db.transaction(async (tx) => {
      const verdict = await checkPhoneCodeIn(tx, { flowToken, code: input.code, now, purpose: "maintenance-report" });
      if (!verdict.ok) return refuse(400, CODE_REFUSAL_MESSAGES[verdict.reason], "code");
      const [row] = await tx
        .insert(maintenanceRequests)
        .values({ unitId: unit.unitId, phone: verdict.phone, category: input.category, urgency: input.urgency, description: input.description, photoIds: stored })
        .returning({ id: maintenanceRequests.id });
      const id = row!.id;
      const task = await addScheduledTask(tx, {
        title: `بلاغ صيانة رقم ${formatDigitsArabic(id)}: ${CATEGORY_LABELS[input.category]} في ${unitName(unit)}`,
        description: [
          `درجة الاستعجال: ${URGENCY_LABELS[input.urgency]}`,
          `جوال المستأجر: ${formatPhoneForReading(verdict.phone)}`,
          `المدينة: ${unit.city}`,
          "",
          input.description,
        ].join("\n"),
        assignedTo: manager.id,
      });
      await tx.update(maintenanceRequests).set({ taskId: task.id }).where(eq(maintenanceRequests.id, id));
      if (stored.length) await markImagesPrivate(tx, stored);
      if (input.urgency === "emergency") {
        await queueStaffNotice(tx, "task-notice", {
          taskId: task.id,
          to: manager,
          subject: `بلاغ صيانة طارئ: ${unitName(unit)}`,
          lines: [`وصل بلاغ صيانة طارئ (${CATEGORY_LABELS[input.category]}) من مستأجر ${unitName(unit)} في ${unit.city}.`, input.description],
        });
      }
      return { ok: true as const, id, phone: verdict.phone };
    });
  } catch (error) {
    await removePhotos();
    throw error;
  }
  if (!outcome.ok) {
    await removePhotos();
    return outcome;
  }
  const number = formatIdentifier(outcome.id);
  const tenantPhone = outcome.phone;
  void notifyInBackground("maintenance sms", () =>
    services.sms.send({ to: tenantPhone, body: `استلمنا بلاغ الصيانة رقم ${number} عن ${unitName(unit)}. سنتواصل معك على هذا الرقم.` }),
  );
  if (input.urgency === "emergency" && manager.phone) {
    const managerPhone = manager.phone;
    void notifyInBackground("maintenance emergency sms", () =>
      services.sms.send({ to: managerPhone, body: `بلاغ صيانة طارئ رقم ${number}: ${CATEGORY_LABELS[input.category]} في ${unitName(unit)}، ${unit.city}.` }),
    );
  }
  log.info("maintenance report stored", { id: outcome.id, unitId: unit.unitId, urgency: input.urgency });
  return { ok: true, id: outcome.id };
}
