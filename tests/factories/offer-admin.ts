import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import { seedLookupDefaults } from "~/modules/lookups/lookups.server.ts";
import { offerFormSchema, type OfferFormData } from "~/modules/offer-admin/offer-form-schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { parseSubmission } from "~/utils/form-submission.ts";
import { removeDataFolder } from "../setup/test-folders.ts";
import { offerFormData } from "./offer-form.ts";
import { testStorage } from "./storage.ts";

/** The offer form's values as the browser posts them, read by the form's schema as the server reads them (the browser's checks passed). */
export function parseOfferForm(values: Record<string, unknown>): OfferFormData {
  const parsed = parseSubmission(offerFormData(values), offerFormSchema);
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

/** The member who saves offers in these tests: the first staff row of the file's database (useOfferSaving). */
export const OFFER_SAVER = { id: 1, name: "سارة", username: "sara", email: "", phone: "+966500000004", role: "staff", active: true } satisfies StaffProfile;

/**
 * What saving offers in the back office needs, for this file's tests: a data folder and its photo
 * storage (removed after them), the lookups seeded, and two staff, real rows with ids 1
 * (OFFER_SAVER) and 2: a save names its author in the audit log. `name` names the folder.
 */
export function useOfferSaving(db: () => Db, name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aqar-${name}-`));
  const storage = testStorage(dataDir);
  afterAll(() => removeDataFolder(dataDir));
  beforeAll(async () => {
    await seedLookupDefaults(db());
    const ids = [(await createStaffUser(db(), { name: OFFER_SAVER.name, username: OFFER_SAVER.username, phone: OFFER_SAVER.phone, role: OFFER_SAVER.role })).id];
    ids.push((await createStaffUser(db(), { name: "خالد", username: "khalid", phone: "0500000006", role: "staff" })).id);
    if (ids.join() !== "1,2") throw new Error(`expected staff ids 1 and 2, got ${ids.join()}`);
  });
  /** The app's services for the offer pages' actions: this database, this data folder and its storage. */
  const services = () => ({ db: db(), env: { ...parseEnv({}), DATA_DIR: dataDir }, storage }) as unknown as AppServices;
  return { dataDir, storage, services };
}
