import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E } from "../../playwright.config.ts";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

// The licences are one list for the whole site (at most 10): these tests change it, so they run
// one after the other, after the specs that read the seeded licences (the file name's `.after`),
// and put the list back as they found it.
test.describe.configure({ mode: "serial" });

/** The database's clock (the images' created_at is set by it). */
async function databaseNow(): Promise<string> {
  const [row] = await queryE2eDatabase<{ now: string }>("select now()::text as now");
  return row!.now;
}

/**
 * Images stored since `since` that nothing refers to: what a refused upload would leave behind.
 * (Not a count of the shared images folder: the offer specs upload photos at the same time.)
 */
function orphanImagesSince(since: string) {
  return queryE2eDatabase(
    `select i.id from images i where i.created_at >= $1::timestamptz
       and not exists (select 1 from staged_images s where s.image_id = i.id)
       and not exists (select 1 from offer_images o where o.image_id = i.id)
       and not exists (select 1 from licences l where l.image_id = i.id)
       and not exists (select 1 from submission_images u where u.image_id = i.id)`,
    [since],
  );
}

const PAGE = "/admin/licenses";
const MESSAGES = {
  added: "تم إضافة الترخيص بنجاح!",
  uploadRequired: "يرجى تقديم صورة ووصف لها.",
  linkRequired: "يرجى إدخال رابط الصورة ووصف لها.",
  // SPEC's texts, their digits in the one digit style (decision 026).
  // SPEC's sentences verbatim, Latin digits included (decision 026).
  tooLarge: "حجم الملف كبير جداً. الحد الأقصى هو 10 ميجابايت.",
  limitReached: "لقد وصلت إلى الحد الأقصى من التراخيص (10)...",
  deleted: "تم حذف الترخيص.",
  notHttps: "يجب أن يكون رابط الصورة آمنًا يبدأ بـ https://\u200E",
};
const imagesDir = path.join(E2E.dataDir, "uploads", "images");

