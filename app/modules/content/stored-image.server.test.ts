import { describe, expect, it } from "vitest";
import { images } from "~/db/schema.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { storedImageOf } from "./stored-image.server.ts";

const db = useTestDatabase();

describe("storedImageOf", () => {
  it("reads the photo a content URL names, with its AVIF widths", async () => {
    const id = "c".repeat(32);
    await db()
      .insert(images)
      .values({ id, width: 1600, height: 900, variants: [400, 800, 1500], avif: [400, 800], colour: "#123456" });
    expect(await storedImageOf(db(), `/images/${id}-1500.webp`)).toEqual({ id, width: 1600, height: 900, variants: [400, 800, 1500], avif: [400, 800], colour: "#123456" });
  });

  it("is undefined for a URL that is not one of ours, or a photo since deleted", async () => {
    expect(await storedImageOf(db(), "https://example.com/hero.jpg")).toBeUndefined();
    expect(await storedImageOf(db(), `/images/${"d".repeat(32)}-800.webp`)).toBeUndefined();
    expect(await storedImageOf(db(), `/images/${"c".repeat(32)}-800.webp?x=1`)).toBeUndefined();
  });
});
