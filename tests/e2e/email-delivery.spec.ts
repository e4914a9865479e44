import type { Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { axeBuilder, noSeriousViolations } from "./axe.ts";

/** With SHOTS_DIR set, a phone (390 px) and a desktop screenshot of the page as it is, to look at. */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

// Decision 032: a reply's e-mail is queued with the reply and sent by the scheduler's job; the card
// shows its delivery, and one that was not sent can be sent again from there.
test("a reply's e-mail: on its way, sent; not sent shows «تعذّر الإرسال» with «إعادة الإرسال», which sends it once more", async ({ page, signedInAs }) => {
  const name = `عميل البريد ${unique()}`;
  const email = `delivery.${unique()}@example.sa`;
  await queryE2eDatabase("insert into inquiries (name, phone, email, message) values ($1, '+966559876500', $2, 'هل العرض متاح؟')", [name, email]);
  await signedInAs("staff");
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("inquiry-card").filter({ hasText: name });
  // The reply box opens on «رد» (issue 29's compact card).
  await card.getByRole("button", { name: "رد", exact: true }).click();
  await card.getByLabel("الرد على العميل").fill("نعم، العرض متاح ويسعدنا ترتيب المعاينة.");
  await card.getByRole("button", { name: "رد بالبريد الإلكتروني" }).click();
  await expect(card.getByRole("status")).toHaveText("تم تسجيل الرد، وجارٍ إرساله بالبريد الإلكتروني");
  const replies = async () => (await readE2eOutbox("email")).filter((m) => m.to === email).length;
  await expect.poll(replies).toBe(1);
  await page.reload();
  const delivery = card.getByTestId("email-delivery");
  await expect(delivery).toHaveAttribute("data-state", "sent");

  // As a send cut off before it was confirmed leaves it (the job then marks it not sent).
  await queryE2eDatabase("update outgoing_emails set status = 'failed', last_error = 'انقطع الإرسال قبل تأكيده' where inquiry_id = (select id from inquiries where name = $1)", [
    name,
  ]);
  await page.reload();
  await expect(delivery).toHaveAttribute("data-state", "failed");
  await expect(delivery).toContainText("تعذّر الإرسال");
  await noSeriousViolations(axeBuilder(page).include('[data-testid="inquiry-card"]'));
  await shots(page, "inbox-delivery-failed");

  // The replies are folded under «سجل الردود»: opened to press the button.
  await card.getByTestId("reply-history").locator("summary").click();
  await delivery.getByRole("button", { name: "إعادة الإرسال" }).click();
  await expect.poll(replies).toBe(2);
  await page.reload();
  await expect(delivery).toHaveAttribute("data-state", "sent");
  await expect(delivery).toContainText("أُرسل");
  await shots(page, "inbox-delivery-sent");
  expect(await replies()).toBe(2);
});
