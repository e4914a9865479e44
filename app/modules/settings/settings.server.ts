import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { OSM_TILE_URL } from "./settings-schema.ts";

export type Settings = typeof settings.$inferSelect;

let cached: Settings | undefined;
/** Bumped by every invalidation: a read that began before one must not cache what it read. */
let generation = 0;

/**
 * The settings row, cached in the process until a save (here or on another instance, heard
 * through announceCacheChange) drops it.
 */
export async function getSettings(db: Db | Tx): Promise<Settings> {
  if (cached) return cached;
  const started = generation;
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  const read: Settings = row ?? {
    id: 1,
    companyWhatsapp: "",
    managerEmail: "",
    managerWhatsapp: "",
    dailyEmailReport: true,
    dailyWhatsappReport: false,
    dailyReportHour: 8,
    companyPhone: "",
    companyEmail: "",
    companyAddress: "",
    workingHours: "",
    commercialRegistration: "",
    falLicence: "",
    mapLat: null,
    mapLng: null,
    requireAdLicence: true,
    licenceVerificationTemplate: "",
    mapTileUrl: OSM_TILE_URL,
    availabilityConfirmDays: 14,
    updatedAt: new Date(0),
  };
  if (started === generation) cached = read;
  return read;
}

export function invalidateSettings() {
  cached = undefined;
  generation += 1;
}
