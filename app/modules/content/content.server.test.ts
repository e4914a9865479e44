import { describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { getSiteContent, invalidateSiteContent, mergeContent, saveSiteContent } from "./content.server.ts";
import { SITE_CONTENT_DEFAULTS } from "./defaults.ts";

const db = useTestDatabase();

describe("site content", () => {
  it("merges stored entries over the defaults and ignores unknown keys", () => {
    const content = mergeContent([
      { key: "home_hero_title", value: "عنوان جديد" },
      { key: "not_a_key", value: "x" },
    ]);
    expect(content.home_hero_title).toBe("عنوان جديد");
    expect(content.footer_about_text).toBe(SITE_CONTENT_DEFAULTS.footer_about_text);
    expect("not_a_key" in content).toBe(false);
  });

  it("serves the defaults for an empty store, then what was saved", async () => {
    invalidateSiteContent();
    expect((await getSiteContent(db())).content).toEqual(SITE_CONTENT_DEFAULTS);
    await saveSiteContent(db(), { home_featured_title: "أحدث عروضنا" });
    expect((await getSiteContent(db())).content.home_featured_title).toBe("أحدث عروضنا");
  });

  it("falls back to the last good copy when reading fails", async () => {
    invalidateSiteContent();
    await getSiteContent(db()); // a good copy
    invalidateSiteContent();
    const broken = {
      select: () => {
        throw new Error("connection refused");
      },
    } as unknown as Db;
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    process.env.LOG_LEVEL = "error";
    const result = await getSiteContent(broken);
    process.env.LOG_LEVEL = "silent";
    expect(result.stale).toBe(true);
    expect(result.content.home_featured_title).toBe("أحدث عروضنا");
    expect(String(stderr.mock.calls[0]?.[0])).toContain("فشل تحميل المحتوى. جارٍ استخدام نسخة محفوظة.");
  });

  it("a read that began before a save is not cached after it (another instance's save, heard mid-read)", async () => {
    await saveSiteContent(db(), { home_hero_title: "بعد" });
    invalidateSiteContent();
    // A read whose rows predate the save: the save's announcement arrives while it is under way.
    const slow = {
      select: () => ({
        from: async () => {
          invalidateSiteContent();
          return [{ key: "home_hero_title", value: "قبل" }];
        },
      }),
    } as unknown as Db;
    expect((await getSiteContent(slow)).content.home_hero_title).toBe("قبل");
    expect((await getSiteContent(db())).content.home_hero_title).toBe("بعد");
  });
});
