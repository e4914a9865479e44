import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { CronItem, JobHelpers, TaskList } from "graphile-worker";
import type { Db, Tx } from "~/db/client.server.ts";
import { outgoingEmails } from "~/db/schema.ts";
import { log } from "~/utils/log.server.ts";
import type { DeliveryState, EmailDelivery, MailPurpose } from "./mail-delivery.ts";
import type { Mailer, MailMessage } from "./mail.server.ts";

/**
 * E-mails queued in the transaction of what they report and sent by the job scheduler
 * (docs/decisions/032-queued-emails.md): an e-mail exists exactly when its action commits, is tried
 * again with graphile-worker's back-off while the mail server refuses, and is never sent a second
 * time without staff seeing it.
 */
const MAIL_TASKS = { send: "email_send", sweep: "email_sweep" } as const;

/** Attempts before an e-mail shows as not sent: graphile-worker waits exp(n) seconds between them, about half an hour in all. */
const SEND_ATTEMPTS = 8;

/**
 * An attempt still marked as under way this long after it began was cut off (the process stopped
 * mid-send): far longer than a send can take (mail.server.ts's SMTP timeouts), so a send still
 * going is never taken for one cut off.
 */
export const SEND_CUT_OFF_MS = 5 * 60_000;

/**
 * A send job taken by a worker this long ago whose e-mail was not even begun: that worker died
 * between taking it and starting (graphile-worker would leave it locked for 4 hours). A job
 * begins its e-mail within milliseconds of being taken.
 */
const TAKEN_NOT_BEGUN_MS = 2 * 60_000;

/** Why an e-mail cut off mid-send is shown as not sent: it may have gone out, so it is not sent again unseen. */
const CUT_OFF_REASON = "انقطع الإرسال قبل تأكيده، وقد يكون البريد قد وصل";

export interface QueuedEmail extends MailMessage {
  purpose: MailPurpose;
  /** A back-office page to link to: its last line, with the site's address added when sent. */
  link?: { label: string; path: string };
  /** The inquiry a reply answers (its card shows the delivery). */
  inquiryId?: number;
}

const jobKey = (id: number) => `email:${id}`;

function addSendJob(tx: Db | Tx, id: number, round: number) {
  return tx.execute(
    sql`select graphile_worker.add_job(${MAIL_TASKS.send}, json_build_object('id', ${id}::int, 'round', ${round}::int), max_attempts := ${SEND_ATTEMPTS}::int, job_key := ${jobKey(id)})`,
  );
}

/**
 * Queues an e-mail inside the caller's transaction, with its send job (graphile_worker.add_job:
 * it exists only if that transaction commits; its job key makes one job per e-mail). Returns its id.
 */
export async function queueEmail(tx: Tx, email: QueuedEmail): Promise<number> {
  const [row] = await tx
    .insert(outgoingEmails)
    .values({
      purpose: email.purpose,
      recipient: email.to,
      subject: email.subject,
      body: email.body,
      html: email.html ?? null,
      headers: email.headers ?? null,
      linkPath: email.link?.path ?? null,
      linkLabel: email.link?.label ?? null,
      inquiryId: email.inquiryId ?? null,
      attachments: email.attachments ?? null,
    })
    .returning({ id: outgoingEmails.id });
  await addSendJob(tx, row!.id, 1);
  return row!.id;
}

export interface MailQueueServices {
  db: Db;
  env: { PUBLIC_URL: string };
  mailer: Mailer;
}

type Row = typeof outgoingEmails.$inferSelect;

function messageOf(row: Row, publicUrl: string): MailMessage {
  const link = row.linkPath ? `\n\n${row.linkLabel ?? ""}: ${publicUrl}${row.linkPath}` : "";
  return {
    to: row.recipient,
    subject: row.subject,
    body: row.body + link,
    ...(row.html === null ? {} : { html: row.html }),
    ...(row.headers === null ? {} : { headers: row.headers }),
    ...(row.attachments === null ? {} : { attachments: row.attachments }),
  };
}

/**
 * One attempt at a queued e-mail (the send job). Its beginning is committed first ('sending'),
 * then the mail goes out holding no lock, then the outcome is recorded. A job that finds an
 * attempt of its round begun and never ended knows the process stopped mid-send: the e-mail may
 * have gone, so it is marked not sent (staff see it and may resend) rather than sent again unseen.
 * A failure is recorded and thrown, so the scheduler tries again after its back-off; the last
 * marks it failed. A job of an earlier round (before a resend) does nothing.
 */
export async function sendQueuedEmail(services: MailQueueServices, job: { id: number; round: number }, attempt: { last: boolean }): Promise<"sent" | "failed" | "skipped"> {
  const { db } = services;
  const row = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(outgoingEmails).where(eq(outgoingEmails.id, job.id)).for("update");
    if (!found || found.round !== job.round || found.status === "sent" || found.status === "failed") return null;
    if (found.status === "sending") {
      await tx.update(outgoingEmails).set({ status: "failed", lastError: CUT_OFF_REASON }).where(eq(outgoingEmails.id, job.id));
      log.warn("queued e-mail cut off mid-send: marked not sent", { emailId: job.id });
      return null;
    }
    await tx
      .update(outgoingEmails)
      .set({ status: "sending", attempts: sql`${outgoingEmails.attempts} + 1`, attemptStartedAt: new Date() })
      .where(eq(outgoingEmails.id, job.id));
    return found;
  });
  if (!row) return "skipped";
  const thisRound = and(eq(outgoingEmails.id, job.id), eq(outgoingEmails.round, job.round));
  try {
    await services.mailer.send(messageOf(row, services.env.PUBLIC_URL));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .update(outgoingEmails)
      .set({ status: attempt.last ? "failed" : "queued", lastError: reason, attemptStartedAt: null })
      .where(thisRound);
    log.warn("queued e-mail failed", { emailId: job.id, purpose: row.purpose, last: attempt.last, reason });
    if (attempt.last) return "failed";
    throw error;
  }
  // Sent wins over "cut off" (a sweep that judged a very slow send too early): it went out.
  await db.update(outgoingEmails).set({ status: "sent", sentAt: new Date(), lastError: null, attemptStartedAt: null }).where(thisRound);
  return "sent";
}