/** A licence-like image of some megabytes (noise does not compress), so its upload takes a while on a slow line. */
async function licenceImage(name: string) {
  const buffer = await sharp({ create: { width: 1100, height: 1400, channels: 3, background: "#f4efe6", noise: { type: "gaussian", mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

let original: Array<{ id: number; position: number }> = [];

test.beforeAll(async () => {
  original = await queryE2eDatabase<{ id: number; position: number }>("select id, position from licences order by position, id");
});

/** Whatever a test added goes (rows, images and their files); the seeded licences get their places back. */
async function restoreLicences() {
  const keep = original.map((row) => row.id);
  const gone = await queryE2eDatabase<{ image_id: string | null }>("delete from licences where not (id = any($1)) returning image_id", [keep]);
  const imageIds = gone.flatMap((row) => row.image_id ?? []);
  if (imageIds.length) {
    const images = await queryE2eDatabase<{ id: string; variants: number[] }>("delete from images where id = any($1) returning id, variants", [imageIds]);
    for (const image of images) for (const width of image.variants) fs.rmSync(path.join(imagesDir, `${image.id}-${width}.webp`), { force: true });
  }
  for (const row of original) await queryE2eDatabase("update licences set position = $2 where id = $1", [row.id, row.position]);
}

test.afterAll(restoreLicences);

const rows = (page: Page) => page.getByTestId("admin-licence");
const row = (page: Page, alt: string) => rows(page).filter({ hasText: alt });

async function publicCaptions(page: Page) {
  await page.goto("/licenses");
  return page.getByTestId("licences").locator("figcaption").allTextContents();
}

test.describe("the manager's licences", () => {
  const alt = `ترخيص الاختبار ${unique()}`;
  let imageId = "";

  test("a licence uploaded with its real progress, then 'تم إضافة الترخيص بنجاح!' for 3 seconds; shown on /licenses at once", async ({ page, signedInAs }) => {
    test.setTimeout(60_000);
    await signedInAs("manager");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "التراخيص" })).toBeVisible();
    const before = await rows(page).count();
    await expect(page.getByTestId("licence-remaining")).toContainText(before === 4 ? "يمكنك إضافة ٦ تراخيص أخرى" : "يمكنك إضافة");

    // A slow line (about 1 MB/s up), so the progress of a real upload can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    // Every frame, the bar's value while it shows.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      const watch = () => {
        const bar = document.querySelector<HTMLProgressElement>("[data-testid=licence-upload-progress] progress");
        if (bar) seen.push(bar.value);
        requestAnimationFrame(watch);
      };
      watch();
    });

    const image = await licenceImage("licence.png");
    expect(image.buffer.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    await page.getByLabel("اختيار صورة الترخيص").setInputFiles(image);
    await expect(page.getByText("licence.png")).toBeVisible();
    await page.locator("#licence-upload").getByRole("textbox", { name: "وصف الترخيص" }).fill(alt);
    await page.getByRole("button", { name: "رفع الترخيص" }).click();
    await expect(page.getByTestId("licence-upload-progress")).toBeVisible();
    await expect(page.getByText(MESSAGES.added)).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The bar moved through values between the start and the end, in order (not fixed steps).
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    const between = seen.filter((value) => value > 0 && value < 1);
    expect(new Set(between.map((v) => v.toFixed(2))).size, `progress seen: ${seen.join(", ")}`).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // The list shows it last, with its thumbnail; the form is cleared; the confirmation goes after 3 s.
    await expect(rows(page)).toHaveCount(before + 1);
    await expect(rows(page).last()).toContainText(alt);
    await expect(rows(page).last().locator("img")).toHaveAttribute("src", /^\/images\/[a-f0-9]{32}-400(\.webp)?$/);
    await expect(page.getByText("لم تُختر صورة بعد")).toBeVisible();
    await expect(page.getByText(MESSAGES.added)).toBeHidden({ timeout: 5_000 });

    const [stored] = await queryE2eDatabase<{ image_id: string }>("select image_id from licences where alt = $1", [alt]);
    imageId = stored!.image_id;
    expect(fs.readdirSync(imagesDir).filter((file) => file.startsWith(imageId)).length).toBeGreaterThan(0);

    expect((await publicCaptions(page)).at(-1)).toBe(alt);
  });

  test("reordered by dragging (saved at once), then with the move buttons from the keyboard (announced)", async ({ page, signedInAs }) => {
    await signedInAs("manager");
    await page.goto(PAGE);
    await expect(rows(page).last()).toContainText(alt);

    // Drag the new licence by its handle above the first one.
    const handle = row(page, alt).getByTestId("licence-drag-handle");
    const from = (await handle.boundingBox())!;
    const to = (await rows(page).first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(PAGE) && response.request().method() === "POST");
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    expect((await saved).status()).toBe(200);
    await expect(rows(page).first()).toContainText(alt);
    await page.reload();
    await expect(rows(page).first()).toContainText(alt);
    expect((await publicCaptions(page))[0]).toBe(alt);

    // From the keyboard: the move-down button, pressed with Enter, moves it one place and says so.
    await page.goto(PAGE);
    const total = await rows(page).count();
    const down = page.getByRole("button", { name: `نقل «${alt}» إلى الأسفل` });
    await down.focus();
    const savedAgain = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(PAGE) && response.request().method() === "POST");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("licence-order-announcement")).toHaveText(`«${alt}» الآن في الموضع ٢ من ${total.toLocaleString("ar-SA")}.`);
    await expect(down).toBeFocused();
    await savedAgain;
    await expect(rows(page).nth(1)).toContainText(alt);
    // The top one cannot go higher: its button says so and does nothing.
    await expect(page.getByRole("button", { name: /إلى الأعلى$/ }).first()).toHaveAttribute("aria-disabled", "true");
    await page.reload();
    await expect(rows(page).nth(1)).toContainText(alt);
    expect((await publicCaptions(page))[1]).toBe(alt);
  });

  test("reordered by a finger on a phone: dragged back to the top", async ({ browser, signedInAs }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: "ar-SA" });
    await signedInAs("manager", context);
    const page = await context.newPage();
    await page.goto(PAGE);
    await expect(rows(page).nth(1)).toContainText(alt);
    // At the top of the page both rows are on the screen, below the sticky header.
    const handle = (await row(page, alt).getByTestId("licence-drag-handle").boundingBox())!;
    const top = (await rows(page).first().boundingBox())!;
    // Touches as a phone sends them (the browser turns them into pointer events).
    const cdp = await context.newCDPSession(page);
    const at = (y: number) => [{ x: Math.round(handle.x + handle.width / 2), y: Math.round(y) }];
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(PAGE) && response.request().method() === "POST");
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(handle.y + handle.height / 2) });
    for (let step = 1; step <= 10; step++) {
      const y = handle.y + handle.height / 2 + ((top.y + 4 - (handle.y + handle.height / 2)) * step) / 10;
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(y) });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    expect((await saved).status()).toBe(200);
    await expect(rows(page).first()).toContainText(alt);
    await page.reload();
    await expect(rows(page).first()).toContainText(alt);
    await context.close();
  });

  test("its description edited in place", async ({ page, signedInAs }) => {
    await signedInAs("manager");
    await page.goto(PAGE);
    await row(page, alt)
      .getByRole("button", { name: /^تعديل الوصف/ })
      .click();
    const field = row(page, alt).getByRole("textbox", { name: "وصف الترخيص" });
    await expect(field).toBeFocused();
    await field.fill("");
    await row(page, alt).getByRole("button", { name: "حفظ الوصف" }).click();
    await expect(row(page, alt).getByText("يرجى إدخال وصف الترخيص.")).toBeVisible();
    await field.fill(`${alt} (محدث)`);
    await row(page, alt).getByRole("button", { name: "حفظ الوصف" }).click();
    await expect(page.getByText("تم حفظ الوصف.")).toBeVisible();
    await expect(rows(page).filter({ hasText: `${alt} (محدث)` })).toHaveCount(1);
    expect(await publicCaptions(page)).toContain(`${alt} (محدث)`);
  });

  test("deleted after the confirmation: gone from the list and /licenses, and its stored files are removed", async ({ page, signedInAs }) => {
    await signedInAs("manager");
    await page.goto(PAGE);
    const before = await rows(page).count();
    await row(page, alt).getByRole("button", { name: /^حذف/ }).click();
    const dialog = page.getByRole("dialog");
    // SPEC's question verbatim, the licence named under it as edited above (decision 029).
    await expect(dialog).toHaveAccessibleName("هل أنت متأكد من حذف هذا الترخيص؟");
    await expect(dialog).toHaveAccessibleDescription(`«${alt} (محدث)»`);
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "إلغاء" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(before);
    await row(page, alt).getByRole("button", { name: /^حذف/ }).click();
    await dialog.getByRole("button", { name: "حذف" }).click();
    await expect(page.getByText(MESSAGES.deleted)).toBeVisible();
    await expect(rows(page)).toHaveCount(before - 1);
    await expect(rows(page).filter({ hasText: alt })).toHaveCount(0);

    expect(await queryE2eDatabase("select 1 from licences where alt like $1", [`${alt}%`])).toEqual([]);
    expect(await queryE2eDatabase("select 1 from images where id = $1", [imageId])).toEqual([]);
    expect(fs.readdirSync(imagesDir).filter((file) => file.startsWith(imageId))).toEqual([]);
    expect((await publicCaptions(page)).some((caption) => caption.startsWith(alt))).toBe(false);
  });
});

