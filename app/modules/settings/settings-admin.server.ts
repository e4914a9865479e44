import { sql } from "drizzle-orm";
import { formatPhoneForReading } from "~/utils/phone.ts";
import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { announceCacheChange } from "~/modules/live-updates/cache-sync.server.ts";
import type { AdLicenceSettings, FirmDetailsSettings, MapSettings, NotificationSettings } from "./settings-schema.ts";
import type { SettingsFormValues } from "./settings-view.ts";
import { invalidateSettings, type Settings } from "./settings.server.ts";

/**
 * Saves part of the settings row (created if missing). Every server instance drops its cached
 * copy on commit (announceCacheChange), this one at once: the next inquiry's e-mail goes to the
 * new address, the next page shows the new details.
 */
async function saveSettings(db: Db, values: Partial<typeof settings.$inferInsert>) {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: sql`now()` } });
    await announceCacheChange(tx, "settings");
  });
  invalidateSettings();
}

/** The notifications section: the manager's e-mail and WhatsApp, the daily reports and their hour. */
export function saveNotificationSettings(db: Db, values: NotificationSettings) {
  return saveSettings(db, values);
}

/** The firm's public details (footer, contact page, JSON-LD, every WhatsApp link). */
export function saveFirmDetails(db: Db, values: FirmDetailsSettings) {
  return saveSettings(db, values);
}

/** The ad licence rule and the verification link (decision 017): public queries and the offer save read them at once. */
export function saveAdLicenceSettings(db: Db, values: AdLicenceSettings) {
  return saveSettings(db, values);
}

/** The maps' tile address (decision 022): the next map shown loads its tiles from there. */
export function saveMapSettings(db: Db, values: MapSettings) {
  return saveSettings(db, values);
}

/** A stored WhatsApp number (wa.me's digits, no "+") as the form gives it back: with its code, so a foreign one reads again. */
const whatsappForForm = (digits: string) => (digits ? formatPhoneForReading(`+${digits}`) : "");

/** The saved settings as the page's forms start. */
export function settingsFormValues(row: Settings): SettingsFormValues {
  const ticked = (on: boolean) => (on ? "on" : undefined);
  return {
    notifications: {
      managerEmail: row.managerEmail,
      managerWhatsapp: whatsappForForm(row.managerWhatsapp),
      dailyEmailReport: ticked(row.dailyEmailReport),
      dailyWhatsappReport: ticked(row.dailyWhatsappReport),
      dailyReportHour: String(row.dailyReportHour),
    },
    firm: {
      // Stored in E.164; given back as the manager writes it ("011 234 5678").
      companyPhone: formatPhoneForReading(row.companyPhone),
      companyWhatsapp: whatsappForForm(row.companyWhatsapp),
      companyEmail: row.companyEmail,
      companyAddress: row.companyAddress,
      workingHours: row.workingHours,
      commercialRegistration: row.commercialRegistration,
      falLicence: row.falLicence,
      mapLat: row.mapLat === null ? "" : String(row.mapLat),
      mapLng: row.mapLng === null ? "" : String(row.mapLng),
    },
    adLicence: {
      requireAdLicence: ticked(row.requireAdLicence),
      licenceVerificationTemplate: row.licenceVerificationTemplate,
    },
    map: { mapTileUrl: row.mapTileUrl },
  };
}
