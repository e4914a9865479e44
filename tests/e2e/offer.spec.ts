import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, uniquePhone } from "./fixtures.ts";

async function firstOfferId(page: Page): Promise<number> {
  await page.goto("/offers");
  const href = await page.getByTestId("offers-grid").locator("article a").first().getAttribute("href");
  return Number(href!.split("/").pop());
}

/** The offers a visitor can open: an available status (decision 027), a licence not ended. */
const PUBLIC = "status in (select name from offer_statuses where visibility = 'available') and (ad_licence_ends_at is null or ad_licence_ends_at > now())";

async function offerWithUnits(): Promise<{ id: number; title: string; price: string }> {
  const [row] = await queryE2eDatabase<{ id: number; title: string; price: string }>(
    `select id, title, price from offers where jsonb_array_length(units) > 0 and ${PUBLIC} order by id limit 1`,
  );
  return row!;
}

test("offer page: price in both forms, facts, gallery, units, map, neighbours", async ({ page }) => {
  const offer = await offerWithUnits();
  await page.goto(`/offer/${offer.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.title);
  const price = Number(offer.price);
  await expect(page.getByTestId("price-sar")).toHaveText(`${price.toLocaleString("en-US")} SAR`);
  await expect(page.getByTestId("price-arabic")).toHaveText(
    new Intl.NumberFormat("ar-SA", { style: "currency", currency: "SAR", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(price),
  );
  await expect(page.getByRole("heading", { name: /الوحدات المتاحة/ })).toBeVisible();
  // Gallery: thumbnails switch the main photo; counter shows position.
  const thumbs = page.getByRole("list", { name: "الصور المصغرة" }).getByRole("button");
  expect(await thumbs.count()).toBeGreaterThanOrEqual(3);
  await thumbs.nth(1).click();
  await expect(page.getByText(/^٢ \/ [٠-٩]+$/).first()).toBeVisible();
  // Lightbox opens and closes.
  await page.getByRole("button", { name: "عرض الصورة بحجم كامل" }).click();
  const lightbox = page.getByRole("dialog", { name: "معرض الصور" });
  await expect(lightbox).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  // Map area is reserved at 400 px and the coordinates request goes to WhatsApp.
  const map = page.getByTestId("offer-map");
  expect((await map.boundingBox())!.height).toBe(400);
  await expect(page.getByRole("link", { name: "طلب الإحداثيات" })).toHaveAttribute("href", /wa\.me\/966500000000/);
  // Previous / next exist (they wrap, so always both).
  await expect(page.getByRole("link", { name: "العرض السابق" })).toHaveAttribute("href", /\/offer\/\d+/);
  await expect(page.getByRole("link", { name: "العرض التالي" })).toHaveAttribute("href", /\/offer\/\d+/);
});

test("previous of the newest offer wraps to the oldest", async ({ page }) => {
  const [newest] = await queryE2eDatabase<{ id: number }>(`select id from offers where ${PUBLIC} order by created_at desc, id desc limit 1`);
  const [oldest] = await queryE2eDatabase<{ id: number }>(`select id from offers where ${PUBLIC} order by created_at asc, id asc limit 1`);
  await page.goto(`/offer/${newest!.id}`);
  await expect(page.getByRole("link", { name: "العرض السابق" })).toHaveAttribute("href", `/offer/${oldest!.id}`);
  await page.goto(`/offer/${oldest!.id}`);
  await expect(page.getByRole("link", { name: "العرض التالي" })).toHaveAttribute("href", `/offer/${newest!.id}`);
});

test("share: copy link confirms for 2 seconds; WhatsApp, X and mail links", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // The page's timers run on Playwright's clock, stopped once the page is up: the test moves time itself.
  await page.clock.install();
  const id = await firstOfferId(page);
  await page.goto(`/offer/${id}`);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.getByRole("button", { name: "نسخ الرابط" }).click();
  await expect(page.getByText("تم نسخ الرابط")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/offer/${id}`);
  await page.clock.runFor(1900);
  await expect(page.getByText("تم نسخ الرابط")).toBeVisible();
  await page.clock.runFor(400);
  await expect(page.getByText("تم نسخ الرابط")).toBeHidden();
  // The share links (the side column has a «واتساب» of its own: a chat with the firm, issue 28).
  const share = page.getByRole("region", { name: "شارك هذا العقار" });
  await expect(share.getByRole("link", { name: "واتساب", exact: true })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  await expect(share.getByRole("link", { name: "إكس" })).toHaveAttribute("href", /twitter\.com\/intent\/tweet/);
  await expect(share.getByRole("link", { name: "البريد الإلكتروني" })).toHaveAttribute("href", /^mailto:/);
});

test("share: a failed copy alerts", async ({ page }) => {
  const id = await firstOfferId(page);
  await page.goto(`/offer/${id}`);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
  });
  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "نسخ الرابط" }).click();
  await expect.poll(() => messages).toEqual(["لم يتم نسخ الرابط"]);
  await expect(page.getByText("تم نسخ الرابط")).toBeHidden();
});

