import { expect, test } from "./fixtures.ts";

test.describe("public layout", () => {
  test("home → offers → offer", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("link", { name: "الرئيسية" }).first()).toHaveAttribute("aria-current", "page");
    // The featured section shows the first 3 offers.
    const featured = page.locator("section[aria-labelledby=featured-title] article");
    await expect(featured).toHaveCount(3);
    await page.getByRole("link", { name: "المزيد من العروض" }).click();
    await expect(page).toHaveURL(/\/offers$/);
    await expect(page.getByRole("heading", { level: 1, name: "العروض العقارية" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "القائمة الرئيسية" }).getByRole("link", { name: "العروض" })).toHaveAttribute("aria-current", "page");
    const firstCard = page.getByTestId("offers-grid").locator("article").first();
    const title = (await firstCard.getByRole("heading").textContent())!.trim();
    await firstCard.getByRole("link").click();
    await expect(page).toHaveURL(/\/offer\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("navigation", { name: "مسار التنقل" }).getByRole("link", { name: "العروض" })).toHaveAttribute("href", "/offers");
  });

  test("home search goes to /offers with the query parameters", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("search", { name: "البحث في العروض" });
    await bar.getByLabel("كلمة البحث").fill("فيلا");
    await bar.getByLabel("المدينة").selectOption("الرياض");
    await bar.getByLabel("نوع العقار").selectOption("فيلا");
    await bar.getByLabel("الحالة").selectOption("للبيع");
    await bar.getByLabel("الترتيب").selectOption("high");
    await bar.getByRole("button", { name: "عرض النتائج" }).click();
    await expect(page).toHaveURL(/\/offers\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      keyword: "فيلا",
      city: "الرياض",
      propertyType: "فيلا",
      status: "للبيع",
      priceSort: "high",
    });
    // The filter bar on /offers starts from the query.
    await expect(page.getByLabel("كلمة البحث")).toHaveValue("فيلا");
    await expect(page.getByLabel("المدينة")).toHaveValue("الرياض");
  });

  test("footer: about text, links, and 'محفوظة' leads to /login", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const href of [
      "/about",
      "/offers",
      "/contact",
      "/licenses",
      "/services/property-management",
      "/services/marketing-brokerage",
      "/services/valuation",
      "/services/development",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole("link", { name: "محفوظة" })).toHaveAttribute("href", "/login");
  });

  test("floating WhatsApp button uses the company number", async ({ page }) => {
    await page.goto("/offers");
    const link = page.getByRole("link", { name: "تواصل معنا عبر واتساب" });
    await expect(link).toHaveAttribute("href", /^https:\/\/wa\.me\/966500000000\?text=/);
  });

  test("quick-request cards open WhatsApp with their preset messages", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("section[aria-labelledby=quick-requests] a");
    await expect(cards).toHaveCount(4);
    const hrefs = await cards.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const messages = hrefs.map((href) => new URL(href).searchParams.get("text"));
    expect(messages).toEqual([expect.stringContaining("تسويق"), expect.stringContaining("تأجير"), expect.stringContaining("إدارة"), expect.stringContaining("أبحث")]);
  });

  test("search overlay: results link to offers, empty text, closes on backdrop and close button", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "بحث", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "البحث" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("combobox").fill("الرياض");
    const results = dialog.getByRole("option");
    await expect(results.first()).toBeVisible();
    await expect(results.first()).toHaveAttribute("href", /^\/offer\/\d+$/);

    await dialog.getByRole("combobox").fill("كلمة لا توجد أبداً");
    await expect(dialog.getByText("لا توجد نتائج مطابقة لبحثك.")).toBeVisible();

    await dialog.getByRole("button", { name: "إغلاق" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "بحث", exact: true }).click();
    await expect(dialog).toBeVisible();
    await page.getByTestId("search-backdrop").click({ position: { x: 10, y: 10 } });
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "بحث", exact: true }).click();
    await dialog.getByRole("combobox").fill("مكه"); // folded: finds مكة المكرمة
    await expect(results.first()).toContainText("مكة");
    await results.first().click();
    await expect(page).toHaveURL(/\/offer\/\d+$/);
    await expect(dialog).toBeHidden();
  });

  test("unknown paths and unknown offers answer 404 with the not-found page", async ({ page }) => {
    for (const path of ["/no-such-page", "/offer/999999", "/offer/abc"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "الصفحة غير موجودة" })).toBeVisible();
      await expect(page.getByRole("link", { name: "العودة إلى الرئيسية" })).toHaveAttribute("href", "/");
    }
  });
});
