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
