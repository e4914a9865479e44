import type { Page } from "@playwright/test";
import { DEMO_LICENCES } from "../../demo/content.ts";
import { SERVICES, SERVICES_PAGE } from "../../app/modules/services/services.ts";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

/** Waits until React has hydrated the page, so clicks reach its handlers. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
}

/** Every image in `main` has loaded (scrolling lazy ones into view first). */
async function expectImagesLoaded(page: Page) {
  const images = page.locator("main img");
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

async function expectArabicPage(page: Page, h1: string) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  // Nothing a visitor reads in the page body is in Latin letters.
  expect(await page.locator("main").innerText()).not.toMatch(/[A-Za-z]/);
}

const contentValue = async (key: string) => (await queryE2eDatabase<{ value: string }>("select value from site_content where key = $1", [key]))[0]?.value ?? "";

test("about: title, both sections and the seeded galleries, which open large", async ({ page }) => {
  await page.goto("/about");
  await expectArabicPage(page, "من نحن");
  await expect(page.getByRole("navigation", { name: "مسار التنقل" }).getByRole("link", { name: "الرئيسية" })).toHaveAttribute("href", "/");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText(["شريكك العقاري الموثوق", "خدماتنا", "كيف نخدمك؟"]);
  await expect(main.getByText("شركة سعودية متخصصة في إدارة الأملاك والتسويق العقاري")).toBeVisible();

  for (const [key, title] of [
    ["about_section1_images", "شريكك العقاري الموثوق"],
    ["about_section2_images", "خدماتنا"],
  ] as const) {
    const urls = (await contentValue(key)).split(",");
    expect(urls.length).toBeGreaterThanOrEqual(2);
    const gallery = page.getByRole("list", { name: `صور: ${title}` });
    const links = gallery.getByRole("link");
    await expect(links).toHaveCount(urls.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(urls);
    // Our own images come with their smaller variants.
    await expect(gallery.locator("img").first()).toHaveAttribute("srcset", /-400(\.webp)? 400w, .*-800(\.webp)? 800w, .*-1500(\.webp)? 1500w/);
  }
  await expectImagesLoaded(page);

  await hydrated(page);
  await page.getByRole("link", { name: "شريكك العقاري الموثوق - صورة ٢" }).click();
  const dialog = page.getByRole("dialog", { name: "صور: شريكك العقاري الموثوق" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("٢ / ٣")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);
});

test("licences: the seeded licences in order, each opens large with its name", async ({ page }) => {
  await page.goto("/licenses");
  await expectArabicPage(page, "التراخيص والاعتمادات");
  await expect(page.getByText("نعمل وفق الأنظمة واللوائح المعتمدة")).toBeVisible();
  const grid = page.getByTestId("licences");
  await expect(grid.locator("figcaption")).toHaveText(DEMO_LICENCES.map((l) => l.alt));
  const images = grid.locator("img");
  expect(await images.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt")))).toEqual(DEMO_LICENCES.map((l) => l.alt));
  await expect(images.first()).toHaveAttribute("src", /^\/images\/[a-f0-9]{32}-800(\.webp)?$/);
  await expectImagesLoaded(page);

  await hydrated(page);
  await grid.getByRole("link", { name: `عرض «${DEMO_LICENCES[1].alt}» بحجم كامل` }).click();
  const dialog = page.getByRole("dialog", { name: "عرض الترخيص" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(DEMO_LICENCES[1].alt, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("img", { name: DEMO_LICENCES[1].alt })).toBeVisible();
  await dialog.getByRole("button", { name: "الصورة التالية" }).click();
  await expect(dialog.getByText(DEMO_LICENCES[2].alt, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "إغلاق" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/licenses$/);
});

test("services: four cards to the service pages, WhatsApp feasibility study, list your property", async ({ page }) => {
  await page.goto("/services");
  await expectArabicPage(page, "خدماتنا");
  const cards = page.getByTestId("service-cards");
  for (const service of SERVICES) {
    await expect(cards.getByRole("link", { name: service.title, exact: true })).toHaveAttribute("href", `/services/${service.slug}`);
  }
  await expect(cards.getByRole("link")).toHaveCount(4);

  const whatsapp = page.getByRole("link", { name: "اطلب دراسة جدوى عبر واتساب" });
  const href = (await whatsapp.getAttribute("href"))!;
  expect(href).toBe(`https://wa.me/966500000000?text=${encodeURIComponent(SERVICES_PAGE.feasibilityMessage)}`);
  expect(new URL(href).searchParams.get("text")).toContain("دراسة جدوى لإدارة عقاري");
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "اعرض عقارك علينا" })).toHaveAttribute("href", "/list-your-property");

  // The whole card is clickable, not only its title: here its picture.
  await hydrated(page);
  await cards
    .locator("article")
    .nth(2)
    .click({ position: { x: 40, y: 40 } });
  await expect(page).toHaveURL(/\/services\/valuation$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("التقييم العقاري");
});

for (const service of SERVICES) {
  test(`service page ${service.slug}: hero, services, steps and the call to action`, async ({ page }) => {
    const response = await page.goto(`/services/${service.slug}`);
    expect(response?.status()).toBe(200);
    await expectArabicPage(page, service.title);
    await expect(page.getByRole("navigation", { name: "مسار التنقل" }).getByRole("link", { name: "خدماتنا" })).toHaveAttribute("href", "/services");
    await expect(page.getByRole("navigation", { name: "القائمة الرئيسية" }).getByRole("link", { name: "خدماتنا" })).toHaveAttribute("aria-current", "page");

    const hero = page.getByRole("img", { name: service.artworkAlt });
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("srcset", `/artwork/services/${service.slug}-800.webp 800w, /artwork/services/${service.slug}-1600.webp 1600w`);
    await expect(hero).toHaveAttribute("width", "1600");
    await expect(hero).toHaveAttribute("height", "1067");
    await expect(page.getByText(service.intro)).toBeVisible();

    await expect(page.getByRole("heading", { level: 2, name: service.itemsTitle })).toBeVisible();
    for (const item of service.items) await expect(page.getByRole("heading", { level: 3, name: item.title, exact: true })).toBeVisible();
    const steps = page.locator("section[aria-labelledby=service-steps] ol > li");
    await expect(steps).toHaveCount(service.steps.length);

    // Marketing and brokerage → /list-your-property; the others → /contact.
    const expected = service.slug === "marketing-brokerage" ? "/list-your-property" : "/contact";
    const ctas = page.getByRole("link", { name: service.cta.label });
    await expect(ctas).toHaveCount(2);
    for (const cta of await ctas.all()) await expect(cta).toHaveAttribute("href", expected);

    // The other three services are linked below.
    const others = page.locator("section[aria-labelledby=other-services]").getByRole("link");
    expect(await others.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual(SERVICES.filter((s) => s.slug !== service.slug).map((s) => `/services/${s.slug}`));
    await expectImagesLoaded(page);
  });
}

test("an unknown service answers 404 with the not-found page", async ({ page }) => {
  for (const path of ["/services/cleaning", "/services/toString"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "الصفحة غير موجودة" })).toBeVisible();
  }
});

test("no horizontal scrolling on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/about", "/licenses", "/services", ...SERVICES.map((s) => `/services/${s.slug}`)]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});

test("the sitemap lists every public page", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/about", "/licenses", "/services", ...SERVICES.map((s) => `/services/${s.slug}`), "/contact", "/list-your-property"]) {
    expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
  }
});
