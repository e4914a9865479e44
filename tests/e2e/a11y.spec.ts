import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

const PAGES = [
  "/",
  "/offers",
  "/offers?view=swipe",
  "/offer/1",
  "/about",
  "/licenses",
  "/services",
  "/services/property-management",
  "/services/marketing-brokerage",
  "/services/valuation",
  "/services/development",
  "/contact?propertyTitle=شقة",
  "/list-your-property",
  "/no-such-page",
];

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    // The live-updates stream never ends, so "network idle" would never come: refuse it here.
    await page.route("**/api/offers/events", (route) => route.abort());
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("no serious accessibility violations in the owner submission form showing its errors", async ({ page }) => {
  await page.goto("/list-your-property");
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByText("يرجى تحميل صورة واحدة على الأقل للعقار.")).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("no serious accessibility violations on /login and the back office", async ({ page, signedInAs }) => {
  test.setTimeout(120_000); // thirteen pages, each loaded and checked
  await page.route("**/api/offers/events", (route) => route.abort());
  const check = async (path: string) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await check("/login");
  await check("/reset-password");
  await signedInAs("manager");
  for (const path of ["/admin", "/admin/profile", "/admin/settings/staff", "/admin/offers", "/admin/offers/new", "/admin/offers/edit/1", "/admin/inquiries", "/admin/submissions"])
    await check(path);
});
