import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";

export type Settings = typeof settings.$inferSelect;

/** Demo values (demo mode only): the firm's numbers are per-firm configuration. */
export const DEMO_SETTINGS = {
  companyWhatsapp: "966500000000",
  managerEmail: "manager@example.sa",
  managerWhatsapp: "966500000001",
} as const;

let cached: Settings | undefined;

export async function getSettings(db: Db): Promise<Settings> {
  if (cached) return cached;
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  cached = row ?? {
    id: 1,
    companyWhatsapp: "",
    managerEmail: "",
    managerWhatsapp: "",
    dailyEmailReport: true,
    dailyWhatsappReport: false,
    updatedAt: new Date(0),
  };
  return cached;
}

export function invalidateSettings() {
  cached = undefined;
}