/**
 * Every minute: an attempt left 'sending' past SEND_CUT_OFF_MS is marked not sent (shown with
 * «إعادة الإرسال»), and an e-mail whose job was taken by a worker that died before beginning it
 * gets a new job at once (add_job with the same key: the locked one loses it). Returns the counts.
 */
export async function sweepMailQueue(db: Db, now = new Date()): Promise<{ cutOff: number; requeued: number }> {
  const cutOff = await db
    .update(outgoingEmails)
    .set({ status: "failed", lastError: CUT_OFF_REASON })
    .where(and(eq(outgoingEmails.status, "sending"), lt(outgoingEmails.attemptStartedAt, new Date(now.getTime() - SEND_CUT_OFF_MS))))
    .returning({ id: outgoingEmails.id });
  const stalled = await db.execute<{ id: number; round: number }>(sql`
    select e.id, e.round from ${outgoingEmails} e
    join graphile_worker.jobs j on j.key = 'email:' || e.id
    where e.status = 'queued' and j.locked_at < ${new Date(now.getTime() - TAKEN_NOT_BEGUN_MS)}`);
  for (const { id, round } of stalled.rows) await addSendJob(db, id, round);
  if (cutOff.length || stalled.rows.length) log.warn("mail queue swept", { cutOff: cutOff.length, requeued: stalled.rows.length });
  return { cutOff: cutOff.length, requeued: stalled.rows.length };
}

function stateOf(row: Pick<Row, "status" | "attemptStartedAt">, now: Date): DeliveryState {
  if (row.status === "sent") return "sent";
  if (row.status === "failed") return "failed";
  // Cut off, before the sweep has said so.
  if (row.status === "sending" && row.attemptStartedAt && now.getTime() - row.attemptStartedAt.getTime() > SEND_CUT_OFF_MS) return "failed";
  return "pending";
}

/** The delivery of each of these e-mails, by id. */
export async function emailDeliveries(db: Db, ids: number[], now = new Date()): Promise<Map<number, EmailDelivery>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: outgoingEmails.id, status: outgoingEmails.status, attemptStartedAt: outgoingEmails.attemptStartedAt, sentAt: outgoingEmails.sentAt })
    .from(outgoingEmails)
    .where(inArray(outgoingEmails.id, ids));
  return new Map(rows.map((row) => [row.id, { id: row.id, state: stateOf(row, now), sentAt: row.sentAt?.toISOString() ?? null }]));
}

/**
 * «إعادة الإرسال»: an e-mail not sent (failed, or cut off) is queued again as a new round, under
 * its row's lock, so two presses at once queue it once. `belongsTo` names what the person is
 * acting on (an inquiry's reply): an e-mail of anything else is not theirs to resend. Returns
 * whether it was queued.
 */
export async function resendEmail(db: Db, id: number, belongsTo: { inquiryId: number }, now = new Date()): Promise<"queued" | "not-found" | "not-resendable"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outgoingEmails).where(eq(outgoingEmails.id, id)).for("update");
    if (!row || row.inquiryId !== belongsTo.inquiryId) return "not-found";
    if (stateOf(row, now) !== "failed") return "not-resendable";
    const round = row.round + 1;
    await tx.update(outgoingEmails).set({ status: "queued", round, attempts: 0, lastError: null, attemptStartedAt: null, sentAt: null }).where(eq(outgoingEmails.id, id));
    await addSendJob(tx, id, round);
    return "queued";
  });
}

/** The mail queue's tasks on the scheduler: each e-mail's send job, and the sweep every minute. */
export function mailQueueJobs(services: MailQueueServices, options: { maxAttempts?: number } = {}) {
  const tasks: TaskList = {
    [MAIL_TASKS.send]: async (payload: unknown, helpers: JobHelpers) => {
      const { id, round } = (payload ?? {}) as { id?: unknown; round?: unknown };
      if (!Number.isInteger(id) || !Number.isInteger(round)) return;
      const max = Math.min(options.maxAttempts ?? helpers.job.max_attempts, helpers.job.max_attempts);
      await sendQueuedEmail(services, { id: id as number, round: round as number }, { last: helpers.job.attempts >= max });
    },
    [MAIL_TASKS.sweep]: async () => {
      try {
        await sweepMailQueue(services.db);
      } catch (error) {
        // The next minute tries again: no retries piling up behind it.
        log.warn("mail queue sweep failed", { error: String(error) });
      }
    },
  };
  const cron: CronItem[] = [{ task: MAIL_TASKS.sweep, identifier: MAIL_TASKS.sweep, match: "* * * * *" }];
  return { tasks, cron, atStart: [{ task: MAIL_TASKS.sweep, jobKey: `${MAIL_TASKS.sweep}:start` }] };
}
