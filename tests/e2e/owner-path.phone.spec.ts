import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { checkStaffCard, fillOwnerForm, sendOwnerForm } from "./owner-path.ts";

test.use({ viewport: { width: 390, height: 844 } });

/** Issue 28: on a phone «اعرض عقارك» is in the menu; the owner's wish and price reach the staff's card. */
test("phone: the menu leads to the owner form; the wish and the price reach the staff's card", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await page.goto("/offers");
  await page.getByRole("button", { name: "فتح القائمة" }).click();
  const menu = page.getByRole("navigation", { name: "القائمة", exact: true });
  await page.screenshot({ path: "/work/notes/shots/owner-menu-phone.png" });
  await menu.getByRole("link", { name: "اعرض عقارك" }).click();
  await expect(page).toHaveURL(/\/list-your-property$/);
  await expect(menu).toBeHidden();

  const name = `مالك الجوال ${unique()}`;
  await fillOwnerForm(page, name);
  await page.screenshot({ path: "/work/notes/shots/owner-form-phone.png", fullPage: true });
  await sendOwnerForm(page);
  const [row] = await queryE2eDatabase<{ goal: string; expected_price: string }>("select goal, expected_price from submissions where client_name = $1", [name]);
  expect(row).toEqual({ goal: "rent", expected_price: "85000" });

  await signedInAs("manager");
  await checkStaffCard(page, name);
});
