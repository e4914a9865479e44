import type { Locator, Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The floating WhatsApp button never hides a form's field or its send button on a phone (issue 16):
 * it steps aside while a field has focus, and while the form passes the bottom of the screen.
 */
test.use({ viewport: { width: 390, height: 844 } });

const floating = (page: Page) => page.getByRole("link", { name: "تواصل معنا عبر واتساب" });
/** What sits at the bottom of the screen: on an offer page the bar with call, WhatsApp and «استفسار» (issue 28), elsewhere the floating button. */
const bottomControl = (page: Page, path: string) => (path.startsWith("/offer/") ? page.getByTestId("offer-bar") : floating(page));

/** Scrolls the page so the element's bottom edge sits at the bottom of the screen, where a person scrolling down first meets it. */
async function bringToBottom(target: Locator) {
  await target.evaluate((element) => element.scrollIntoView({ block: "end", behavior: "instant" }));
  // Two frames: the scroll-driven styles follow the scroll position.
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The button's box where it covers the target, or null: hidden, or beside it. */
async function covering(control: Locator, target: Locator) {
  if (!(await control.isVisible())) return null;
  const [button, box] = [await control.boundingBox(), await target.boundingBox()];
  return button && box && overlap(button, box) ? button : null;
}

/** Each field of the form brought to the bottom of the screen, as scrolling down meets it, then focused; then the send button. */
async function checkForm(page: Page, form: Locator, path: string) {
  const control = bottomControl(page, path);
  const submit = form.locator("button[type=submit]");
  const fields = form.locator("input:not([type=hidden]), textarea, select");
  const problems: string[] = [];
  let checked = 0;
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    if (!(await field.isVisible()) || !(await field.isEnabled()) || (await field.getAttribute("tabindex")) === "-1") continue;
    const name = (await field.getAttribute("name")) ?? String(i);
    await bringToBottom(field);
    if (await covering(control, field)) problems.push(`${path}: the button covers the field ${name} before it has focus`);
    await field.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
    await expect(field).toBeFocused();
    if (await covering(control, field)) problems.push(`${path}: the button covers the field ${name}`);
    if (await covering(control, submit)) problems.push(`${path}: the button covers the send button while ${name} has focus`);
    checked++;
  }
  expect(checked).toBeGreaterThanOrEqual(3);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await bringToBottom(submit);
  if (await covering(control, submit)) problems.push(`${path}: the button covers the send button at the bottom of the screen`);
  // Past the form, at the foot of the page, it is there.
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await expect(control).toBeVisible();
  return problems;
}

test("the floating WhatsApp button covers no field and no send button of the inquiry, contact and listing forms at 390 px", async ({ page }) => {
  test.setTimeout(60_000);
  const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers where ad_licence_ends_at is null or ad_licence_ends_at > now() order by id limit 1");
  const problems: string[] = [];
  for (const path of [`/offer/${offer!.id}`, "/contact", "/list-your-property"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const form = page.locator("main form").filter({ has: page.locator("button[type=submit]") });
    await expect(form).toHaveCount(1);
    problems.push(...(await checkForm(page, form, path)));
    // One WhatsApp control at the bottom of an offer page: the bar's, not the floating button as well.
    if (path.startsWith("/offer/")) await expect(floating(page)).toBeHidden();
    await page.screenshot({ path: `/tmp/shots-polish/wa-${path.split("/")[1]}-phone.png` });
  }
  expect(problems).toEqual([]);
});
