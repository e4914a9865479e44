import path from "node:path";
import sharp from "sharp";
import { E2E } from "../../playwright.config.ts";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test } from "./fixtures.ts";

const MESSAGES = {
  photosRequired: "يرجى تحميل صورة واحدة على الأقل للعقار.",
  photoTooLarge: "بعض الصور يتجاوز حجمها ٥ ميجابايت. الحد الأقصى لكل صورة ٥ ميجابايت.",
  photosUnreadable: "حدث خطأ أثناء معالجة الصور...",
  received: "تم استلام طلبك بنجاح!",
  nameRequired: "يرجى إدخال الاسم",
  phoneRequired: "الرجاء إدخال رقم الهاتف",
  botCheckFailed: "حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى",
};

async function photoWithExif() {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#7fa6c9" } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "OwnersPhone", Model: "Secret" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "24/1 42/1 0/1" } })
    .toBuffer();
}

test("owner submission: no photo, a 6 MB photo, a text file named .jpg, then a valid photo stored without EXIF", async ({ page }) => {
  const name = `مالك ${Date.now()}`;
  await page.goto("/list-your-property");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "اعرض عقارك لدينا" })).toBeVisible();

  await page.getByLabel("الاسم").fill(name);
  await page.getByLabel("رقم الهاتف").fill("0551112233");
  await page.getByRole("radio", { name: "إدارة" }).check();
  await page.getByLabel("نوع العقار").selectOption("فيلا");
  // The neighbourhood list waits for a city.
  await expect(page.getByLabel("الحي")).toBeDisabled();
  await page.getByLabel("المدينة").selectOption("الرياض");
  await expect(page.getByLabel("الحي")).toBeEnabled();
  await page.getByLabel("الحي").selectOption("حطين");
  await page.getByLabel("المساحة (م²)").fill("٦٢٥");
  await page.getByLabel("وصف العقار").fill("فيلا دورين مع ملحق ومسبح، تحتاج إدارة وتأجير");
  const submit = page.getByRole("button", { name: "إرسال الطلب" });

  await submit.click();
  await expect(page.getByText(MESSAGES.photosRequired)).toBeVisible();

  const file = page.locator('input[type="file"]');
  await file.setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) });
  await submit.click();
  await expect(page.getByText(MESSAGES.photoTooLarge)).toBeVisible();
  await page.getByRole("button", { name: "إزالة الصورة ١" }).click();

  await file.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("هذا ملف نصي وليس صورة") });
  await submit.click();
  await expect(page.getByText(MESSAGES.photosUnreadable, { exact: false })).toContainText("notes.jpg");
  await page.getByRole("button", { name: "إزالة الصورة ١" }).click();

  // Nothing has reached the server so far.
  expect(await queryE2eDatabase("select 1 from submissions where client_name = $1", [name])).toEqual([]);

  await file.setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await photoWithExif() });
  await expect(page.getByRole("list", { name: "الصور المختارة" }).getByRole("img")).toHaveCount(1);
  await submit.click();
  await expect(page.getByRole("status")).toContainText(MESSAGES.received, { timeout: 15_000 });

  const rows = await queryE2eDatabase<{
    id: number;
    status: string;
    client_phone: string;
    city: string;
    neighbourhood: string;
    area: number;
    goal: string;
    expected_price: string | null;
  }>("select id, status, client_phone, city, neighbourhood, area, goal, expected_price from submissions where client_name = $1", [name]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: "pending", client_phone: "+966551112233", city: "الرياض", neighbourhood: "حطين", area: 625, goal: "management", expected_price: null });
  const photos = await queryE2eDatabase<{ image_id: string; variants: number[] }>(
    "select si.image_id, i.variants from submission_images si join images i on i.id = si.image_id where si.submission_id = $1",
    [rows[0]!.id],
  );
  expect(photos).toHaveLength(1);
  for (const width of photos[0]!.variants) {
    const stored = path.join(E2E.dataDir, "uploads", "images", `${photos[0]!.image_id}-${width}.webp`);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
  }
  await expect.poll(async () => (await readE2eOutbox("email")).some((mail) => mail.body.includes(name))).toBe(true);
});

