import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// The manager decides which statuses a visitor sees (decision 027): «محجوز» made available shows the
// reserved villa on /offers at once (the page cache dropped), and made internal again hides it.
const RESERVED_VILLA = "فيلا دوبلكس مع مسبح خاص في أبحر الشمالية";

test.afterAll(async () => {
  await queryE2eDatabase("update offer_statuses set visibility = 'internal' where name = 'محجوز'");
});

test("the manager makes «محجوز» public and internal again in settings; the list follows", async ({ page, signedInAs, browser }) => {
  test.slow();
  const visitor = await browser.newPage();
  await visitor.goto("/offers?keyword=فيلا");
  await expect(visitor.getByTestId("offers-grid").getByText(RESERVED_VILLA)).toHaveCount(0);

  await signedInAs("manager");
  await page.goto("/admin/settings");
  const statuses = page.getByRole("region", { name: "حالات العروض" });
  const reserved = statuses.getByTestId("status-visibility-محجوز");
  await expect(reserved.getByLabel("الظهور للزوار: محجوز")).toHaveValue("internal");
  // A recent status's days: out of range is refused in Arabic, and nothing changes.
  await reserved.getByLabel("الظهور للزوار: محجوز").selectOption("recent");
  await reserved.getByLabel(/مدة الظهور/).fill("٠");
  await reserved.getByRole("button", { name: "حفظ الظهور" }).click();
  await expect(reserved).toContainText("يرجى إدخال عدد الأيام من ١ إلى ٣٦٥");
  const [still] = await queryE2eDatabase<{ visibility: string }>("select visibility from offer_statuses where name = 'محجوز'");
  expect(still!.visibility).toBe("internal");

  await reserved.getByLabel("الظهور للزوار: محجوز").selectOption("available");
  await reserved.getByRole("button", { name: "حفظ الظهور" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تم حفظ ظهور الحالة للزوار" })).toBeVisible();
  await page.screenshot({ path: "/work/notes/shots/status-settings-1366.png", fullPage: false });

  await visitor.goto("/offers?keyword=فيلا");
  await expect(visitor.getByTestId("offers-grid").getByText(RESERVED_VILLA)).toHaveCount(1);

  await page.reload();
  await statuses.getByTestId("status-visibility-محجوز").getByLabel("الظهور للزوار: محجوز").selectOption("internal");
  await statuses.getByTestId("status-visibility-محجوز").getByRole("button", { name: "حفظ الظهور" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تم حفظ ظهور الحالة للزوار" })).toBeVisible();
  await visitor.goto("/offers?keyword=فيلا");
  await expect(visitor.getByTestId("offers-grid").getByText(RESERVED_VILLA)).toHaveCount(0);
  await visitor.close();
});
