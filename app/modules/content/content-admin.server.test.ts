import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { images, siteContent, siteContentVersions, stagedImages } from "~/db/schema.ts";
import { getImage, stageImage, storeImage } from "~/modules/images/images.server.ts";
import { settledImageFiles, testStorage, variantFiles } from "../../../tests/factories/storage.ts";
import { startCacheSync } from "~/modules/live-updates/cache-sync.server.ts";
import { createEventHub } from "~/modules/live-updates/event-hub.server.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { action as contentAction, loader as contentLoader } from "~/routes/admin/content.tsx";
import { action as imageUploadAction } from "~/routes/admin/content-images.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { removeDataFolder } from "../../../tests/setup/test-folders.ts";
import { CONTENT_VERSIONS, contentImageIds, loadContentEditor, restoreContentVersion } from "./content-admin.server.ts";
import { handleContentPost } from "./content-action.server.ts";
import { CONTENT_LIMITS, CONTENT_MESSAGES, CONTENT_SECTIONS, MARQUEE_LIMITS, RESTORE_INTENT, SAVE_ALL_INTENT, sectionIntent, type ContentSectionId } from "./content-sections.ts";
import { getPageContent, getSiteContent, invalidateSiteContent } from "./content.server.ts";
import { SITE_CONTENT_DEFAULTS, type SiteContentKey } from "./defaults.ts";

