import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";

export type Settings = typeof settings.$inferSelect;

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
