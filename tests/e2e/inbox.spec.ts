import type { Page } from "@playwright/test";
import sharp from "sharp";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

/** An owner's submission through the public form, as a visitor sends it. */
async function submitOwnerRequest(page: Page, name: string, photos: number) {
  await page.goto("/list-your-property");
  await page.getByLabel("الاسم").fill(name);
  await page.getByLabel("رقم الهاتف").fill("0551112244");
  await page.getByRole("radio", { name: "بيع" }).check();
  await page.getByLabel("نوع العقار").selectOption("فيلا");
  await page.getByLabel("المدينة").selectOption("الرياض");
  await page.getByLabel("الحي").selectOption("الملقا");
  await page.getByLabel("المساحة (م²)").fill("520");
  await page.getByLabel("وصف العقار").fill("فيلا بحالة ممتازة تحتاج تسويقاً");
  const files = await Promise.all(
    Array.from({ length: photos }, async (_, i) => ({
      name: `p${i}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: i ? "#4a7" : "#c84" } })
        .jpeg()
        .toBuffer(),
    })),
  );
  await page.locator('input[type="file"]').setInputFiles(files);
  await page.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(page.getByRole("status")).toContainText("تم استلام طلبك بنجاح!", { timeout: 15_000 });
}

test("a visitor's inquiry reaches an employee's inbox; reply by e-mail and WhatsApp, help from the accountant, then complete", async ({ page, context, browser, signedInAs }) => {
  test.setTimeout(60_000);
  const [offer] = await queryE2eDatabase<{ id: number; title: string; lat: number; lng: number }>(
    "select id, title, lat, lng from offers where lat is not null order by id limit 1",
  );
  const name = `عميل ${unique()}`;
  const email = `client${unique()}@example.sa`;

  // The visitor, in a browser of their own.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/contact?propertyId=${offer!.id}`);
  await visitorPage.getByLabel("الاسم").fill(name);
  await visitorPage.getByLabel("رقم الهاتف (مطلوب)").fill("0559876543");
  await visitorPage.getByLabel("البريد الإلكتروني (اختياري)").fill(email);
  await visitorPage.getByLabel("رسالتك (اختياري)").fill("هل يمكن المعاينة مساء الخميس؟");
  await visitorPage.getByRole("button", { name: "إرسال", exact: true }).click();
  await expect(visitorPage.getByRole("status")).toHaveText("تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.");
  await visitor.close();

  // The employee's inbox.
  await signedInAs("staff");
  await page.goto("/admin/inquiries?status=pending");
  const card = page.getByTestId("inquiry-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByTestId("inquiry-status").filter({ hasNotText: "قيد الانتظار" })).toHaveCount(0);
  // The search box finds it; the rest happens there (a replied inquiry leaves the pending filter).
  await page.getByRole("searchbox", { name: "بحث" }).fill(name);
  await page.getByLabel("الحالة").selectOption("");
  await page.getByRole("button", { name: "عرض" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("inquiry-card")).toHaveCount(1);
  await expect(card.getByTestId("inquiry-status")).toHaveText("قيد الانتظار");
  // Shown as dialled at home, in Arabic-Indic digits (IdentifierText); dialled in E.164.
  await expect(card.getByRole("link", { name: "٠٥٥ ٩٨٧ ٦٥٤٣" })).toHaveAttribute("href", "tel:+966559876543");
  await expect(card.getByRole("link", { name: offer!.title })).toHaveAttribute("href", `/offer/${offer!.id}`);
  await expect(card).toContainText("هل يمكن المعاينة مساء الخميس؟");

  // Reply by e-mail: recorded at once with its e-mail queued (decision 032), sent by the scheduler's
  // job through the mail adapter (the outbox here); the card shows its delivery. The box opens on «رد».
  await expect(card.getByLabel("الرد على العميل")).toHaveCount(0);
  await card.getByRole("button", { name: "رد", exact: true }).click();
  await card.getByLabel("الرد على العميل").fill("أهلاً بك، المعاينة متاحة الخميس الساعة السابعة مساءً.");
  await card.getByRole("button", { name: "رد بالبريد الإلكتروني" }).click();
  await expect(card.getByRole("status")).toHaveText("تم تسجيل الرد، وجارٍ إرساله بالبريد الإلكتروني");
  await expect(card.getByTestId("inquiry-status")).toHaveText("تم الرد");
  await expect(card.getByTestId("reply-entry")).toHaveCount(1);
  await expect(card.getByTestId("reply-entry")).toContainText("أهلاً بك، المعاينة متاحة الخميس الساعة السابعة مساءً.");
  await expect(card).toContainText("آخر إجراء: رد بالبريد بواسطة موظف الاختبار");
  await expect.poll(async () => (await readE2eOutbox("email")).filter((m) => m.to === email && m.subject?.startsWith("رد على استفسارك")).length).toBe(1);
  const mail = (await readE2eOutbox("email")).find((m) => m.to === email && m.subject?.startsWith("رد على استفسارك"));
  expect(mail?.body).toContain("أهلاً بك، المعاينة متاحة الخميس الساعة السابعة مساءً.");
  await page.reload();
  await expect(card.getByTestId("email-delivery")).toHaveAttribute("data-state", "sent");
  await expect(card.getByTestId("email-delivery")).toContainText("أُرسل");
  expect(mail?.body).toContain(`https://www.google.com/maps?q=${offer!.lat},${offer!.lng}`);

  // Reply by WhatsApp: a chat with the visitor opens with the encoded text. The sent reply closed the box.
  await expect(card.getByLabel("الرد على العميل")).toHaveCount(0);
  await card.getByRole("button", { name: "رد", exact: true }).click();
  await card.getByLabel("الرد على العميل").fill("تم تأكيد الموعد");
  // No network here: answer for wa.me so the new tab lands on its address.
  await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "WhatsApp" }));
  const [popup] = await Promise.all([page.waitForEvent("popup"), card.getByRole("button", { name: "رد عبر واتساب" }).click()]);
  await popup.waitForURL(/^https:\/\/wa\.me\//);
  const chat = new URL(popup.url());
  expect(`${chat.origin}${chat.pathname}`).toBe("https://wa.me/966559876543");
  expect(chat.searchParams.get("text")).toBe(`تم تأكيد الموعد\n\nموقع العقار: https://www.google.com/maps?q=${offer!.lat},${offer!.lng}`);
  await popup.close();
  await expect(card.getByTestId("reply-entry")).toHaveCount(2);

  // Help from the accountant: a pending task, and the dialog closes by itself.
  await card.getByRole("button", { name: "طلب مساعدة" }).click();
  const dialog = page.getByRole("dialog", { name: "طلب مساعدة من المحاسب" });
  await dialog.getByLabel("عنوان الطلب").fill("استفسار عن العربون");
  await dialog.getByLabel("التفاصيل").fill("العميل يسأل عن قيمة العربون وطريقة السداد");
  await dialog.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(dialog.getByRole("status")).toHaveText("تم إرسال طلب المساعدة إلى المحاسب");
  await expect(dialog).toBeHidden({ timeout: 4000 });
  const [task] = await queryE2eDatabase<{ id: number; inquiry_id: number; status: string; role: string }>(
    "select t.id, i.id as inquiry_id, t.status, u.role from tasks t join staff_users u on u.id = t.assigned_to join inquiries i on i.id = t.related_inquiry_id where i.name = $1",
    [name],
  );
  expect(task).toEqual({ id: expect.any(Number) as unknown, inquiry_id: expect.any(Number) as unknown, status: "Pending", role: "accountant" });
  // The card lists the task: its title and status; the employee asked for help and cannot open the accountant's task.
  const cardTask = card.getByTestId("inquiry-task");
  await expect(cardTask).toHaveCount(1);
  await expect(cardTask).toContainText("استفسار عن العربون");
  await expect(cardTask).toContainText("قيد الانتظار");
  await expect(cardTask.getByRole("link")).toHaveCount(0);
  // The manager, sent to this one inquiry (as the task board links to it), opens the task from its card.
  const managerContext = await browser.newContext();
  await signedInAs("manager", managerContext);
  const managerPage = await managerContext.newPage();
  await managerPage.goto(`/admin/inquiries?id=${task!.inquiry_id}#inquiry-${task!.inquiry_id}`);
  await expect(managerPage.getByTestId("inquiry-card")).toHaveCount(1);
  await expect(managerPage.locator(`#inquiry-${task!.inquiry_id}`)).toContainText(name);
  await expect(managerPage.getByTestId("inquiry-task").getByRole("link", { name: "استفسار عن العربون" })).toHaveAttribute("href", `/admin/tasks/${task!.id}`);
  await managerContext.close();

  // Complete: the button and the reply box go.
  await card.getByRole("button", { name: "إكمال" }).click();
  await expect(card.getByTestId("inquiry-status")).toHaveText("مكتمل");
  await expect(card.getByRole("button", { name: "إكمال" })).toHaveCount(0);
  await expect(card.getByLabel("الرد على العميل")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "رد", exact: true })).toHaveCount(0);
  const audit = await queryE2eDatabase<{ action: string }>(
    "select a.action from audit_log a join inquiries i on i.id = a.entity_id where a.entity = 'inquiry' and i.name = $1 order by a.id",
    [name],
  );
  expect(audit.map((a) => a.action)).toEqual(["reply-email", "reply-whatsapp", "help-request", "complete"]);
});