test("the forms' messages: a missing description or image, a file over 10 MB (said before sending, and refused by the server too), a link that is not https", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("manager");
  await page.goto(PAGE);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `${PAGE}/upload`) uploads.push(request.method());
  });
  const upload = page.locator("#licence-upload");

  // An image without a description.
  await page.getByLabel("اختيار صورة الترخيص").setInputFiles(await licenceImage("fal.png"));
  await page.getByRole("button", { name: "رفع الترخيص" }).click();
  await expect(upload.getByRole("alert")).toHaveText(MESSAGES.uploadRequired);

  // Over 10 MB: said as soon as it is chosen, and the form is not sent.
  const big = { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) };
  await page.getByLabel("تغيير صورة الترخيص").setInputFiles(big);
  await expect(upload.getByText(MESSAGES.tooLarge)).toBeVisible();
  await upload.getByRole("textbox", { name: "وصف الترخيص" }).fill("رخصة كبيرة");
  await page.getByRole("button", { name: "رفع الترخيص" }).click();
  await expect(upload.getByText(MESSAGES.tooLarge)).toBeVisible();
  expect(uploads).toEqual([]);

  // The server says the same to a client that skips the page's check, without storing anything.
  const since = await databaseNow();
  const response = await page.request.post(`${PAGE}/upload`, { multipart: { alt: "رخصة كبيرة", image: big }, headers: { Origin: new URL(page.url()).origin } });
  expect(response.status()).toBe(413);
  expect(await response.json()).toMatchObject({ error: { image: [MESSAGES.tooLarge] } });
  expect(await orphanImagesSince(since)).toEqual([]);

  // The link form: both required; https only.
  const linkForm = page.locator("#licence-link");
  await page.getByRole("button", { name: "إضافة بالرابط" }).click();
  await expect(linkForm.getByRole("alert")).toHaveText(MESSAGES.linkRequired);
  await linkForm.getByRole("textbox", { name: "رابط صورة الترخيص" }).fill("http://example.sa/fal.png");
  await linkForm.getByRole("textbox", { name: "وصف الترخيص" }).fill("رخصة فال");
  await page.getByRole("button", { name: "إضافة بالرابط" }).click();
  await expect(linkForm.getByText(MESSAGES.notHttps)).toBeVisible();
  expect(await queryE2eDatabase("select 1 from licences where alt = 'رخصة فال'")).toEqual([]);

  // With its messages showing, the page has no serious accessibility problem.
  await noSeriousViolations(page);
});

