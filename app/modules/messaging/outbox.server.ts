import fs from "node:fs/promises";
import path from "node:path";
import type { EmailAttachment } from "~/db/column-types.ts";
import { log } from "~/utils/log.server.ts";

export type OutboxChannel = "email" | "sms" | "whatsapp";

export interface OutboxEntry {
  to: string;
  subject?: string;
  body: string;
  /** The HTML part of an e-mail that has one. */
  html?: string;
  /** An e-mail's extra header fields, when it has any. */
  headers?: Record<string, string>;
  /** The files an e-mail carries (a viewing's .ics invitation), their content as sent. */
  attachments?: EmailAttachment[];
  at: string;
}

function outboxFile(dataDir: string, channel: OutboxChannel): string {
  return path.join(dataDir, "outbox", `${channel}.jsonl`);
}

/**
 * The outbox transport, used outside production: every message becomes one JSON line in
 * DATA_DIR/outbox/{email,sms,whatsapp}.jsonl and one log line. Tests read what a person would receive here.
 */
export async function writeToOutbox(dataDir: string, channel: OutboxChannel, message: Omit<OutboxEntry, "at">): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    to: message.to,
    ...(message.subject === undefined ? {} : { subject: message.subject }),
    body: message.body,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.headers === undefined ? {} : { headers: message.headers }),
    ...(message.attachments === undefined ? {} : { attachments: message.attachments }),
    at: new Date().toISOString(),
  };
  const file = outboxFile(dataDir, channel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // One appendFile call per line: lines from concurrent writers never interleave.
  await fs.appendFile(file, JSON.stringify(entry) + "\n", { mode: 0o600 });
  log.info("outbox", { channel, to: entry.to, subject: entry.subject });
  return entry;
}

export async function readOutbox(dataDir: string, channel: OutboxChannel): Promise<OutboxEntry[]> {
  const text = await fs.readFile(outboxFile(dataDir, channel), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxEntry);
}
