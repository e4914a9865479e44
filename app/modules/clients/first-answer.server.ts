import { and, gte, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { CronItem, TaskList } from "graphile-worker";
import type { Db, Tx } from "~/db/client.server.ts";
import { clients, staffUsers } from "~/db/schema.ts";
import { queueEmail } from "~/modules/messaging/index.server.ts";
import { getSettings } from "~/modules/settings/index.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import { log } from "~/utils/log.server.ts";
import { firstAnswerState, workingHoursOf, type FirstAnswerState } from "./first-answer.ts";
import { getClientRules } from "./rules.server.ts";
import { addWorkingHours } from "./working-hours.ts";

/**
 * Tells the manager, once per client, that a client's first message has waited past the limit
 * (working hours) without a reply. Exactly once across instances and runs: the clients are
 * claimed by one update guarded by `first_answer_overdue_notified_at is null`, in the transaction
 * that queues the e-mails (two runs at once: the second claims none of the first's). Returns the
 * clients told about.
 */
export async function notifyOverdueFirstAnswers(db: Db, now = new Date()): Promise<number[]> {
  const rules = await getClientRules(db);
  const hours = workingHoursOf(rules);
  // A deadline is never sooner than the limit in plain hours: the candidates are only those.
  const candidates = await db
    .select({ id: clients.id, firstMessageAt: clients.firstMessageAt })
    .from(clients)
    .where(
      and(
        isNull(clients.firstReplyAt),
        isNull(clients.firstAnswerOverdueNotifiedAt),
        lte(clients.firstMessageAt, new Date(now.getTime() - rules.firstAnswerLimitHours * 3_600_000)),
      ),
    );
  const overdue = candidates.filter((c) => {
    const deadline = addWorkingHours(c.firstMessageAt, rules.firstAnswerLimitHours, hours);
    return deadline !== null && deadline <= now;
  });
  if (!overdue.length) return [];
  const { managerEmail } = await getSettings(db);
  if (!managerEmail) {
    log.warn("first answers overdue, manager not told: no manager e-mail in settings", { clients: overdue.length });
    return [];
  }
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(clients)
      .set({ firstAnswerOverdueNotifiedAt: now })
      .where(
        and(
          inArray(
            clients.id,
            overdue.map((c) => c.id),
          ),
          isNull(clients.firstAnswerOverdueNotifiedAt),
          isNull(clients.firstReplyAt),
        ),
      )
      .returning({ id: clients.id, name: clients.name, ownerName: sql<string | null>`(select ${staffUsers.name} from ${staffUsers} where ${staffUsers.id} = ${clients.ownerId})` });
    for (const client of claimed) {
      await queueEmail(tx, {
        purpose: "client-overdue",
        to: managerEmail,
        subject: `لم يُرد على العميل ${client.name} بعد`,
        body: [
          "مرحبًا،",
          "",
          `تجاوزت رسالة العميل «${client.name}» الأولى مهلة الرد المحددة في الإعدادات دون رد.`,
          client.ownerName ? `المسؤول عنه: ${client.ownerName}.` : "لم يُسند العميل إلى أحد بعد.",
          "",
          COMPANY_NAME,
        ].join("\n"),
        link: { label: "لفتح صفحة العميل", path: `/admin/clients/${client.id}` },
      });
    }
    return claimed.map((client) => client.id);
  });
}

const FIRST_ANSWER_TASK = "clients:first-answer-overdue";

/** The scheduled check (decision 016), every ten minutes, once across instances. */
export function firstAnswerJobs(services: { db: Db }): { tasks: TaskList; cron: CronItem[]; atStart: Array<{ task: string; jobKey: string }> } {
  async function run() {
    try {
      const told = await notifyOverdueFirstAnswers(services.db);
      if (told.length) log.info("first answers overdue: manager told", { clients: told });
    } catch (error) {
      // Nothing was claimed (rolled back): the next run tries again.
      log.warn("first answer check failed", { error: String(error) });
    }
  }
  return {
    tasks: { [FIRST_ANSWER_TASK]: run },
    cron: [{ task: FIRST_ANSWER_TASK, identifier: FIRST_ANSWER_TASK, match: "*/10 * * * *" }],
    atStart: [{ task: FIRST_ANSWER_TASK, jobKey: `${FIRST_ANSWER_TASK}:start` }],
  };
}

/** Per staff member: the clients whose first message came in the period, the median first answer (working hours) and the share answered within the limit. */
interface FirstAnswerFigures {
  ownerId: number | null;
  ownerName: string;
  clients: number;
  answered: number;
  /** Null when none was answered. */
  medianHours: number | null;
  /** Of the clients whose clock has ended (answered, or waiting past the limit): answered within it; null when none has. */
  withinShare: number | null;
}

export async function firstAnswerFigures(db: Db | Tx, period: { from: Date; to: Date }, now = new Date()): Promise<FirstAnswerFigures[]> {
  const rules = await getClientRules(db);
  const rows = await db
    .select({ ownerId: clients.ownerId, ownerName: staffUsers.name, firstMessageAt: clients.firstMessageAt, firstReplyAt: clients.firstReplyAt })
    .from(clients)
    .leftJoin(staffUsers, sql`${staffUsers.id} = ${clients.ownerId}`)
    .where(and(gte(clients.firstMessageAt, period.from), lt(clients.firstMessageAt, period.to)));
  const byOwner = new Map<number | null, { name: string; states: FirstAnswerState[] }>();
  for (const row of rows) {
    const entry = byOwner.get(row.ownerId) ?? { name: row.ownerName ?? "بلا مسؤول", states: [] };
    entry.states.push(firstAnswerState(row, rules, now));
    byOwner.set(row.ownerId, entry);
  }
  return [...byOwner.entries()]
    .map(([ownerId, { name, states }]) => {
      const answered = states.flatMap((s) => (s.kind === "answered" ? [s] : []));
      const ended = answered.length + states.filter((s) => s.kind === "waiting" && s.overdue).length;
      return {
        ownerId,
        ownerName: name,
        clients: states.length,
        answered: answered.length,
        medianHours: median(answered.map((s) => s.hours)),
        withinShare: ended ? answered.filter((s) => s.withinLimit).length / ended : null,
      };
    })
    .sort((a, b) => b.clients - a.clients || a.ownerName.localeCompare(b.ownerName, "ar"));
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
