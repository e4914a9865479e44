import { eq, sql } from "drizzle-orm";
import { formatPhoneForReading } from "~/utils/phone.ts";
import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { recordAudit } from "~/modules/audit/index.server.ts";
import { announceCacheChange } from "~/modules/live-updates/index.server.ts";
import type { StaffProfile } from "~/modules/users/index.ts";
import type { AdLicenceSettings, AvailabilitySettings, FirmDetailsSettings, MapSettings, NotificationSettings } from "./settings-schema.ts";
import type { SettingsFormValues } from "./settings-view.ts";
import { invalidateSettings, type Settings } from "./settings.server.ts";

type Actor = Pick<StaffProfile, "id" | "name">;
type SettingsValues = Partial<Omit<typeof settings.$inferInsert, "id" | "updatedAt">>;

/** The fields a save changes, each as { from, to }: what the audit log keeps of it. */
function changesOf(before: Settings | undefined, values: SettingsValues): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(values)) {
    const from = before ? (before as Record<string, unknown>)[key] : null;
    if (from !== to) changes[key] = { from: from ?? null, to };
  }
  return changes;
}

/**
 * Saves part of the settings row (created if missing), under its row lock, with an audit entry
 * naming each field changed (old → new), who and when; a save that changes nothing leaves none.
 * Every server instance drops its cached copy on commit (announceCacheChange), this one at once:
 * the next inquiry's e-mail goes to the new address, the next page shows the new details.
 */
async function saveSettings(db: Db, actor: Actor, values: SettingsValues) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
    await tx
      .insert(settings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: settings.id, set: { ...values, updatedAt: sql`now()` } });
    const changes = changesOf(before, values);
    if (Object.keys(changes).length) await recordAudit(tx, actor, "settings", 1, "settings-change", { changes });
    await announceCacheChange(tx, "settings");
  });
  invalidateSettings();
}

/** Whether a save of the notifications moves where the notices and reports go (it then needs re-authentication). */
export function changesManagerContact(
  current: Pick<Settings, "managerEmail" | "managerWhatsapp">,
  values: Pick<NotificationSettings, "managerEmail" | "managerWhatsapp">,
): boolean {
  return current.managerEmail.trim().toLowerCase() !== values.managerEmail.trim().toLowerCase() || current.managerWhatsapp !== values.managerWhatsapp;
}

/** The notifications section: the manager's e-mail and WhatsApp, the daily reports and their hour. */
export function saveNotificationSettings(db: Db, actor: Actor, values: NotificationSettings) {
  return saveSettings(db, actor, values);
}

/** The firm's public details (footer, contact page, JSON-LD, every WhatsApp link). */
export function saveFirmDetails(db: Db, actor: Actor, values: FirmDetailsSettings) {
  return saveSettings(db, actor, values);
}

/** The ad licence rule and the verification link (decision 017): public queries and the offer save read them at once. */
export function saveAdLicenceSettings(db: Db, actor: Actor, values: AdLicenceSettings) {
  return saveSettings(db, actor, values);
}

/** The maps' tile address (decision 022): the next map shown loads its tiles from there. */
export function saveMapSettings(db: Db, actor: Actor, values: MapSettings) {
  return saveSettings(db, actor, values);
}

/** How often offers' availability is confirmed (decision 046): the public rule and the next confirm tasks read it at once. */
export function saveAvailabilitySettings(db: Db, actor: Actor, values: AvailabilitySettings) {
  return saveSettings(db, actor, values);
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
    availability: { availabilityConfirmDays: String(row.availabilityConfirmDays) },
  };
}
