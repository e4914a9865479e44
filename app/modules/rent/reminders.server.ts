import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { rentReminders } from "~/db/schema.ts";
import type { SmsSender } from "~/modules/messaging/sms.server.ts";
import type { WhatsappSender } from "~/modules/messaging/whatsapp.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { formatDateBothCalendars, formatMoneyArabic } from "~/utils/format.ts";
import { log } from "~/utils/log.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { overdueText } from "./rent-view.ts";
import { getRentRules } from "./rules.server.ts";

export interface ReminderSenders {
  sms: SmsSender;
  whatsapp: WhatsappSender;
}

/** The tenant's reminder: which unit, due when, how late, how much is left. */
function arrearsReminderText(r: { unit: string; property: string; dueOn: string; daysOverdue: number; leftHalalas: number }): string {
  return [
    `تذكير من ${COMPANY_NAME}: إيجار ${r.unit} في ${r.property} المستحق في ${formatDateBothCalendars(r.dueOn).gregorian} ${overdueText(r.daysOverdue)}،`,
    `والمتبقي منه ${formatMoneyArabic(r.leftHalalas / 100)}. نرجو السداد، ولأي استفسار يسعدنا تواصلكم.`,
  ].join(" ");
}

/**
 * Reminds tenants of overdue instalments at the settings' steps (days overdue: 3, 10, 30 …), each
 * instalment once per step (decision 053). For each overdue instalment the highest step it has
 * reached is claimed by inserting (instalment, step) into rent_reminders ON CONFLICT DO NOTHING, in
 * the transaction that sends: a second run at once waits on the row, then finds it taken; a failed
 * send rolls the claim back and the next run tries again. The lower steps not yet sent are marked
 * too (a reminder at 30 days says it all: no three messages at once after downtime). Returns how
 * many were sent.
 */
export async function sendArrearsReminders(db: Db, senders: ReminderSenders, now = new Date()): Promise<number> {
  const rules = await getRentRules(db);
  const steps = [...rules.arrearsReminderDays].sort((a, b) => a - b);
  if (!steps.length) return 0;
  const today = riyadhDayOf(now);
  const { rows } = await db.execute<{ id: number; due_on: string; days: number; left: string; phone: string; unit: string; property: string }>(sql`
    select i.id, i.due_on::text as due_on, (${today}::date - i.due_on) as days, (i.amount_halalas - i.paid_halalas)::text as left,
      t.phone, u.label as unit, p.name as property
    from rent_instalments i
    join leases l on l.id = i.lease_id
    join tenants t on t.id = l.tenant_id
    join managed_units u on u.id = l.unit_id
    join managed_properties p on p.id = u.property_id
    where i.paid_halalas < i.amount_halalas
      and ${today}::date - i.due_on >= ${steps[0]!}
      and coalesce(l.terminated_on, l.ends_on) >= i.due_on
    order by i.due_on, i.id`);
  let sent = 0;
  for (const row of rows) {
    const step = steps.filter((s) => s <= row.days).at(-1)!;
    const done = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(rentReminders)
        .values({ instalmentId: row.id, step, channel: rules.arrearsChannel })
        .onConflictDoNothing()
        .returning({ step: rentReminders.step });
      if (!claimed.length) return false;
      const lower = steps.filter((s) => s < step);
      if (lower.length)
        await tx
          .insert(rentReminders)
          .values(lower.map((s) => ({ instalmentId: row.id, step: s, channel: rules.arrearsChannel })))
          .onConflictDoNothing();
      const body = arrearsReminderText({ unit: row.unit, property: row.property, dueOn: row.due_on, daysOverdue: row.days, leftHalalas: Number(row.left) });
      if (rules.arrearsChannel === "whatsapp") await senders.whatsapp.send({ to: row.phone.replace(/^\+/, ""), body });
      else await senders.sms.send({ to: row.phone, body });
      return true;
    });
    if (done) sent += 1;
  }
  if (sent) log.info("rent arrears reminders sent", { sent });
  return sent;
}
