import pg from "pg";
import { embeddedConnectionUrl } from "../../app/db/client.server.ts";
import { E2E } from "../../playwright.config.ts";

/** Runs a query against the e2e server's own database. */
export async function queryE2eDatabase<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(embeddedConnectionUrl(E2E.dataDir, E2E.pgPort));
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** What the e2e server wrote to one of its outboxes (e-mail, SMS, WhatsApp) so far. */
export async function readE2eOutbox(
  channel: "email" | "sms" | "whatsapp",
): Promise<Array<{ to: string; subject?: string; body: string; html?: string; headers?: Record<string, string>; at: string }>> {
  const { readOutbox } = await import("../../app/modules/messaging/outbox.server.ts");
  return readOutbox(E2E.dataDir, channel);
}