test("inquiry: phone required, then stored as pending with the offer; success for 5 s then a clear form", async ({ page }) => {
  const id = await firstOfferId(page);
  await page.goto(`/offer/${id}`);
  const form = page.locator("aside");
  await form.getByLabel("الاسم").fill("عميل الاختبار");
  await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
  await expect(form.getByText("الرجاء إدخال رقم الهاتف")).toBeVisible();
  await expect(form.getByLabel("الاسم")).toHaveValue("عميل الاختبار");

  const phone = uniquePhone();
  await form.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
  await form.getByLabel("رسالتك (اختياري)").fill("هل السعر قابل للتفاوض؟");
  await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
  await expect(form.getByText("تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.")).toBeVisible();

  const rows = await queryE2eDatabase<{ name: string; status: string; property_id: number; property_title: string; message: string }>(
    "select name, status, property_id, property_title, message from inquiries where phone = $1",
    [`+966${phone.slice(1)}`],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: "عميل الاختبار", status: "pending", property_id: id, message: "هل السعر قابل للتفاوض؟" });
  expect(rows[0]!.property_title).toBe(await page.getByRole("heading", { level: 1 }).textContent());

  await expect(form.getByText("تم الإرسال بنجاح!", { exact: false })).toBeHidden({ timeout: 7000 });
  await expect(form.getByLabel("الاسم")).toHaveValue("");
  await expect(form.getByLabel("رقم الهاتف (مطلوب)")).toHaveValue("");
  // Nothing business-related is kept in the browser (only React Router's scroll positions).
  const stored = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  expect(stored.filter((key) => key !== "react-router-scroll-positions")).toEqual([]);
});

test("inquiry: the phone's error clears as soon as a number is typed", async ({ page }) => {
  const id = await firstOfferId(page);
  await page.goto(`/offer/${id}`);
  const form = page.locator("aside");
  await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
  await expect(form.getByText("الرجاء إدخال رقم الهاتف")).toBeVisible();
  await expect(form.getByLabel("رقم الهاتف (مطلوب)")).toBeFocused();
  await form.getByLabel("رقم الهاتف (مطلوب)").pressSequentially("0501234567");
  await expect(form.getByText("الرجاء إدخال رقم الهاتف")).toBeHidden();
  await expect(form.getByLabel("رقم الهاتف (مطلوب)")).not.toHaveAttribute("aria-invalid");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the inquiry post reaches the server, which asks for the bot check and keeps what was typed", async ({ page }) => {
    const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers order by id desc limit 1");
    await page.goto(`/offer/${offer!.id}`);
    const phone = uniquePhone();
    const form = page.locator("aside");
    await form.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
    await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
    await expect(page.getByRole("alert")).toHaveText("حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى");
    await expect(form.getByLabel("رقم الهاتف (مطلوب)")).toHaveValue(phone);
    expect(await queryE2eDatabase("select 1 from inquiries where phone = $1", [`+966${phone.slice(1)}`])).toEqual([]);
  });
});

test("offer page metadata: title, description, Open Graph, Twitter, canonical, JSON-LD", async ({ page, baseURL }) => {
  const id = await firstOfferId(page);
  await page.goto(`/offer/${id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await expect(page).toHaveTitle(new RegExp(title));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL!.replaceAll(".", "\\.")}/images/[a-f0-9]{32}-\\d+\\.webp$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(title));
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/offer/${id}`);
  const jsonLd: unknown = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "RealEstateListing", name: title, offers: { priceCurrency: "SAR" } });
});

test("the page's server-built markup goes out once: not in a document's data, still there after hydration and on the next offer reached in the browser", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const offer = await offerWithUnits();
  const response = await page.goto(`/offer/${offer.id}`);
  const html = await response!.text();
  const data = [...html.matchAll(/<script[^>]*>(window\.__reactRouterContext[\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  expect(html).toContain('data-markup="offer.summaryHtml"');
  // The head (its h1), the licence block and the footer's firm details are in the page, not in its data.
  expect(data).not.toContain("<h1");
  expect(data).not.toContain("ad-licence-title");
  expect(data).not.toContain("tel:");
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.title);
  const footerContacts = page.locator('footer [data-markup="site.firmFooterHtml"]');
  await expect(footerContacts.getByRole("link").first()).toBeVisible();
  // The next offer comes as data (a .data answer carries its markup) and replaces the head.
  const next = page.getByRole("link", { name: "العرض التالي" });
  const nextId = (await next.getAttribute("href"))!.split("/").pop()!;
  const [nextOffer] = await queryE2eDatabase<{ title: string }>("select title from offers where id = $1", [Number(nextId)]);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/offer/${nextId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextOffer!.title);
  await expect(footerContacts.getByRole("link").first()).toBeVisible();
  // And back: the first offer's head again, drawn from its data.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.title);
  expect(errors).toEqual([]);
});
