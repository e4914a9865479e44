import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { connect } from "~/db/client.server.ts";
import { createEventHub, type EventHub } from "~/modules/live-updates/event-hub.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readForm } from "../../../tests/factories/form-answer.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { setSettings, settingsPage } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { adLicenceSettingsSchema, SETTINGS_MESSAGES } from "./settings-schema.ts";
import { getSettings } from "./settings.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
/** A real staff row: every settings save names its author in the audit log. */
let manager: StaffProfile;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير", username: "boss", phone: "0500000001", role: "manager" });
});
const TEMPLATE = "https://rega.gov.sa/ad-licence?number={licence}";

/** Another server instance on the same database: its own pool and event hub. */
let other: { hub: EventHub; close: () => Promise<void> } | undefined;
afterAll(async () => other?.close());

beforeEach(async () => {
  await setSettings(db(), { requireAdLicence: false, licenceVerificationTemplate: "" });
});

const adminSettings = settingsPage(db, env);
/** Posts to the settings page's action as the manager, or as this member with another role. */
const post = (fields: Record<string, string>, role: StaffProfile["role"] = "manager") => adminSettings.post({ ...manager, role }, fields);
const read = (fields: Record<string, string>) => readForm(adLicenceSettingsSchema, fields);

describe("the ad licence settings", () => {
  it("the verification link is empty (no QR code) or an https address with {licence} in it", () => {
    expect(read({})).toEqual({ value: { requireAdLicence: false, licenceVerificationTemplate: "" } });
    expect(read({ requireAdLicence: "on", licenceVerificationTemplate: ` ${TEMPLATE} ` })).toEqual({ value: { requireAdLicence: true, licenceVerificationTemplate: TEMPLATE } });
    expect(read({ licenceVerificationTemplate: "https://rega.gov.sa/verify/{licence}/qr" }).value?.licenceVerificationTemplate).toBe("https://rega.gov.sa/verify/{licence}/qr");
    for (const link of [
      "http://rega.gov.sa/?n={licence}",
      "rega.gov.sa/?n={licence}",
      "javascript:alert(1)//{licence}",
      "https://{licence}",
      `https://rega.gov.sa/${"x".repeat(500)}{licence}`,
    ]) {
      expect(read({ licenceVerificationTemplate: link })).toEqual({ errors: { licenceVerificationTemplate: [SETTINGS_MESSAGES.verificationLinkInvalid] } });
    }
    expect(read({ licenceVerificationTemplate: "https://rega.gov.sa/ad-licence" })).toEqual({
      errors: { licenceVerificationTemplate: [SETTINGS_MESSAGES.verificationLinkPlaceholder] },
    });
  });

  it("the manager saves both: the page and every instance's cached settings hold them at once", async () => {
    const { rows } = await db().execute<{ name: string }>(sql`select current_database() as name`);
    const handle = connect(inject("databaseUrl").replace(/\/[^/]+$/, `/${rows[0]!.name}`), 2);
    const hub = createEventHub(handle.pool);
    other = {
      hub,
      close: async () => {
        await hub.close();
        await handle.pool.end();
      },
    };
    const heard: unknown[] = [];
    hub.subscribe("cache", (event) => heard.push(event));
    await hub.ready();
    expect((await getSettings(db())).requireAdLicence).toBe(false); // now cached

    const answer = await post({ intent: "adLicence", requireAdLicence: "on", licenceVerificationTemplate: TEMPLATE });
    expect([answer.status, answer.location, answer.toast]).toEqual([302, "/admin/settings", { tone: "success", text: SETTINGS_MESSAGES.adLicenceSaved }]);
    expect(await getSettings(db())).toMatchObject({ requireAdLicence: true, licenceVerificationTemplate: TEMPLATE });
    const started = Date.now();
    while (!heard.some((event) => (event as { name?: string }).name === "settings") && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toContainEqual({ name: "settings" });

    const page = (await adminSettings.load(manager)) as {
      values: { adLicence: unknown };
    };
    expect(page.values.adLicence).toEqual({ requireAdLicence: "on", licenceVerificationTemplate: TEMPLATE });

    // Unticked: the rule is off again, the link kept as sent.
    await post({ intent: "adLicence", licenceVerificationTemplate: TEMPLATE });
    expect(await getSettings(db())).toMatchObject({ requireAdLicence: false, licenceVerificationTemplate: TEMPLATE });
  });

  it("a refused link saves nothing and says why under the field", async () => {
    const answer = await post({ intent: "adLicence", requireAdLicence: "on", licenceVerificationTemplate: "https://rega.gov.sa/ad-licence" });
    expect([answer.status, answer.errors]).toEqual([400, { licenceVerificationTemplate: [SETTINGS_MESSAGES.verificationLinkPlaceholder] }]);
    expect(await getSettings(db())).toMatchObject({ requireAdLicence: false, licenceVerificationTemplate: "" });
  });

  it("only the manager: an employee's post changes nothing", async () => {
    const answer = await post({ intent: "adLicence", requireAdLicence: "on" }, "staff");
    expect(answer.location).toBe("/admin");
    expect((await getSettings(db())).requireAdLicence).toBe(false);
  });
});