const db = useTestDatabase({ connections: 6 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-content-admin-"));
const storage = testStorage(dataDir);
afterAll(() => removeDataFolder(dataDir));
const env = { ...parseEnv({ PUBLIC_URL: "https://aqar.example.sa" }), DATA_DIR: dataDir };
const services = () => ({ db: db(), env, storage }) as unknown as AppServices;

let manager: StaffProfile;
let colleague: StaffProfile;
let jpeg: Buffer;
beforeAll(async () => {
  manager = await createStaffUser(db(), { name: "ريم المديرة", username: "reem.content", phone: "0551300001", role: "manager" });
  colleague = await createStaffUser(db(), { name: "فهد", username: "fahd.content", phone: "0551300002", role: "manager" });
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a73" } })
    .jpeg()
    .toBuffer();
});

/** What the page posts: every field of the sections saved (texts as typed, lists one entry each), with the button's intent. */
type Posted = Partial<Record<SiteContentKey, string | string[]>>;
function contentForm(intent: string, values: Posted = {}): FormData {
  const form = new FormData();
  form.set("intent", intent);
  const section = intent.startsWith("section:") ? CONTENT_SECTIONS.find((s) => sectionIntent(s.id) === intent) : undefined;
  for (const field of (section ? [section] : CONTENT_SECTIONS).flatMap((s) => s.fields)) {
    const value = values[field.key] ?? (field.kind === "line" || field.kind === "paragraph" ? "" : []);
    if (field.kind === "texts") (value as string[]).forEach((text, i) => form.append(`${field.key}[${i}]`, text));
    else if (Array.isArray(value)) value.forEach((token) => form.append(field.key, token));
    else form.set(field.key, value);
  }
  return form;
}

const post = async (form: FormData, user = manager) => await readAnswer(await handleContentPost(services(), user, form), env);
const saveSection = (id: ContentSectionId, values: Posted, user = manager) => post(contentForm(sectionIntent(id), values), user);

async function storedContent(): Promise<Record<string, string>> {
  const rows = await db().select({ key: siteContent.key, value: siteContent.value }).from(siteContent);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
const versionsOf = (section: string) =>
  db()
    .select()
    .from(siteContentVersions)
    .where(eq(siteContentVersions.section, section))
    .orderBy(sql`${siteContentVersions.id} desc`);
const versionCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(siteContentVersions)
  )[0]!.n;
const isStaged = async (id: string) => (await db().select().from(stagedImages).where(eq(stagedImages.imageId, id))).length === 1;
const imageExists = async (id: string) => (await db().select({ id: images.id }).from(images).where(eq(images.id, id))).length === 1;
const filesOf = async (id: string) => (await settledImageFiles(dataDir)).filter((file) => file.startsWith(id));
const upload = (user = manager) => stageImage(db(), storage, jpeg, user.id, "content");
const urlOf = (id: string) => `/images/${id}-900.webp`;

describe("only the manager edits the site's content", () => {
  const adminContext = (user: StaffProfile) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services());
    context.set(staffUserContext, user);
    return context;
  };
  const call = async (fn: (args: never) => Promise<unknown>, request: Request, user: StaffProfile) => {
    try {
      return await fn({ request, context: adminContext(user), params: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("the page, its saves and its uploads send the accountant and an employee to /admin, changing nothing", async () => {
    const before = await storedContent();
    const staged = await db().select().from(stagedImages);
    for (const role of ["accountant", "staff"] as const) {
      const user = await createStaffUser(db(), { name: "غير مخوّل", username: `${role}.content`, phone: role === "staff" ? "0551300003" : "0551300004", role });
      const body = new URLSearchParams(contentForm(sectionIntent("home-hero"), { home_hero_title: "دخيل" }) as unknown as URLSearchParams);
      const answers = [
        await call(contentLoader, new Request("https://aqar.example.sa/admin/content"), user),
        await call(contentAction, new Request("https://aqar.example.sa/admin/content", { method: "POST", body }), user),
        await call(imageUploadAction, new Request("https://aqar.example.sa/admin/content/images", { method: "POST", body: new Uint8Array(jpeg) }), user),
      ];
      for (const answer of answers) {
        expect(answer).toBeInstanceOf(Response);
        expect((answer as Response).status).toBe(302);
        expect((answer as Response).headers.get("Location")).toBe("/admin");
      }
    }
    expect(await storedContent()).toEqual(before);
    expect(await db().select().from(stagedImages)).toEqual(staged);

    const allowed = await call(
      contentAction,
      new Request("https://aqar.example.sa/admin/content", {
        method: "POST",
        body: new URLSearchParams({ intent: sectionIntent("licences"), licenses_page_title: "تراخيصنا", licenses_page_subtitle: "" }),
      }),
      manager,
    );
    expect((allowed as Response).headers.get("Location")).toBe("/admin/content");
    expect((await storedContent()).licenses_page_title).toBe("تراخيصنا");
  });
});

describe("limits", () => {
  it("each text may be as long as its limit and not a character more, counted as the page counts (a line break is one)", async () => {
    for (const section of CONTENT_SECTIONS) {
      for (const field of section.fields.filter((f) => f.kind === "line" || f.kind === "paragraph")) {
        const max = CONTENT_LIMITS[field.key];
        expect(max, field.key).toBeGreaterThanOrEqual(SITE_CONTENT_DEFAULTS[field.key].length);
        const refused = await saveSection(section.id, { [field.key]: "ن".repeat(max + 1) });
        expect(refused.status, field.key).toBe(400);
        expect(refused.errors[field.key]).toEqual([CONTENT_MESSAGES.tooLong(max)]);
        expect(refused.errors[""]).toEqual([CONTENT_MESSAGES.fieldFailed(field.label)]);
        // A textarea posts CRLF: still one character each.
        const text = field.kind === "paragraph" ? `${"ن".repeat(max - 3)}\r\nن\r\n` : "ن".repeat(max);
        const saved = await saveSection(section.id, { [field.key]: text });
        expect(saved.status, field.key).toBe(302);
        expect((await storedContent())[field.key]).toBe(text.replaceAll("\r\n", "\n").trim());
      }
    }
    expect(CONTENT_MESSAGES.tooLong(120)).toBe("النص أطول من المسموح: ١٢٠ حرفًا كحد أقصى.");
    expect(CONTENT_MESSAGES.tooLong(2000)).toBe("النص أطول من المسموح: ٢٬٠٠٠ حرف كحد أقصى.");
  });

  it("at most 20 marquee texts of 200 characters, and as many images as a field holds", async () => {
    const many = Array.from({ length: MARQUEE_LIMITS.maxItems + 1 }, (_, i) => `نص ${i}`);
    expect((await saveSection("marquee", { marquee_texts: many })).errors.marquee_texts).toEqual([CONTENT_MESSAGES.tooManyTexts]);
    expect((await saveSection("marquee", { marquee_texts: ["أ", "ب".repeat(201)] })).errors["marquee_texts[1]"]).toEqual([CONTENT_MESSAGES.tooLong(200)]);
    const [a, b] = [await upload(), await upload()];
    const refused = await saveSection("home-hero", { home_hero_title: "", home_hero_subtitle: "", home_hero_image: [a.id, b.id] });
    expect(refused.errors.home_hero_image).toEqual([CONTENT_MESSAGES.tooManyImages(1)]);
    expect(await isStaged(a.id)).toBe(true);
  });
});

describe("the marquee's texts", () => {
  it("are stored '|'-separated in the order given, empty ones dropped; an empty list shows the defaults", async () => {
    expect((await saveSection("marquee", { marquee_texts: ["ثالث", "", "أول", " ثانٍ "] })).toast?.text).toBe(CONTENT_MESSAGES.sectionSaved("الشريط المتحرك"));
    expect((await storedContent()).marquee_texts).toBe("ثالث|أول|ثانٍ");
    expect((await getSiteContent(db())).content.marquee_texts).toBe("ثالث|أول|ثانٍ");
    await saveSection("marquee", { marquee_texts: [] });
    expect((await storedContent()).marquee_texts).toBe("");
    expect((await getSiteContent(db())).content.marquee_texts).toBe(SITE_CONTENT_DEFAULTS.marquee_texts);
  });

  it("refuse a text holding '|' (it would split it in two), under that text, and store nothing", async () => {
    await saveSection("marquee", { marquee_texts: ["قبل"] });
    const refused = await saveSection("marquee", { marquee_texts: ["سليم", "شقق | فلل"] });
    expect(refused.status).toBe(400);
    expect(refused.errors["marquee_texts[1]"]).toEqual([CONTENT_MESSAGES.separatorRefused]);
    expect(refused.errors[""]).toEqual([CONTENT_MESSAGES.fieldFailed("نصوص الشريط المتحرك")]);
    // What was typed comes back whole.
    expect(refused.initialValue?.marquee_texts).toEqual(["سليم", "شقق | فلل"]);
    expect((await storedContent()).marquee_texts).toBe("قبل");
  });
});

describe("a field left empty", () => {
  it("is stored empty and the public pages show its default at once", async () => {
    await saveSection("home-featured", { home_featured_title: "عروض الأسبوع", home_featured_subtitle: "" });
    expect((await getSiteContent(db())).content.home_featured_title).toBe("عروض الأسبوع");
    await saveSection("home-featured", { home_featured_title: "   ", home_featured_subtitle: "" });
    expect((await storedContent()).home_featured_title).toBe("");
    expect((await getSiteContent(db())).content.home_featured_title).toBe(SITE_CONTENT_DEFAULTS.home_featured_title);
  });
});

describe("a page's content", () => {
  it("is the keys it asks for, as saved, and nothing else (a page's data carries only its own texts)", async () => {
    await saveSection("home-featured", { home_featured_title: "عروض الشهر", home_featured_subtitle: "" });
    const content = await getPageContent(db(), ["home_featured_title", "footer_about_title"]);
    expect(content).toEqual({ home_featured_title: "عروض الشهر", footer_about_title: SITE_CONTENT_DEFAULTS.footer_about_title });
  });
});

describe("images", () => {
  it("an uploaded image is claimed by the save and stored as its largest variant's address; replaced, the old one stays for the history", async () => {
    const first = await upload();
    expect((await saveSection("contact", { contact_page_title: "", contact_page_subtitle: "", contact_page_image: [first.id] })).status).toBe(302);
    expect(await isStaged(first.id)).toBe(false);
    expect((await storedContent()).contact_page_image).toBe(urlOf(first.id));
    const second = await upload();
    await saveSection("contact", { contact_page_title: "", contact_page_subtitle: "", contact_page_image: [second.id] });
    expect((await storedContent()).contact_page_image).toBe(urlOf(second.id));
    // A version still holds the first: kept, and it may be used again without uploading it anew.
    expect(await imageExists(first.id)).toBe(true);
    // The files once the later variants are written, then the row (which records them as they are).
    const files = await filesOf(first.id);
    const kept = (await getImage(db(), first.id))!;
    expect(files).toEqual(variantFiles(kept));
    expect((await saveSection("contact", { contact_page_title: "", contact_page_subtitle: "", contact_page_image: [first.id] })).status).toBe(302);
    const editor = await loadContentEditor(db());
    expect(editor.images.contact_page_image).toEqual([{ token: first.id, image: kept }]);
  });

  it("an id that is not an image the content uses, nor one this manager uploaded, is refused and claims nothing", async () => {
    const theirs = await upload(colleague);
    const mine = await upload();
    const elsewhere = await storeImage(db(), storage, jpeg); // e.g. an offer's photo: stored, never staged for the content
    // Uploaded by this same manager, but for an offer's form: the offers' pool is not the content's.
    const offerPhoto = await stageImage(db(), storage, jpeg, manager.id, "offer");
    for (const id of ["0123456789abcdef0123456789abcdef", theirs.id, elsewhere.id, offerPhoto.id]) {
      const refused = await saveSection("about-2", { about_section2_title: "", about_section2_p1: "", about_section2_images: [mine.id, id] });
      expect(refused.status, id).toBe(400);
      expect(refused.errors.about_section2_images).toEqual([CONTENT_MESSAGES.imageUnavailable]);
      expect(refused.errors[""]).toEqual([CONTENT_MESSAGES.fieldFailed("صور القسم الثاني")]);
    }
    expect(await isStaged(mine.id)).toBe(true);
    expect(await isStaged(theirs.id)).toBe(true);
    expect(await isStaged(offerPhoto.id)).toBe(true);
    expect((await storedContent()).about_section2_images ?? "").toBe("");
    // A link the content does not hold already cannot be slipped in either.
    const link = await saveSection("about-2", { about_section2_title: "", about_section2_p1: "", about_section2_images: ["https://evil.example/a.jpg"] });
    expect(link.errors.about_section2_images).toEqual([CONTENT_MESSAGES.imageUnavailable]);
  });

  it("a gallery keeps its order, and a link it held before may stay and move", async () => {
    await db()
      .insert(siteContent)
      .values({ key: "about_section1_images", value: "https://cdn.example.sa/old.jpg" })
      .onConflictDoUpdate({ target: siteContent.key, set: { value: "https://cdn.example.sa/old.jpg" } });
    const [a, b] = [await upload(), await upload()];
    const texts = { about_main_title: "", about_section1_title: "", about_section1_p1: "", about_section1_p2: "" };
    expect((await saveSection("about-1", { ...texts, about_section1_images: [b.id, "https://cdn.example.sa/old.jpg", a.id] })).status).toBe(302);
    expect((await storedContent()).about_section1_images).toBe(`${urlOf(b.id)},https://cdn.example.sa/old.jpg,${urlOf(a.id)}`);
    const editor = await loadContentEditor(db());
    expect(editor.images.about_section1_images?.map((item) => item.token)).toEqual([b.id, "https://cdn.example.sa/old.jpg", a.id]);
  });

  it("the upload answers the stored image as JSON, refuses what is not an image", async () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services());
    context.set(staffUserContext, manager);
    const send = (body: Uint8Array<ArrayBuffer>): Promise<Response> =>
      imageUploadAction({ request: new Request("https://aqar.example.sa/admin/content/images", { method: "POST", body }), context, params: {} } as never);
    const good = await send(new Uint8Array(jpeg));
    const answer = (await good.json()) as { ok: boolean; image: { id: string } };
    expect(answer.ok).toBe(true);
    expect(await isStaged(answer.image.id)).toBe(true);
    const bad = await send(new TextEncoder().encode("not an image"));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: "فشل قراءة الملف: ليس صورة يمكن قراءتها، اختر صورة أخرى." });
  });
});

