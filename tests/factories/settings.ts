import { RouterContextProvider } from "react-router";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { settings } from "~/db/schema.ts";
import { invalidateSettings } from "~/modules/settings/settings.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings.tsx";
import type { Env } from "~/utils/env.server.ts";
import { readActionAnswer } from "./form-answer.ts";
import { formData } from "./form-data.ts";

type SettingsValues = Partial<Omit<typeof settings.$inferInsert, "id">>;

/** Sets these settings (the row made if there is none yet) and drops the cached copy, so the next read sees them. */
export async function setSettings(db: Db, values: SettingsValues): Promise<void> {
  const insert = db.insert(settings).values({ id: 1, ...values });
  await (Object.keys(values).length ? insert.onConflictDoUpdate({ target: settings.id, set: values }) : insert.onConflictDoNothing());
  invalidateSettings();
}

/** Whether an offer needs an ad licence to be public (decision 017). */
export const requireAdLicence = (db: Db, on: boolean) => setSettings(db, { requireAdLicence: on });

/** The settings page (/admin/settings) as a signed-in member uses it: its action and its loader, called as the router calls them. */
export function settingsPage(db: () => Db, env: Env) {
  const context = (member: StaffProfile) => {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, { db: db(), env } as AppServices);
    provider.set(staffUserContext, member);
    return provider;
  };
  const url = new URL("/admin/settings", env.PUBLIC_URL).href;
  return {
    /** Posts the page's form as this member; the answer as the browser gets it. */
    post: (member: StaffProfile, fields: Record<string, string>) =>
      readActionAnswer(() => settingsAction({ request: new Request(url, { method: "POST", body: formData(fields) }), context: context(member), params: {} } as never), env),
    /** Opens the page as this member: its data, or the redirect it throws. */
    load: (member: StaffProfile) => settingsLoader({ request: new Request(url), context: context(member), params: {} } as never),
  };
}
