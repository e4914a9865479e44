import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { checkStaffCard, fillOwnerForm, sendOwnerForm } from "./owner-path.ts";

/** Issue 28: an owner finds «اعرض عقارك» from any page, says what they want and a price; staff see both. */
test("desktop: «اعرض عقارك» in the header, on the home page and in the footer; the owner's wish and price reach the staff's card", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/");
  await expect(page.getByRole("main").getByRole("link", { name: "اعرض عقارك", exact: true })).toHaveAttribute("href", "/list-your-property");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "اعرض عقارك" })).toHaveAttribute("href", "/list-your-property");
  const headerLink = page.getByRole("navigation", { name: "القائمة الرئيسية" }).getByRole("link", { name: "اعرض عقارك" });
  await expect(headerLink).toBeVisible();
  await page.screenshot({ path: "/work/notes/shots/owner-home-desktop.png" });
  await headerLink.click();
  await expect(page).toHaveURL(/\/list-your-property$/);
  await expect(headerLink).toHaveAttribute("aria-current", "page");

  const name = `مالك المسار ${unique()}`;
  await fillOwnerForm(page, name);
  await page.screenshot({ path: "/work/notes/shots/owner-form-desktop.png", fullPage: true });
  await sendOwnerForm(page);
  const [row] = await queryE2eDatabase<{ goal: string; expected_price: string }>("select goal, expected_price from submissions where client_name = $1", [name]);
  expect(row).toEqual({ goal: "rent", expected_price: "85000" });

  await signedInAs("manager");
  await checkStaffCard(page, name);
});

test("the goal is required and a wrong price is refused by the server too (the browser's checks skipped)", async ({ page }) => {
  await page.route(/\/assets\/submission-schema-[\w-]+\.js$/, (route) => route.abort());
  await page.goto("/list-your-property");
  const name = `مالك بلا اختيار ${unique()}`;
  await fillOwnerForm(page, name, { goal: null });
  await page.getByLabel("السعر المتوقع بالريال (اختياري)").fill("12.5");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/submissions"));
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByText("يرجى اختيار ما تريده لعقارك: بيع أو تأجير أو إدارة")).toBeVisible();
  await expect(page.getByText("اكتب السعر المتوقع بالريال وبالأرقام فقط، مثل ١٬٢٥٠٬٠٠٠")).toBeVisible();
  await expect(page.getByLabel("السعر المتوقع بالريال (اختياري)")).toHaveValue("12.5");
  expect(await queryE2eDatabase("select 1 from submissions where client_name = $1", [name])).toEqual([]);
});
