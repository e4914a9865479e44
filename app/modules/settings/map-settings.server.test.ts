import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settings } from "~/db/schema.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readForm } from "../../../tests/factories/form-answer.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { settingsPage } from "../../../tests/factories/settings.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { mapSettingsSchema, OSM_TILE_URL, SETTINGS_MESSAGES } from "./settings-schema.ts";
import { getSettings, invalidateSettings } from "./settings.server.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
/** A real staff row: every settings save names its author in the audit log. */
let manager: StaffProfile;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "المدير", username: "boss", phone: "0500000001", role: "manager" });
});
const TILES = "https://tiles.example.sa/{z}/{x}/{y}.png";

beforeEach(async () => {
  await db()
    .insert(settings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: settings.id, set: { mapTileUrl: OSM_TILE_URL } });
  invalidateSettings();
});

const adminSettings = settingsPage(db, env);
/** Posts to the settings page's action as the manager, or as this member with another role. */
const post = (fields: Record<string, string>, role: StaffProfile["role"] = "manager") => adminSettings.post({ ...manager, role }, fields);
const read = (fields: Record<string, string>) => readForm(mapSettingsSchema, fields);

describe("the maps' tile address (decision 022)", () => {
  it("is OpenStreetMap's until the manager sets another", async () => {
    expect(OSM_TILE_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect((await getSettings(db())).mapTileUrl).toBe(OSM_TILE_URL);
  });

  it("is an https address with {z}, {x} and {y}; emptied, it is OpenStreetMap's again", () => {
    expect(read({ mapTileUrl: ` ${TILES} ` })).toEqual({ value: { mapTileUrl: TILES } });
    expect(read({ mapTileUrl: "https://{s}.tiles.example.sa/{z}/{x}/{y}{r}.png?key=abc" }).value).toBeDefined();
    expect(read({ mapTileUrl: "" })).toEqual({ value: { mapTileUrl: OSM_TILE_URL } });
    expect(read({})).toEqual({ value: { mapTileUrl: OSM_TILE_URL } });
    for (const url of [
      "http://tiles.example.sa/{z}/{x}/{y}.png",
      "tiles.example.sa/{z}/{x}/{y}.png",
      "https://localhost/{z}/{x}/{y}.png",
      "javascript:alert(1)//{z}{x}{y}",
      `https://tiles.example.sa/${"a".repeat(600)}/{z}/{x}/{y}`,
    ]) {
      expect(read({ mapTileUrl: url }), url).toEqual({ errors: { mapTileUrl: [SETTINGS_MESSAGES.mapTileUrlInvalid] } });
    }
    for (const url of ["https://tiles.example.sa/{z}/{x}.png", "https://tiles.example.sa/tile.png", "https://tiles.example.sa/{x}/{y}"]) {
      expect(read({ mapTileUrl: url }), url).toEqual({ errors: { mapTileUrl: [SETTINGS_MESSAGES.mapTileUrlPlaceholders] } });
    }
  });

  it("the manager saves it: the next map reads it at once, and the page shows it", async () => {
    expect((await getSettings(db())).mapTileUrl).toBe(OSM_TILE_URL); // now cached
    const answer = await post({ intent: "map", mapTileUrl: TILES });
    expect([answer.status, answer.location, answer.toast]).toEqual([302, "/admin/settings", { tone: "success", text: SETTINGS_MESSAGES.mapSaved }]);
    expect((await getSettings(db())).mapTileUrl).toBe(TILES);
    const page = (await adminSettings.load(manager)) as {
      values: { map: unknown };
      tileUrl: string;
    };
    expect(page.values.map).toEqual({ mapTileUrl: TILES });
    expect(page.tileUrl).toBe(TILES);
  });

  it("a refused address saves nothing and says why under the field; an employee's post changes nothing", async () => {
    const refused = await post({ intent: "map", mapTileUrl: "https://tiles.example.sa/tile.png" });
    expect([refused.status, refused.errors]).toEqual([400, { mapTileUrl: [SETTINGS_MESSAGES.mapTileUrlPlaceholders] }]);
    const employee = await post({ intent: "map", mapTileUrl: TILES }, "staff");
    expect(employee.location).toBe("/admin");
    expect((await getSettings(db())).mapTileUrl).toBe(OSM_TILE_URL);
  });
});
