import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// In order, one at a time: several tests read the month's totals before and after their own
// transaction, and another books one in the current month.
test.describe.configure({ mode: "default" });

/** A receipt photo as a phone would send it. */
const receipt = async (name: string, background: string) => ({
  name,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 900, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** An amount as the page shows it ("؜-‏١٬٢٥٠٫٥ ر.س.‏") as a number. */
function amountOf(text: string): number {
  const ascii = text
    .replace(/[\u061C\u200E\u200F]/g, "")
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/٬/g, "")
    .replace(/٫/g, ".");
  const match = /(-?)\D*?([\d.]+)/.exec(ascii);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(`${match[1]}${match[2]}`);
}

/** The period's totals above the table. */
async function totals(page: Page) {
  const read = async (id: string) => amountOf(await page.getByTestId(id).locator("dd").innerText());
  return { income: await read("total-income"), expense: await read("total-expense"), net: await read("total-net") };
}

/** A staff member of the test's own with a name of their own (every test member is called the same). */
async function rename(id: number, name: string) {
  await queryE2eDatabase("update staff_users set name = $1 where id = $2", [name, id]);
  return name;
}

/** The accountant's request form, filled and sent; the confirmation shows and the form is cleared. */
async function sendRequest(page: Page, request: { description: string; amount: string; type: "دخل" | "مصروف"; notes: string; file: Awaited<ReturnType<typeof receipt>> }) {
  const form = page.getByRole("region", { name: "طلب اعتماد مالي" });
  await form.getByLabel("الوصف").fill(request.description);
  await form.getByLabel("المبلغ (ريال سعودي)").fill(request.amount);
  await form.getByLabel(request.type, { exact: true }).check();
  await form.getByLabel("ملاحظات (اختياري)").fill(request.notes);
  await form.getByLabel("صورة الإيصال (اختياري)").setInputFiles(request.file);
  await form.getByRole("button", { name: "إرسال طلب الاعتماد" }).click();
  await expect(page.getByText("تم إرسال طلب الاعتماد إلى المدير العام")).toBeVisible();
  await expect(form.getByLabel("الوصف")).toHaveValue("");
}

/** The manager's «اعتماد أو رفض» on one awaiting request: its dialog. */
async function openDecision(page: Page, description: string): Promise<Locator> {
  await page.getByTestId("awaiting-request").filter({ hasText: description }).getByRole("button", { name: "اعتماد أو رفض" }).click();
  const dialog = page.getByRole("dialog", { name: "اعتماد الطلب أو رفضه" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(description);
  return dialog;
}

const riyadhMonth = () => new Date(Date.now() + 3 * 60 * 60_000).toISOString().slice(0, 7);

test("the accountant's request with a receipt: rejected (a reason is required), then a second approved: a transaction for both to see, the approver's columns for the manager only", async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(90_000);
  const { member: accountant } = await signedInAs("accountant");
  const accountantName = await rename(accountant.id, `نورة المحاسبة ${unique(4)}`);
  const first = `فاتورة صيانة المصعد ${unique()}`;
  const second = `إيجار المعرض ${unique()}`;

  // The accountant: the form refuses what it can before sending anything (the receipt's size too).
  await page.goto("/admin/finance");
  const form = page.getByRole("region", { name: "طلب اعتماد مالي" });
  await form.getByRole("button", { name: "إرسال طلب الاعتماد" }).click();
  await expect(form.getByLabel("الوصف")).toHaveAccessibleDescription("يرجى إدخال وصف المعاملة");
  await expect(form.getByLabel("المبلغ (ريال سعودي)")).toHaveAccessibleDescription(/يرجى إدخال المبلغ$/);
  await expect(form.getByText("يرجى اختيار نوع المعاملة")).toBeVisible();
  await form.getByLabel("المبلغ (ريال سعودي)").fill("1.234");
  await expect(form.getByLabel("المبلغ (ريال سعودي)")).toHaveAccessibleDescription(/يرجى إدخال مبلغ أكبر من صفر بخانتين عشريتين على الأكثر$/);
  await form.getByLabel("صورة الإيصال (اختياري)").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff) });
  await form.getByRole("button", { name: "إرسال طلب الاعتماد" }).click();
  await expect(form.getByLabel("صورة الإيصال (اختياري)")).toHaveAccessibleDescription(/حجم الملف كبير جداً\. الحد الأقصى هو ١٠ ميجابايت\.$/);

  // The first request, with its receipt, typed in Arabic-Indic digits.
  await sendRequest(page, { description: first, amount: "١٬٢٥٠٫٥", type: "مصروف", notes: "عاجل قبل نهاية الشهر", file: await receipt("first.jpg", "#c96") });
  const mine = page.getByTestId("my-request").filter({ hasText: first });
  await expect(mine.getByTestId("my-request-state")).toHaveText("بانتظار الاعتماد");
  const [task] = await queryE2eDatabase<{ id: number; amount: string; receipt_image_id: string | null }>("select id, amount, receipt_image_id from tasks where title = $1", [
    first,
  ]);
  expect(task).toMatchObject({ amount: "1250.50", receipt_image_id: expect.stringMatching(/^[a-f0-9]{32}$/) });

  // The manager, in a browser of their own: the request at the top, with everything it says.
  const managerContext = await browser.newContext();
  const { member: manager } = await signedInAs("manager", managerContext);
  const managerName = await rename(manager.id, `خالد المدير ${unique(4)}`);
  const boss = await managerContext.newPage();
  await boss.goto("/admin/finance");
  const awaiting = boss.getByTestId("awaiting-request").filter({ hasText: first });
  // Money with both digits of the halalas, never «١٬٢٥٠٫٥».
  await expect(awaiting).toContainText(/١٬٢٥٠٫٥٠\s?ر\.س\./);
  await expect(awaiting).toContainText("مصروف");
  await expect(awaiting).toContainText(accountantName);
  await expect(awaiting).toContainText("عاجل قبل نهاية الشهر");
  await awaiting.getByRole("button", { name: `صورة إيصال «${first}»` }).click();
  const lightbox = boss.getByRole("dialog", { name: "صورة الإيصال" });
  await expect(lightbox.getByRole("img", { name: `صورة إيصال «${first}»` })).toBeVisible();
  await lightbox.getByRole("button", { name: "إغلاق" }).click();
  await expect(lightbox).toBeHidden();

  // Rejecting needs a reason, said in the dialog; with one, the request leaves the list.
  let dialog = await openDecision(boss, first);
  await dialog.getByRole("button", { name: "رفض" }).click();
  await expect(dialog.getByText("يرجى كتابة سبب الرفض.")).toBeVisible();
  expect(await queryE2eDatabase("select status from tasks where id = $1", [task!.id])).toEqual([{ status: "Awaiting Approval" }]);
  await dialog.getByLabel("ملاحظات الاعتماد أو سبب الرفض").fill("المبلغ يتجاوز ميزانية الصيانة");
  await dialog.getByRole("button", { name: "رفض" }).click();
  await expect(boss.getByText("تم رفض الطلب وإبلاغ المحاسب")).toBeVisible();
  await expect(awaiting).toHaveCount(0);
  await expect(dialog).toBeHidden();

  // The accountant sees the reason in «طلباتي» (live, without reloading) and has it by e-mail.
  await expect(mine.getByTestId("my-request-state")).toHaveText("مرفوض");
  await expect(mine).toContainText("سبب الرفض: المبلغ يتجاوز ميزانية الصيانة");
  await expect
    .poll(async () => (await readE2eOutbox("email")).find((mail) => mail.to === accountant.email && mail.subject === `تم رفض طلبك: ${first}`)?.body ?? "")
    .toContain("سبب الرفض: المبلغ يتجاوز ميزانية الصيانة");
  expect(await queryE2eDatabase("select 1 from transactions where related_task_id = $1", [task!.id])).toEqual([]);

  // A second request, approved with notes: the totals change by its amount.
  const before = await totals(boss);
  await sendRequest(page, { description: second, amount: "2000", type: "دخل", notes: "", file: await receipt("second.jpg", "#69c") });
  await boss.reload();
  dialog = await openDecision(boss, second);
  await dialog.getByLabel("ملاحظات الاعتماد أو سبب الرفض").fill("تم التحويل إلى حساب الشركة");
  await dialog.getByRole("button", { name: "اعتماد" }).click();
  await expect(boss.getByText("تم اعتماد الطلب وتسجيل المعاملة المالية")).toBeVisible();
  await expect.poll(() => totals(boss)).toEqual({ income: before.income + 2000, expense: before.expense, net: before.net + 2000 });

  // The manager's row: the approver and the notes, the request's link and the receipt.
  const [approved] = await queryE2eDatabase<{ id: number }>("select id from tasks where title = $1", [second]);
  const row = boss.getByTestId("transaction-row").filter({ hasText: second });
  await expect(boss.getByRole("columnheader", { name: "المعتمِد" })).toBeVisible();
  await expect(boss.getByRole("columnheader", { name: "ملاحظات الاعتماد" })).toBeVisible();
  await expect(row).toContainText(/٢٬٠٠٠٫٠٠\s?ر\.س\./);
  await expect(row).toContainText("دخل");
  await expect(row).toContainText(accountantName);
  await expect(row).toContainText(managerName);
  await expect(row).toContainText("تم التحويل إلى حساب الشركة");
  await expect(row.getByRole("link", { name: /^المهمة/ })).toHaveAttribute("href", `/admin/tasks/${approved!.id}`);
  await row.getByRole("button", { name: `صورة إيصال «${second}»` }).click();
  await expect(boss.getByRole("dialog", { name: "صورة الإيصال" })).toBeVisible();
  await boss.keyboard.press("Escape");
  await expect(boss.getByTestId("transaction-row").filter({ hasText: first })).toHaveCount(0);

  // The filters: this month's income has it, this month's expenses do not; the address keeps them.
  await boss.getByLabel("الشهر").selectOption(riyadhMonth());
  await boss.getByLabel("النوع").selectOption("income");
  await boss.getByRole("button", { name: "عرض", exact: true }).click();
  await expect(boss).toHaveURL(new RegExp(`month=${riyadhMonth()}&type=income`));
  await expect(row).toBeVisible();
  await expect(boss.getByTestId("transaction-row").filter({ hasNotText: "دخل" })).toHaveCount(0);
  await boss.getByLabel("النوع").selectOption("expense");
  await boss.getByRole("button", { name: "عرض", exact: true }).click();
  await expect(boss).toHaveURL(/type=expense/);
  await expect(row).toHaveCount(0);
  await managerContext.close();

  // The accountant sees the transaction too (live), without the approver's columns or notes.
  await expect(mine).toContainText("مرفوض");
  await expect(page.getByTestId("my-request").filter({ hasText: second }).getByTestId("my-request-state")).toHaveText("تم الاعتماد");
  const theirRow = page.getByTestId("transaction-row").filter({ hasText: second });
  await expect(theirRow).toContainText("٢٬٠٠٠");
  await expect(theirRow).toContainText(accountantName);
  await expect(theirRow).not.toContainText(managerName);
  await expect(theirRow).not.toContainText("تم التحويل إلى حساب الشركة");
  await expect(page.getByRole("columnheader", { name: "المعتمِد" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "ملاحظات الاعتماد" })).toHaveCount(0);
  await expect.poll(() => totals(page)).toEqual({ income: before.income + 2000, expense: before.expense, net: before.net + 2000 });
});