test("the 11th licence is refused by the server, even when the page still offered one more", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  const tag = unique();
  const fillTo = async (total: number) => {
    const [{ n }] = (await queryE2eDatabase<{ n: number }>("select count(*)::int as n from licences")) as [{ n: number }];
    for (let i = n; i < total; i++) {
      await queryE2eDatabase("insert into licences (alt, external_url, position) values ($1, $2, 100 + $3)", [`ترخيص مؤقت ${tag} ${i}`, `https://example.sa/${tag}-${i}.png`, i]);
    }
  };
  try {
    await fillTo(9);
    await page.goto(PAGE);
    await expect(page.getByTestId("licence-remaining")).toContainText("يمكنك إضافة ترخيص واحد آخر");
    // Someone else takes the last place while this page is open.
    await fillTo(10);
    const linkForm = page.locator("#licence-link");
    await linkForm.getByRole("textbox", { name: "رابط صورة الترخيص" }).fill("https://example.sa/eleventh.png");
    await linkForm.getByRole("textbox", { name: "وصف الترخيص" }).fill(`الحادي عشر ${tag}`);
    await page.getByRole("button", { name: "إضافة بالرابط" }).click();
    await expect(linkForm.getByRole("alert")).toHaveText(MESSAGES.limitReached);
    expect(await queryE2eDatabase("select 1 from licences where alt = $1", [`الحادي عشر ${tag}`])).toEqual([]);

    // An upload is refused too, before its image is stored.
    const since = await databaseNow();
    const response = await page.request.post(`${PAGE}/upload`, {
      multipart: { alt: `مرفوع ${tag}`, image: await licenceImage("x.png") },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ error: { "": [MESSAGES.limitReached] } });
    expect(await orphanImagesSince(since)).toEqual([]);

    // At 10 the page says so and its forms are closed.
    await page.reload();
    await expect(page.getByTestId("licence-remaining")).toContainText("لا يمكن إضافة تراخيص أخرى");
    await expect(page.getByText(MESSAGES.limitReached)).toBeVisible();
    await expect(page.getByRole("button", { name: "إضافة بالرابط" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "رفع الترخيص" })).toBeDisabled();
    const [{ n }] = (await queryE2eDatabase<{ n: number }>("select count(*)::int as n from licences")) as [{ n: number }];
    expect(n).toBe(10);
  } finally {
    await restoreLicences();
  }
});

test("only the manager: an accountant or an employee is sent to /admin", async ({ page, signedInAs, browser }) => {
  for (const role of ["accountant", "staff"] as const) {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signedInAs(role, context);
    await other.goto(PAGE);
    await expect(other).toHaveURL(/\/admin$/);
    await context.close();
  }
  await signedInAs("manager");
  await page.goto("/admin");
  await page.getByRole("link", { name: "التراخيص" }).first().click();
  await expect(page).toHaveURL(/\/admin\/licenses$/);
});
