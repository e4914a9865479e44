// Placeholder until the live-updates branch lands (replaced on merge).
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
export type OfferChange = { id: number; kind: "created" | "updated" | "deleted" };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export async function publishOfferChange(db: Db | Tx, change: OfferChange): Promise<void> {
  await db.execute(sql`select pg_notify('offers_changed', ${JSON.stringify(change)})`);
}