test("the employee has no finance page: the sidebar has no link and the address leads to /admin", async ({ page, signedInAs }) => {
  await signedInAs("staff");
  await page.goto("/admin/finance");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "لوحة التحكم" }).getByRole("link", { name: "المالية" })).toHaveCount(0);
});

test("the page opens on the current month in Riyadh, chosen by its Arabic name; «كل الفترات» is one choice away; money has two decimals", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  const n = unique();
  const halalas = 3450.5;
  // Booked at noon today in Riyadh, and one a year before (outside the current month).
  await queryE2eDatabase("insert into transactions (date, description, amount, type) values (now(), $1, $2, 'income'), (now() - interval '13 months', $3, 10, 'expense')", [
    `دخل الشهر ${n}`,
    halalas,
    `قديم ${n}`,
  ]);
  await page.goto("/admin/finance");
  const month = page.getByLabel("الشهر");
  await expect(month).toHaveValue(riyadhMonth());
  const monthName = new Intl.DateTimeFormat("ar-SA", { month: "long", year: "numeric", calendar: "gregory", timeZone: "Asia/Riyadh" }).format(new Date());
  await expect(month.locator("option:checked")).toHaveText(monthName);
  // Every choice reads as an Arabic month and year, or «كل الفترات»: no «--------- ----», no Latin digit.
  const choices = await month.locator("option").allInnerTexts();
  expect(choices[0]).toBe("كل الفترات");
  for (const choice of choices.slice(1)) expect(choice).toMatch(/^(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) [٠-٩]{4}$/);
  await expect(page.getByText(`إجماليات الفترة: ${monthName}`)).toBeVisible();
  const row = page.getByTestId("transaction-row").filter({ hasText: `دخل الشهر ${n}` });
  await expect(row).toContainText(/٣٬٤٥٠٫٥٠\s?ر\.س\./);
  await expect(page.getByTestId("transaction-row").filter({ hasText: `قديم ${n}` })).toHaveCount(0);

  await month.selectOption("all");
  await page.getByRole("button", { name: "عرض", exact: true }).click();
  await expect(page).toHaveURL(/month=all/);
  await expect(page.getByTestId("transaction-row").filter({ hasText: `قديم ${n}` })).toBeVisible();
  await expect(page.getByText("إجماليات الفترة: كل الفترات")).toBeVisible();
  await expect(page.getByTestId("total-income").locator("dd")).toHaveText(/٫[٠-٩]{2}\s?ر\.س\./);
});
