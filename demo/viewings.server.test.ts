import { describe, expect, it } from "vitest";
import { viewings } from "~/db/schema.ts";
import { createOffer } from "../tests/factories/offers.ts";
import { useTestDatabase } from "../tests/setup/test-db.ts";
import { seedDemoStaff } from "./staff.server.ts";
import { seedDemoViewings } from "./viewings.server.ts";

const db = useTestDatabase();

describe("the diary's demo viewings", () => {
  it("fills this week once: two to come, one done with its outcome, one a visitor asked for", async () => {
    await seedDemoStaff(db());
    for (let i = 0; i < 4; i++) await createOffer(db(), { location: "النرجس", city: "الرياض", lat: 24.8, lng: 46.6 });
    const now = Date.now();
    await seedDemoViewings(db(), now);
    await seedDemoViewings(db(), now);
    const rows = await db().select().from(viewings);
    expect(rows.map((r) => r.status).sort()).toEqual(["confirmed", "confirmed", "done", "requested"]);
    for (const row of rows) expect(Math.abs(row.startsAt.getTime() - now)).toBeLessThan(4 * 24 * 60 * 60_000);
    expect(rows.find((r) => r.status === "done")!.outcome).toBe("interested");
    expect(rows.every((r) => r.meetingPoint === "النرجس، الرياض")).toBe(true);
  });
});