test("the server cuts off a photo over 5 MB even when the browser check is skipped", async ({ request, baseURL }) => {
  const response = await request.post("/api/submissions", {
    headers: { Origin: baseURL! },
    multipart: {
      clientName: "برنامج",
      photos: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) },
    },
  });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ status: "error", error: { photos: [MESSAGES.photoTooLarge] }, initialValue: { clientName: "برنامج" } });
});

test("cross-site posts are refused: the upload endpoint and the page action", async ({ request }) => {
  const endpoint = await request.post("/api/submissions", {
    headers: { Origin: "https://evil.example" },
    multipart: { clientName: "هجوم", photos: { name: "a.jpg", mimeType: "image/jpeg", buffer: await photoWithExif() } },
  });
  expect(endpoint.status()).toBe(403);
  expect(((await endpoint.json()) as { error: Record<string, string[]> }).error[""]).toEqual(["تم رفض الطلب لأنه لم يُرسل من صفحات الموقع."]);
  const action = await request.post("/list-your-property", {
    headers: { Origin: "https://evil.example" },
    multipart: { clientName: "هجوم" },
  });
  expect(action.status()).toBe(400);
  expect(await queryE2eDatabase("select 1 from submissions where client_name = $1", ["هجوم"])).toEqual([]);
});

test("owner submission: an error clears as soon as its field is fixed, the others stay", async ({ page }) => {
  await page.goto("/list-your-property");
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();
  await expect(page.getByText(MESSAGES.phoneRequired)).toBeVisible();
  await expect(page.getByLabel("الاسم")).toBeFocused(); // the first field with an error
  await page.getByLabel("الاسم").pressSequentially("سعد");
  await expect(page.getByText(MESSAGES.nameRequired)).toBeHidden();
  await expect(page.getByLabel("الاسم")).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText(MESSAGES.phoneRequired)).toBeVisible();
});

test("owner submission: an error found by the server clears once the field is fixed", async ({ page }) => {
  const description = `طلب بلا اسم ${Date.now()}`;
  // The browser's copy of the checks fails to load (a dropped connection): the server checks alone.
  const schemaChunk = /\/assets\/submission-schema-[\w-]+\.js$/;
  await page.route(schemaChunk, (route) => route.abort());
  await page.goto("/list-your-property");
  await page.getByLabel("رقم الهاتف").fill("0551112244");
  await page.getByRole("radio", { name: "بيع" }).check();
  await page.getByLabel("نوع العقار").selectOption("فيلا");
  await page.getByLabel("المدينة").selectOption("الرياض");
  await page.getByLabel("الحي").selectOption("حطين");
  await page.getByLabel("المساحة (م²)").fill("300");
  await page.getByLabel("وصف العقار").fill(description);
  await page.locator('input[type="file"]').setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: await photoWithExif() });
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/submissions"));
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByText(MESSAGES.nameRequired)).toBeVisible();

  await page.unroute(schemaChunk);
  await page.getByLabel("الاسم").pressSequentially("سعد");
  await expect(page.getByText(MESSAGES.nameRequired)).toBeHidden();
  expect(await queryE2eDatabase("select 1 from submissions where description = $1", [description])).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the owner submission post reaches the server, which asks for the bot check and keeps what was typed", async ({ page }) => {
    const name = `مالك بلا سكربت ${Date.now()}`;
    await page.goto("/list-your-property");
    await page.getByLabel("الاسم").fill(name);
    await page.getByLabel("رقم الهاتف").fill("0551112255");
    await page.getByLabel("وصف العقار").fill("شقة للإيجار");
    await page.getByRole("button", { name: "إرسال الطلب" }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.botCheckFailed);
    await expect(page.getByLabel("الاسم")).toHaveValue(name);
    await expect(page.getByLabel("وصف العقار")).toHaveValue("شقة للإيجار");
    expect(await queryE2eDatabase("select 1 from submissions where client_name = $1", [name])).toEqual([]);
  });
});