describe("«حفظ الكل»", () => {
  it("saves every section in one go, with SPEC's message", async () => {
    const answer = await post(contentForm(SAVE_ALL_INTENT, { home_hero_title: "بيتك القادم هنا", footer_about_title: "عن الشركة", marquee_texts: ["جديد"] }));
    expect(answer.toast).toEqual({ tone: "success", text: "تم حفظ جميع التغييرات بنجاح في قاعدة البيانات!" });
    const { content } = await getSiteContent(db());
    expect([content.home_hero_title, content.footer_about_title, content.marquee_texts]).toEqual(["بيتك القادم هنا", "عن الشركة", "جديد"]);
  });

  it("is all or nothing: one field wrong, even the last, leaves every field, image and version as it was", async () => {
    const before = await storedContent();
    const versions = await versionCount();
    const hero = await upload();
    const everything: Posted = {
      marquee_texts: ["تغيير"],
      home_hero_title: "عنوان لن يُحفظ",
      home_hero_image: [hero.id],
      home_featured_title: "لن يُحفظ",
      about_section1_title: "لن يُحفظ",
      licenses_page_title: "لن يُحفظ",
      footer_about_text: "لن يُحفظ",
    };
    // A rule of the server (an image nobody uploaded), met after the sections before it were written in the transaction.
    const late = await post(contentForm(SAVE_ALL_INTENT, { ...everything, contact_page_image: ["fedcba9876543210fedcba9876543210"] }));
    expect(late.status).toBe(400);
    expect(late.errors[""]).toEqual(["فشل حفظ جميع المحتويات", "فشل تحديث المحتوى: صورة صفحة التواصل"]);
    expect(late.errors.contact_page_image).toEqual([CONTENT_MESSAGES.imageUnavailable]);
    // A text over its limit.
    const long = await post(contentForm(SAVE_ALL_INTENT, { ...everything, footer_about_title: "ن".repeat(121) }));
    expect(long.errors[""]).toEqual(["فشل حفظ جميع المحتويات", "فشل تحديث المحتوى: عنوان نبذة التذييل"]);

    expect(await storedContent()).toEqual(before);
    expect(await versionCount()).toBe(versions);
    expect(await isStaged(hero.id)).toBe(true);
    invalidateSiteContent();
    expect((await getSiteContent(db())).content.home_hero_title).not.toBe("عنوان لن يُحفظ");
  });

  it("two managers saving at the same moment: both saves whole, one after the other; the newest version is what the site shows", async () => {
    // A few rounds: which transaction starts first and which writes first vary from round to round.
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([
        post(contentForm(SAVE_ALL_INTENT, { home_hero_title: `نسخة ريم ${round}`, licenses_page_title: `تراخيص ريم ${round}` })),
        post(contentForm(SAVE_ALL_INTENT, { home_hero_title: `نسخة فهد ${round}`, licenses_page_title: `تراخيص فهد ${round}` }), colleague),
      ]);
      expect([a.status, b.status]).toEqual([302, 302]);
      const stored = await storedContent();
      // Whichever came last, it came last for both fields.
      expect([
        [`نسخة ريم ${round}`, `تراخيص ريم ${round}`],
        [`نسخة فهد ${round}`, `تراخيص فهد ${round}`],
      ]).toContainEqual([stored.home_hero_title, stored.licenses_page_title]);
      // Each save is a version of its own; the newest is the one written last.
      const [newest, previous] = await versionsOf("home-hero");
      expect([newest!.values.home_hero_title, previous!.values.home_hero_title].sort()).toEqual([`نسخة ريم ${round}`, `نسخة فهد ${round}`].sort());
      expect(newest!.values.home_hero_title).toBe(stored.home_hero_title);
      const page = await loadContentEditor(db());
      expect(page.versions["home-hero"][0]!.values.home_hero_title).toBe(stored.home_hero_title);
      expect(Date.parse(page.versions["home-hero"][0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(page.versions["home-hero"][1]!.createdAt));
    }
  });
});

describe("versions and «استعادة»", () => {
  it("a section's first save keeps what it held before; each save records who, when and the values; a restore brings one back and is itself a version", async () => {
    await db().delete(siteContentVersions).where(eq(siteContentVersions.section, "licences"));
    await db()
      .insert(siteContent)
      .values({ key: "licenses_page_title", value: "العنوان الأصلي" })
      .onConflictDoUpdate({ target: siteContent.key, set: { value: "العنوان الأصلي" } });
    await saveSection("licences", { licenses_page_title: "الثاني", licenses_page_subtitle: "" });
    await saveSection("licences", { licenses_page_title: "الثالث", licenses_page_subtitle: "وصف" }, colleague);
    const versions = await versionsOf("licences");
    expect(versions.map((v) => [v.values.licenses_page_title, v.savedByName, v.savedBy])).toEqual([
      ["الثالث", "فهد", colleague.id],
      ["الثاني", "ريم المديرة", manager.id],
      ["العنوان الأصلي", "", null],
    ]);
    // A save that changes nothing records nothing.
    await saveSection("licences", { licenses_page_title: "الثالث", licenses_page_subtitle: "وصف" });
    expect(await versionsOf("licences")).toHaveLength(3);

    const page = await loadContentEditor(db());
    expect(page.versions.licences.map((v) => [v.values.licenses_page_title, v.original])).toEqual([
      ["الثالث", false],
      ["الثاني", false],
      ["العنوان الأصلي", true],
    ]);

    const original = versions[2]!;
    const restored = await post(formOf({ intent: RESTORE_INTENT, version: String(original.id) }));
    expect(restored.toast?.text).toBe(CONTENT_MESSAGES.restored("صفحة التراخيص"));
    expect((await storedContent()).licenses_page_title).toBe("العنوان الأصلي");
    expect((await getSiteContent(db())).content.licenses_page_subtitle).toBe(SITE_CONTENT_DEFAULTS.licenses_page_subtitle);
    const [newest] = await versionsOf("licences");
    expect([newest!.values, newest!.savedByName]).toEqual([{ licenses_page_title: "العنوان الأصلي", licenses_page_subtitle: "" }, "ريم المديرة"]);

    const gone = await post(formOf({ intent: RESTORE_INTENT, version: "999999" }));
    expect([gone.status, gone.errors[""]]).toEqual([404, [CONTENT_MESSAGES.versionGone]]);
  });

  it("keeps the newest versions of each section; an image only pruned versions held goes with its files, one still held stays", async () => {
    await db().delete(siteContentVersions).where(eq(siteContentVersions.section, "home-hero"));
    const old = await upload();
    await saveSection("home-hero", { home_hero_title: "البداية", home_hero_subtitle: "", home_hero_image: [old.id] });
    const kept = await upload();
    for (let i = 0; i < CONTENT_VERSIONS.kept; i++) {
      await saveSection("home-hero", { home_hero_title: `نسخة ${i}`, home_hero_subtitle: "", home_hero_image: i === 0 ? [] : [kept.id] });
    }
    const versions = await versionsOf("home-hero");
    expect(versions).toHaveLength(CONTENT_VERSIONS.kept);
    expect(versions.at(-1)!.values.home_hero_title).toBe("نسخة 0");
    expect(await imageExists(old.id)).toBe(false);
    expect(await filesOf(old.id)).toEqual([]);
    expect(await imageExists(kept.id)).toBe(true);
    expect(await contentImageIds(db())).toContain(kept.id);
    // Restoring a version brings its image back: it was kept for that.
    const withImage = versions.find((v) => v.values.home_hero_image)!;
    await restoreContentVersion(db(), storage, manager, withImage.id);
    expect((await storedContent()).home_hero_image).toBe(urlOf(kept.id));
  });
});

describe("public pages show a change at once", () => {
  it("a save drops this process's cached copy, and announces it to every instance on commit; a refused save announces nothing", async () => {
    // The hub listens on this file's own database (a NOTIFY stays inside its database): the pool drizzle holds.
    const hub = createEventHub((db() as unknown as { $client: pg.Pool }).$client);
    await hub.ready();
    const dropped = { content: vi.fn(), settings: vi.fn(), lookups: vi.fn(), licences: vi.fn() };
    const stop = startCacheSync(hub, dropped);
    try {
      expect((await getSiteContent(db())).content.contact_page_title).not.toBe("راسلنا الآن");
      // Refused (rolled back): nothing announced. Notifications arrive in commit order, so once the
      // next save's has arrived, one from this would have too.
      expect((await saveSection("contact", { contact_page_title: "ن".repeat(121), contact_page_subtitle: "" })).status).toBe(400);
      expect((await post(contentForm(SAVE_ALL_INTENT, { contact_page_image: ["fedcba9876543210fedcba9876543210"] }))).status).toBe(400);
      await saveSection("contact", { contact_page_title: "راسلنا الآن", contact_page_subtitle: "" });
      expect((await getSiteContent(db())).content.contact_page_title).toBe("راسلنا الآن");
      await vi.waitFor(() => expect(dropped.content).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(dropped.content).toHaveBeenCalledOnce();
      expect([dropped.settings, dropped.lookups, dropped.licences].map((drop) => drop.mock.calls.length)).toEqual([0, 0, 0]);
    } finally {
      stop();
      await hub.close();
    }
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

it("a post without a known intent is refused", async () => {
  const answer = await post(formOf({ intent: "section:nowhere", home_hero_title: "x" }));
  expect(answer.status).toBe(400);
  expect(answer.errors[""]).toEqual(["طلب غير صالح"]);
});
