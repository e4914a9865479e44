import { and, eq, isNull, sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db } from "~/db/client.server.ts";
import { leases, managedProperties, managedUnits, propertyManagementRules, tenants } from "~/db/schema.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import type { SmsSender } from "~/modules/messaging/sms.server.ts";
import { getSettings } from "~/modules/settings/index.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatDateWithHijri } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { formatPhoneForReading } from "~/utils/phone.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { unitTitle } from "~/modules/property-management/index.ts";

/** The days before its end a lease's renewal notice goes when the rules row is missing (the table's default). */
const DEFAULT_NOTICE_DAYS = 60;

interface NoticeLease {
  id: number;
  endsOn: string;
  unitLabel: string;
  propertyName: string;
  tenantName: string;
  tenantPhone: string;
}

/** The tenant's SMS: the unit, the end date (with its Hijri day: a lease's date has legal weight, COPY.md) and who to call. */
export function renewalSmsText(lease: Pick<NoticeLease, "endsOn" | "unitLabel" | "propertyName">, firmPhone: string): string {
  const call = firmPhone ? ` على الرقم ${formatPhoneForReading(firmPhone)}` : "";
  return `${COMPANY_NAME}: ينتهي عقد إيجار ${unitTitle(lease.unitLabel)} في ${lease.propertyName} يوم ${formatDateWithHijri(lease.endsOn)}. للتجديد أو الإخلاء يرجى التواصل معنا${call}.`;
}

/**
 * Sends each lease's renewal notice once: a lease ending within the rules' notice days (from today,
 * Riyadh), not ended early, not already renewed, not yet noticed. Each lease is claimed by an update
 * guarded by `renewal_notice_sent_at is null` (a second run at the same moment waits for the row,
 * then finds it claimed), in the transaction that queues the manager's e-mail and sends the
 * tenant's SMS: a failed SMS rolls the claim back and tomorrow's run tries again. Returns the leases
 * noticed.
 */
export async function sendRenewalNotices(db: Db, sms: SmsSender, now = new Date()): Promise<number[]> {
  const [rules] = await db.select({ days: propertyManagementRules.renewalNoticeDays }).from(propertyManagementRules).where(eq(propertyManagementRules.id, 1));
  const days = rules?.days ?? DEFAULT_NOTICE_DAYS;
  const today = riyadhDayOf(now);
  const due = await db
    .select({ id: leases.id })
    .from(leases)
    .where(
      and(
        isNull(leases.renewalNoticeSentAt),
        isNull(leases.terminatedOn),
        sql`${leases.endsOn} between ${today}::date and ${today}::date + ${days}::int`,
        sql`not exists (select 1 from "leases" "next" where "next"."renews_lease_id" = "leases"."id")`,
      ),
    )
    .orderBy(leases.endsOn);
  if (!due.length) return [];
  const { managerEmail, companyPhone } = await getSettings(db);
  const noticed: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(leases)
        .set({ renewalNoticeSentAt: now })
        .where(and(eq(leases.id, id), isNull(leases.renewalNoticeSentAt), isNull(leases.terminatedOn)))
        .returning({ id: leases.id });
      if (!claimed) return false;
      const [lease] = await tx
        .select({
          id: leases.id,
          endsOn: leases.endsOn,
          unitLabel: managedUnits.label,
          propertyName: managedProperties.name,
          tenantName: tenants.name,
          tenantPhone: tenants.phone,
        })
        .from(leases)
        .innerJoin(managedUnits, eq(managedUnits.id, leases.unitId))
        .innerJoin(managedProperties, eq(managedProperties.id, managedUnits.propertyId))
        .innerJoin(tenants, eq(tenants.id, leases.tenantId))
        .where(eq(leases.id, id));
      if (!lease) return false;
      if (managerEmail) {
        await queueEmail(tx, {
          purpose: "lease-renewal-notice",
          to: managerEmail,
          subject: `عقد إيجار ينتهي قريبًا: ${unitTitle(lease.unitLabel)} في ${lease.propertyName}`,
          body: [
            "مرحبًا،",
            "",
            `ينتهي عقد إيجار المستأجر «${lease.tenantName}» في ${unitTitle(lease.unitLabel)} من ${lease.propertyName} يوم ${formatDateWithHijri(lease.endsOn)}.`,
            "أُرسلت إلى المستأجر رسالة نصية بذلك. يمكن تجديد العقد من صفحته.",
            "",
            COMPANY_NAME,
          ].join("\n"),
          link: { label: "لفتح صفحة العقد", path: `/admin/leases/${lease.id}` },
        });
      } else log.warn("lease renewal notice: no manager e-mail in settings", { lease: lease.id });
      await sms.send({ to: lease.tenantPhone, body: renewalSmsText(lease, companyPhone) });
      return true;
    });
    if (done) noticed.push(id);
  }
  return noticed;
}

const RENEWAL_TASK = "leases:renewal-notices";

/** The daily check (decision 016: graphile-worker, once across instances), at 09:00 Riyadh and at start. */
export function renewalNoticeJobs(services: { db: Db; sms: SmsSender }): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const noticed = await sendRenewalNotices(services.db, services.sms);
      if (noticed.length) log.info("lease renewal notices sent", { leases: noticed });
    } catch (error) {
      // The failed lease's claim was rolled back: the next run tries again.
      log.warn("lease renewal notices failed", { error: String(error) });
    }
  }
  return {
    tasks: { [RENEWAL_TASK]: run },
    cron: [{ task: RENEWAL_TASK, identifier: RENEWAL_TASK, match: "0 6 * * *" }],
    atStart: [{ task: RENEWAL_TASK, jobKey: `${RENEWAL_TASK}:start` }],
  };
}