test("owner submissions: photos open large; an offer started from one is filled with copies of its photos; reject shows red", async ({ page, signedInAs }) => {
  test.setTimeout(60_000);
  const name = `مالك الاختبار ${unique()}`;
  await submitOwnerRequest(page, name, 2);
  await submitOwnerRequest(page, `${name} ب`, 1);

  await signedInAs("manager");
  await page.goto("/admin/submissions");
  const card = page.getByTestId("submission-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card.getByTestId("submission-status")).toHaveText("قيد المراجعة");
  await expect(card).toContainText("٥٢٠ م²");
  const thumbs = card.getByRole("list", { name: "صور العقار" }).getByRole("img");
  await expect(thumbs).toHaveCount(2);
  expect(await thumbs.first().evaluate((img) => img.getBoundingClientRect().width)).toBe(96);
  await thumbs.first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");

  // Reject the second one.
  const other = page.getByTestId("submission-card").filter({ has: page.getByRole("heading", { name: `${name} ب`, exact: true }) });
  await other.getByRole("button", { name: "رفض" }).click();
  await expect(other.getByTestId("submission-status")).toHaveText("مرفوض");
  await expect(other.getByTestId("submission-status")).toHaveAttribute("data-tone", "red");

  // Create an offer from the first: reviewed, and the form opens filled, with copies of the photos.
  await card.getByRole("button", { name: "إنشاء عرض من هذا الطلب" }).click();
  await expect(page).toHaveURL(/\/admin\/offers\/new\?from=\d+&photos=/);
  await expect(page.getByLabel("عنوان العقار")).toHaveValue("فيلا في الملقا، الرياض");
  await expect(page.getByLabel("المساحة (م²)")).toHaveValue("520");
  await expect(page.getByLabel("الحي")).toHaveValue("الملقا");
  await expect(page.getByTestId("offer-photo")).toHaveCount(2);
  const [row] = await queryE2eDatabase<{ id: number; status: string }>("select id, status from submissions where client_name = $1", [name]);
  expect(row!.status).toBe("reviewed");
  const originals = await queryE2eDatabase<{ image_id: string }>("select image_id from submission_images where submission_id = $1", [row!.id]);
  const copies = new URL(page.url()).searchParams.get("photos")!.split(",");
  expect(copies).toHaveLength(2);
  for (const original of originals) expect(copies).not.toContain(original.image_id);
});

test("an accountant can neither open the inbox and the submissions nor post to them", async ({ playwright, baseURL, session }) => {
  const { cookie } = await session("accountant");
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie, Origin: baseURL! }, maxRedirects: 0 });
  // An inquiry of the test's own, pending: what the accountant's post would complete.
  const [inquiry] = await queryE2eDatabase<{ id: number; status: string }>("insert into inquiries (name, phone) values ($1, $2) returning id, status", [
    `عميل ${unique()}`,
    "+966559876543",
  ]);
  expect(inquiry!.status).toBe("pending");
  for (const path of ["/admin/inquiries", "/admin/submissions"]) {
    for (const response of [await request.get(path), await request.post(path, { form: { intent: "complete", id: String(inquiry!.id) } })]) {
      expect([response.status(), response.headers().location]).toEqual([302, "/admin"]);
    }
  }
  const [after] = await queryE2eDatabase<{ status: string }>("select status from inquiries where id = $1", [inquiry!.id]);
  expect(after!.status).toBe(inquiry!.status);
  await request.dispose();
});
