import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures.ts";

/** The owner form filled as an owner would: renting out, with an expected price typed in Arabic-Indic digits and spaces. */
export async function fillOwnerForm(page: Page, name: string, { goal = "تأجير" }: { goal?: string | null } = {}) {
  await page.getByLabel("الاسم").fill(name);
  await page.getByLabel("رقم الهاتف").fill("0551112266");
  if (goal) await page.getByRole("radio", { name: goal }).check();
  await page.getByLabel("نوع العقار").selectOption("فيلا");
  await page.getByLabel("المدينة").selectOption("الرياض");
  await page.getByLabel("الحي").selectOption("الملقا");
  await page.getByLabel("المساحة (م²)").fill("٥٢٠");
  await page.getByLabel("وصف العقار").fill("فيلا دورين بحالة ممتازة");
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c84" } })
    .jpeg()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: photo });
}

/** A wrong price is refused under its field, in Arabic, and then the corrected one is sent. */
export async function sendOwnerForm(page: Page) {
  const price = page.getByLabel("السعر المتوقع بالريال (اختياري)");
  await price.fill("مليون تقريبًا");
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByText("اكتب السعر المتوقع بالريال وبالأرقام فقط، مثل ١٬٢٥٠٬٠٠٠")).toBeVisible();
  await price.fill("٨٥ ٠٠٠");
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByRole("status")).toContainText("تم استلام طلبك بنجاح!", { timeout: 20_000 });
}

/** The staff's card of the submission shows the wish and the price; the offer started from it is for rent at that price. */
export async function checkStaffCard(page: Page, name: string) {
  await page.goto("/admin/submissions");
  const card = page.getByTestId("submission-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card.getByText("المطلوب:", { exact: true }).locator("..")).toContainText("تأجير");
  await expect(card.getByText("السعر المتوقع:", { exact: true }).locator("..")).toContainText("٨٥٬٠٠٠");
  await card.getByRole("button", { name: "إنشاء عرض من هذا الطلب" }).click();
  await expect(page).toHaveURL(/\/admin\/offers\/new\?from=\d+/);
  await expect(page.getByLabel("حالة العرض")).toHaveValue("للإيجار");
  await expect(page.getByLabel("السعر (ريال)")).toHaveValue("85000");
}
