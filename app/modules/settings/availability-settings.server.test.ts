import { beforeAll, describe, expect, it } from "vitest";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readForm } from "../../../tests/factories/form-answer.ts";
import { settingsPage } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { availabilitySettingsSchema, SETTINGS_MESSAGES } from "./settings-schema.ts";
import { getSettings } from "./settings.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
let manager: StaffProfile;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير", username: "boss", phone: "0500000001", role: "manager" });
});
const adminSettings = settingsPage(db, env);
const post = (fields: Record<string, string>, role: StaffProfile["role"] = "manager") => adminSettings.post({ ...manager, role }, fields);

describe("how often offers' availability is confirmed (decision 046)", () => {
  it("is 14 days until the manager sets another: a whole number from 1 to 90, in either digit style", async () => {
    expect((await getSettings(db())).availabilityConfirmDays).toBe(14);
    expect(readForm(availabilitySettingsSchema, { availabilityConfirmDays: "٢١" })).toEqual({ value: { availabilityConfirmDays: 21 } });
    expect(readForm(availabilitySettingsSchema, { availabilityConfirmDays: " 90 " })).toEqual({ value: { availabilityConfirmDays: 90 } });
    for (const typed of ["0", "91", "7.5", "-3", "abc", "", "100"]) {
      expect(readForm(availabilitySettingsSchema, { availabilityConfirmDays: typed }), typed).toEqual({
        errors: { availabilityConfirmDays: [SETTINGS_MESSAGES.availabilityDaysInvalid] },
      });
    }
  });

  it("the manager saves it and the rule reads it at once; a refused number or an employee's post changes nothing", async () => {
    const saved = await post({ intent: "availability", availabilityConfirmDays: "٣٠" });
    expect([saved.status, saved.location, saved.toast]).toEqual([302, "/admin/settings", { tone: "success", text: SETTINGS_MESSAGES.availabilitySaved }]);
    expect((await getSettings(db())).availabilityConfirmDays).toBe(30);
    const page = (await adminSettings.load(manager)) as { values: { availability: unknown } };
    expect(page.values.availability).toEqual({ availabilityConfirmDays: "30" });

    const refused = await post({ intent: "availability", availabilityConfirmDays: "0" });
    expect([refused.status, refused.errors, refused.initialValue?.availabilityConfirmDays]).toEqual([
      400,
      { availabilityConfirmDays: [SETTINGS_MESSAGES.availabilityDaysInvalid] },
      "0",
    ]);
    const employee = await post({ intent: "availability", availabilityConfirmDays: "5" }, "staff");
    expect(employee.location).toBe("/admin");
    expect((await getSettings(db())).availabilityConfirmDays).toBe(30);
  });
});
