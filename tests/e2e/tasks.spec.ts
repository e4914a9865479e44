import type { Locator, Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique, type StaffMember } from "./fixtures.ts";

/** A task straight in the database (created `hoursAgo`), for tests about what the board shows. */
async function insertTask(fields: { title: string; assignedTo: number; createdBy?: number | null; status?: string; hoursAgo?: number; dueDate?: string | null }) {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `insert into tasks (title, description, assigned_to, created_by, status, due_date, created_at, updated_at)
     values ($1, 'وصف المهمة', $2, $3, $4, $5, now() - make_interval(hours => $6), now() - make_interval(hours => $6)) returning id`,
    [fields.title, fields.assignedTo, fields.createdBy ?? null, fields.status ?? "Pending", fields.dueDate ?? null, fields.hoursAgo ?? 0],
  );
  return row!.id;
}

/** A day counted from today, yyyy-mm-dd, in Riyadh time (UTC+3), as the board counts due dates. */
const day = (offset: number) => new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const cardOf = (page: Page, title: string) => page.getByTestId("task-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
/** The status a card shows: the column it stands in (the board), or its badge (the task's page). */
const statusOf = (card: Locator) => card.locator("xpath=ancestor::section[@data-testid='task-column']").getByTestId("task-status");
/** A column of the board, by its status in English (its `data-status`). */
const columnOf = (page: Page, status: string) => page.locator(`[data-testid=task-column][data-status="${status}"]`);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

/** The board's one status control, opened for a card: what it offers (the current status first, marked) and which is selected. */
async function openStatusDialog(page: Page, card: Locator) {
  await card.getByRole("link", { name: "تغيير الحالة" }).click();
  const dialog = page.getByRole("dialog", { name: "تغيير حالة المهمة" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the manager creates a task for the employee (offer picked by search), who is e-mailed and moves it; the manager's board follows live", async ({
  page,
  browser,
  signedInAs,
  staffMember,
}) => {
  test.setTimeout(60_000);
  const employee = await staffMember("staff");
  const colleague = await staffMember("staff");
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers order by id limit 1");
  const title = `معاينة الشقة ${unique()}`;
  const theirs = `مهمة زميل ${unique()}`;
  const theirsId = await insertTask({ title: theirs, assignedTo: colleague.id });

  // The dashboard's «إنشاء مهمة جديدة» opens the form with the cursor in the title.
  await signedInAs("manager");
  await page.goto("/admin");
  await page.getByRole("link", { name: "إنشاء مهمة جديدة" }).click();
  await expect(page).toHaveURL(/\/admin\/tasks\?new=1$/);
  const form = page.getByRole("region", { name: "إنشاء مهمة جديدة" });
  await expect(form.getByLabel("عنوان المهمة")).toBeFocused();
  await form.getByLabel("عنوان المهمة").fill(title);
  await form.getByLabel("الوصف").fill("موعد المعاينة مع العميل يوم الأحد");
  await form.getByLabel("الموظف المسؤول").selectOption(String(employee.id));
  await form.getByLabel("تاريخ الاستحقاق (اختياري)").fill(day(2));

  // The offer picker: typed words ask the server, the results are a listbox picked with the keyboard.
  const picker = form.getByRole("combobox", { name: "العرض المرتبط (اختياري)" });
  await picker.fill(offer!.title);
  const results = form.getByRole("listbox", { name: "العروض المطابقة" });
  await expect(results.getByRole("option").filter({ hasText: offer!.title }).first()).toBeVisible();
  const answered = page.waitForResponse((response) => response.url().includes(`/admin/tasks/offers?q=${encodeURIComponent(`#${offer!.id}`)}`));
  await picker.fill(`#${offer!.id}`);
  const answer = (await (await answered).json()) as { choices: Array<{ id: number }> };
  // The list shows this answer before the arrows are pressed (the title's answer was there a moment ago).
  await expect(results.getByRole("option")).toHaveText(answer.choices.map((choice) => new RegExp(`^#${arabicDigits(String(choice.id))} — `)));
  await expect(results.getByRole("option").first()).toContainText(offer!.title);
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  await picker.press("ArrowDown");
  await picker.press("ArrowUp");
  await expect(picker).toHaveAttribute("aria-activedescendant", (await results.getByRole("option").first().getAttribute("id"))!);
  await picker.press("Enter");
  await expect(results).toBeHidden();
  await expect(picker).toHaveValue(new RegExp(`— ${escapeRegExp(offer!.title)}$`));
  await form.getByRole("button", { name: "إنشاء المهمة" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تم إنشاء المهمة وإبلاغ الموظف المسؤول" })).toBeVisible();
  await expect(form.getByLabel("عنوان المهمة")).toHaveValue("");

  const [created] = await queryE2eDatabase<{ id: number; status: string; related_property_id: number; due_date: string }>(
    "select id, status, related_property_id, to_char(due_date, 'YYYY-MM-DD') as due_date from tasks where title = $1",
    [title],
  );
  expect(created).toMatchObject({ status: "Pending", related_property_id: offer!.id, due_date: day(2) });
  // The manager's board, narrowed to this task, stays open: it follows the employee's changes live.
  await page.goto(`/admin/tasks?q=${encodeURIComponent(title)}`);
  const managerCard = cardOf(page, title);
  await expect(statusOf(managerCard)).toHaveText("قيد الانتظار");

  // The assignee's e-mail links to the task.
  await expect.poll(async () => (await readE2eOutbox("email")).find((m) => m.to === employee.email)?.body ?? "").toContain(`/admin/tasks/${created!.id}`);

  // The employee, in a browser of their own: only their own task, and no «بانتظار الموافقة» to pick.
  const theirContext = await browser.newContext();
  await signedInAs(employee, theirContext);
  const mine = await theirContext.newPage();
  await mine.goto("/admin/tasks");
  await expect(mine.getByTestId("task-card")).toHaveCount(1);
  await expect(mine.getByTestId("task-count")).toHaveText("مهمة واحدة");
  // A column per status, each with its count; the card in «قيد الانتظار».
  await expect(mine.getByTestId("task-column")).toHaveCount(8);
  await expect(columnOf(mine, "Pending").getByTestId("task-column-count")).toHaveText("مهمة واحدة");
  await expect(columnOf(mine, "Completed").getByTestId("task-column-count")).toHaveText("لا توجد مهام");
  const card = cardOf(mine, title);
  await expect(mine.getByText(theirs)).toHaveCount(0);
  // The board's one status control shows the task's current status, and no «بانتظار الموافقة» for an employee.
  let dialog = await openStatusDialog(mine, card);
  const select = dialog.getByLabel("الحالة");
  await expect(select.locator("option")).toHaveText(["قيد الانتظار (الحالية)", "قيد التنفيذ", "بانتظار معلومات", "طلب مالي", "مكتملة", "ملغاة", "مرفوضة"]);
  await expect(select).toHaveValue("Pending");
  await select.selectOption({ label: "قيد التنفيذ" });
  await dialog.getByRole("button", { name: "حفظ الحالة" }).click();
  await expect(mine.getByRole("status").filter({ hasText: "تم تحديث حالة المهمة" })).toBeVisible();
  await expect(statusOf(card)).toHaveText("قيد التنفيذ");
  await expect(statusOf(managerCard)).toHaveText("قيد التنفيذ"); // no reload on the manager's side
  dialog = await openStatusDialog(mine, card);
  await expect(dialog.getByLabel("الحالة")).toHaveValue("In Progress");
  await expect(dialog.getByLabel("الحالة").locator("option")).not.toContainText(["بانتظار الموافقة"]);
  await dialog.getByLabel("الحالة").selectOption({ label: "مكتملة" });
  await dialog.getByRole("button", { name: "حفظ الحالة" }).click();
  await expect(statusOf(card)).toHaveText("مكتملة");
  await expect(statusOf(managerCard)).toHaveText("مكتملة");

  // The task's own page: the whole card and its history; someone else's task is the 404 page.
  await card.getByRole("link", { name: title }).click();
  await expect(mine).toHaveURL(new RegExp(`/admin/tasks/${created!.id}$`));
  await expect(mine.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(mine.getByTestId("task-card")).toContainText("موعد المعاينة مع العميل يوم الأحد");
  await expect(mine.getByTestId("task-history-entry")).toHaveText([
    /^إنشاء مهمة · .+أُسندت إلى موظف الاختبار$/,
    /^تغيير الحالة.+من «قيد الانتظار» إلى «قيد التنفيذ»$/,
    /من «قيد التنفيذ» إلى «مكتملة»$/,
  ]);
  const hidden = await mine.goto(`/admin/tasks/${theirsId}`);
  expect(hidden?.status()).toBe(404);
  await expect(mine.getByRole("heading", { name: "الصفحة غير موجودة" })).toBeVisible();
  await theirContext.close();
  // The manager's view of the task's page links its offer to the offer's form.
  await page.goto(`/admin/tasks/${created!.id}`);
  await expect(page.getByTestId("task-card").getByRole("link", { name: offer!.title })).toHaveAttribute("href", `/admin/offers/edit/${offer!.id}`);
});

test("an empty new task shows each required field's message; an employee has no form, and the server refuses their post", async ({
  page,
  signedInAs,
  playwright,
  baseURL,
  session,
}) => {
  await signedInAs("manager");
  await page.goto("/admin/tasks?new=1");
  const form = page.getByRole("region", { name: "إنشاء مهمة جديدة" });
  await form.getByRole("button", { name: "إنشاء المهمة" }).click();
  await expect(form.getByLabel("عنوان المهمة")).toHaveAccessibleDescription("يرجى إدخال عنوان المهمة");
  await expect(form.getByLabel("الوصف")).toHaveAccessibleDescription("يرجى إدخال وصف المهمة");
  await expect(form.getByLabel("الموظف المسؤول")).toHaveAccessibleDescription("يرجى اختيار الموظف المسؤول عن المهمة");
  // A due date in the past, and a typed offer that was never picked, are refused too.
  await form.getByLabel("تاريخ الاستحقاق (اختياري)").fill(day(-1));
  await form.getByRole("combobox", { name: "العرض المرتبط (اختياري)" }).fill("عرض لا وجود له أبدًا");
  await form.getByRole("button", { name: "إنشاء المهمة" }).click();
  await expect(form.getByLabel("تاريخ الاستحقاق (اختياري)")).toHaveAccessibleDescription("لا يمكن أن يكون تاريخ الاستحقاق في الماضي");
  await expect(form.getByRole("combobox", { name: "العرض المرتبط (اختياري)" })).toHaveAccessibleDescription(/العقار المختار غير موجود$/);

  // The employee's board has no form; a post made anyway is refused, as is the offer search.
  const { cookie, member } = await session("staff");
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie, Origin: baseURL! }, maxRedirects: 0 });
  const title = `مهمة ممنوعة ${unique()}`;
  const refused = await request.post("/admin/tasks", { form: { intent: "create", title, description: "وصف", assignedTo: String(member.id) } });
  expect(refused.status()).toBe(403);
  expect(await queryE2eDatabase("select 1 from tasks where title = $1", [title])).toEqual([]);
  expect((await request.get("/admin/tasks/offers?q=شقة")).status()).toBe(403);
  const board = await request.get("/admin/tasks");
  expect(await board.text()).not.toContain("إنشاء مهمة جديدة");
  await request.dispose();
});

test("without JavaScript: the employee changes a status by a plain form post, and an empty new task shows its messages", async ({ browser, signedInAs, staffMember }) => {
  const employee = await staffMember("staff");
  const title = `مهمة بلا سكربت ${unique()}`;
  await insertTask({ title, assignedTo: employee.id });
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs(employee, context);
  const page = await context.newPage();
  await page.goto("/admin/tasks");
  // The board's «تغيير الحالة» is a link to the task's own form.
  await cardOf(page, title).getByRole("link", { name: "تغيير الحالة" }).click();
  await expect(page).toHaveURL(/\/admin\/tasks\/\d+#status$/);
  const card = page.getByTestId("task-card");
  await card.getByLabel("تغيير الحالة").selectOption({ label: "بانتظار معلومات" });
  await card.getByRole("button", { name: "حفظ الحالة" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تم تحديث حالة المهمة" })).toBeVisible();
  await expect(card.getByTestId("task-status")).toHaveText("بانتظار معلومات");
  await page.goto("/admin/tasks");
  await expect(statusOf(cardOf(page, title))).toHaveText("بانتظار معلومات");

  await signedInAs("manager", context);
  await page.goto("/admin/tasks?new=1");
  const form = page.getByRole("region", { name: "إنشاء مهمة جديدة" });
  await form.getByLabel("الوصف").fill("وصف بلا عنوان");
  await form.getByRole("button", { name: "إنشاء المهمة" }).click();
  await expect(form.getByLabel("عنوان المهمة")).toHaveAccessibleDescription("يرجى إدخال عنوان المهمة");
  await expect(form.getByLabel("الوصف")).toHaveValue("وصف بلا عنوان");
  await context.close();
});

test("late tasks: a red marker, the «متأخرة» filter, and a passed due date in red; paging keeps the filters", async ({ page, signedInAs, staffMember }) => {
  const employee: StaffMember = await staffMember("staff");
  const late = `متأخرة ${unique()}`;
  const fresh = `جديدة ${unique()}`;
  const done = `منتهية ${unique()}`;
  await insertTask({ title: late, assignedTo: employee.id, hoursAgo: 30, dueDate: day(-1) });
  await insertTask({ title: fresh, assignedTo: employee.id, hoursAgo: 2, dueDate: day(1) });
  await insertTask({ title: done, assignedTo: employee.id, hoursAgo: 72, status: "Completed", dueDate: day(-2) });
  await signedInAs(employee);
  await page.goto("/admin/tasks");
  await expect(cardOf(page, late).getByText("متأخرة", { exact: true })).toBeVisible();
  await expect(cardOf(page, late).locator("[data-overdue]")).toHaveClass(/text-red-700/);
  await expect(cardOf(page, fresh).locator("[data-overdue]")).toHaveCount(0);
  await expect(cardOf(page, fresh).getByText("متأخرة", { exact: true })).toHaveCount(0);
  await expect(cardOf(page, done).locator("[data-overdue]")).toHaveCount(0);
  await page.getByLabel("متأخرة فقط").check();
  await page.getByRole("button", { name: "عرض" }).click();
  await expect(page).toHaveURL(/late=1/);
  await expect(page.getByTestId("task-card")).toHaveCount(1);
  await expect(cardOf(page, late)).toBeVisible();

  // 53 more, old and open: the column shows its newest 4 and counts them all; «عرض الكل» is that
  // status alone, 30 a page, and the next page keeps the filters.
  await queryE2eDatabase(
    `insert into tasks (title, assigned_to, created_at) select 'متأخرة رقم ' || n, $1, now() - interval '2 days' - make_interval(mins => n) from generate_series(1, 53) n`,
    [employee.id],
  );
  await page.reload();
  await expect(page.getByTestId("task-count")).toHaveText("٥٤ مهمة");
  await expect(columnOf(page, "Pending").getByTestId("task-column-count")).toHaveText("٥٤ مهمة");
  await expect(columnOf(page, "Pending").getByTestId("task-card")).toHaveCount(4);
  await columnOf(page, "Pending").getByRole("link", { name: "عرض الكل (٥٤)" }).click();
  await expect(page).toHaveURL(/\/admin\/tasks\?status=Pending&late=1$/);
  await expect(page.getByTestId("task-column")).toHaveCount(1);
  await expect(page.getByTestId("task-card")).toHaveCount(30);
  await page.getByRole("navigation", { name: "صفحات المهام" }).getByRole("link", { name: "التالي" }).click();
  await expect(page).toHaveURL(/\/admin\/tasks\?status=Pending&late=1&page=2$/);
  await expect(page.getByTestId("task-card")).toHaveCount(24);
  await expect(page.getByRole("navigation", { name: "صفحات المهام" })).toContainText("صفحة ٢ من ٢");
});

test("the manager decides a request awaiting approval from the board: a rejection needs its reason", async ({ page, signedInAs, staffMember }) => {
  const { member: manager } = await signedInAs("manager");
  const accountant = await staffMember("accountant");
  const title = `شراء مستلزمات ${unique()}`;
  const [request] = await queryE2eDatabase<{ id: number }>(
    "insert into tasks (title, description, assigned_to, created_by, status, amount, transaction_type) values ($1, 'أوراق وأحبار', $2, $3, 'Awaiting Approval', 350.75, 'expense') returning id",
    [title, manager.id, accountant.id],
  );
  await page.goto(`/admin/tasks?q=${encodeURIComponent(title)}`);
  const card = cardOf(page, title);
  await expect(statusOf(card)).toHaveText("بانتظار الموافقة");
  await expect(card).toContainText("مصروف");
  // Not moved by hand: no handle, no «تغيير الحالة»; the manager decides.
  await expect(card.getByRole("link", { name: "تغيير الحالة" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: /^نقل / })).toHaveCount(0);
  await card.getByRole("button", { name: "اعتماد أو رفض" }).click();
  const dialog = page.getByRole("dialog", { name: "اعتماد الطلب أو رفضه" });
  await dialog.getByRole("button", { name: "رفض" }).click();
  await expect(dialog.getByLabel("ملاحظات الاعتماد أو سبب الرفض")).toHaveAccessibleDescription(/يرجى كتابة سبب الرفض\.$/);
  await dialog.getByLabel("ملاحظات الاعتماد أو سبب الرفض").fill("لا يوجد إيصال مرفق");
  await dialog.getByRole("button", { name: "رفض" }).click();
  await expect(dialog).toBeHidden();
  await expect(statusOf(card)).toHaveText("مرفوضة");
  await expect(page).toHaveURL(new RegExp(`/admin/tasks\\?q=`));
  expect(await queryE2eDatabase("select status, notes from tasks where id = $1", [request!.id])).toEqual([{ status: "Rejected", notes: "لا يوجد إيصال مرفق" }]);
});

test("on a desktop the manager drags a card to another column, and moves one with the keyboard, each move announced and saved", async ({ page, signedInAs, staffMember }) => {
  const employee = await staffMember("staff");
  const dragged = `مهمة تسحب ${unique()}`;
  const keyed = `مهمة بلوحة المفاتيح ${unique()}`;
  const tag = unique();
  const draggedId = await insertTask({ title: `${dragged} ${tag}`, assignedTo: employee.id });
  const keyedId = await insertTask({ title: `${keyed} ${tag}`, assignedTo: employee.id });
  await signedInAs("manager");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/tasks?q=${encodeURIComponent(tag)}`);
  const board = page.getByTestId("task-board");
  await expect(board.getByTestId("task-column")).toHaveCount(8);
  await expect(columnOf(page, "Pending").getByTestId("task-column-count")).toHaveText("مهمتان");

  // The mouse: the card's handle to the «قيد التنفيذ» column.
  const card = cardOf(page, `${dragged} ${tag}`);
  const handle = card.getByRole("button", { name: `نقل «${dragged} ${tag}»` });
  const from = (await handle.boundingBox())!;
  const to = (await columnOf(page, "In Progress").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 12, from.y + from.height / 2 + 4, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByRole("status").filter({ hasText: "تم تحديث حالة المهمة" })).toBeVisible();
  await expect(statusOf(card)).toHaveText("قيد التنفيذ");
  await expect(columnOf(page, "In Progress").getByTestId("task-column-count")).toHaveText("مهمة واحدة");
  await expect.poll(async () => (await queryE2eDatabase<{ status: string }>("select status from tasks where id = $1", [draggedId]))[0]?.status).toBe("In Progress");

  // The keyboard: Space picks the card up, ← moves a column on (right to left), Space drops it; each step is announced.
  // What the live region says, in order (each announcement replaces the one before).
  await page.evaluate(() => {
    const w = window as unknown as { said: string[] };
    w.said = [];
    new MutationObserver(() => {
      const text = document.querySelector("[id^=DndLiveRegion]")?.textContent ?? "";
      if (text && w.said.at(-1) !== text) w.said.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
  const keyedHandle = cardOf(page, `${keyed} ${tag}`).getByRole("button", { name: `نقل «${keyed} ${tag}»` });
  await expect(keyedHandle).toHaveAccessibleDescription(/اضغط مفتاح المسافة لالتقاطها/);
  await keyedHandle.focus();
  await page.keyboard.press("Space");
  await expect.poll(said).toContain(`التقطت المهمة «${keyed} ${tag}» من عمود «قيد الانتظار».`);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(said).toContain("فوق عمود «قيد التنفيذ».");
  await page.keyboard.press("ArrowLeft");
  await expect.poll(said).toContain("فوق عمود «بانتظار معلومات».");
  await page.keyboard.press("Space");
  await expect.poll(said).toContain(`أُفلتت المهمة «${keyed} ${tag}» في عمود «بانتظار معلومات»، جارٍ الحفظ…`);
  await expect(statusOf(cardOf(page, `${keyed} ${tag}`))).toHaveText("بانتظار معلومات");
  await expect.poll(async () => (await queryE2eDatabase<{ status: string }>("select status from tasks where id = $1", [keyedId]))[0]?.status).toBe("Awaiting Info");
  // Escape puts a picked-up card back.
  await cardOf(page, `${keyed} ${tag}`).getByRole("button", { name: /^نقل / }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Escape");
  await expect.poll(said).toContain(`أُلغي نقل المهمة «${keyed} ${tag}».`);
  await expect(statusOf(cardOf(page, `${keyed} ${tag}`))).toHaveText("بانتظار معلومات");
  const audit = await queryE2eDatabase<{ n: number }>("select count(*)::int as n from audit_log where entity = 'task' and entity_id = $1 and action = 'status-change'", [keyedId]);
  expect(audit[0]!.n).toBe(1);
});

test("a move the server refuses (the task went to approval meanwhile): the card shows the reason in Arabic and stands where the server says", async ({
  page,
  signedInAs,
  staffMember,
}) => {
  const employee = await staffMember("staff");
  const title = `مهمة تغيرت ${unique()}`;
  const id = await insertTask({ title, assignedTo: employee.id });
  // No live updates: the board stays as loaded while the task changes underneath.
  await page.route("**/admin/tasks/events", (route) => route.abort());
  await signedInAs(employee);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/tasks?q=${encodeURIComponent(title)}`);
  await expect(statusOf(cardOf(page, title))).toHaveText("قيد الانتظار");
  await queryE2eDatabase("update tasks set status = 'Awaiting Approval', amount = 80, transaction_type = 'expense' where id = $1", [id]);
  const dialog = await openStatusDialog(page, cardOf(page, title));
  await dialog.getByLabel("الحالة").selectOption({ label: "مكتملة" });
  await dialog.getByRole("button", { name: "حفظ الحالة" }).click();
  const card = cardOf(page, title);
  await expect(card.getByRole("alert")).toHaveText("لم تُنقل المهمة: المهمة بانتظار الموافقة: لا يغيّر حالتها إلا اعتماد المدير أو رفضه");
  await expect(statusOf(card)).toHaveText("بانتظار الموافقة");
  await expect(card.getByRole("link", { name: "تغيير الحالة" })).toHaveCount(0);
  expect(await queryE2eDatabase("select status from tasks where id = $1", [id])).toEqual([{ status: "Awaiting Approval" }]);
});

test("on a phone the board is the list grouped by status, each group with its count, changed through the status control", async ({ page, signedInAs, staffMember }) => {
  const employee = await staffMember("staff");
  const tag = unique();
  await insertTask({ title: `هاتف أولى ${tag}`, assignedTo: employee.id });
  await insertTask({ title: `هاتف ثانية ${tag}`, assignedTo: employee.id, status: "In Progress", hoursAgo: 30 });
  await signedInAs(employee);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/tasks?q=${encodeURIComponent(tag)}`);
  const columns = page.getByTestId("task-column");
  await expect(columns.getByTestId("task-status")).toHaveText(["قيد الانتظار", "قيد التنفيذ", "بانتظار معلومات", "طلب مالي", "مكتملة", "ملغاة", "بانتظار الموافقة", "مرفوضة"]);
  // One under the other, each as wide as the page; no drag handle on a phone.
  const [first, second] = [(await columns.nth(0).boundingBox())!, (await columns.nth(1).boundingBox())!];
  expect(second.y).toBeGreaterThan(first.y + first.height - 1);
  expect(first.width).toBeGreaterThan(300);
  await expect(page.getByRole("button", { name: /^نقل / })).toHaveCount(0);
  await expect(cardOf(page, `هاتف ثانية ${tag}`).getByText("متأخرة", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const dialog = await openStatusDialog(page, cardOf(page, `هاتف أولى ${tag}`));
  await dialog.getByLabel("الحالة").selectOption({ label: "مكتملة" });
  await dialog.getByRole("button", { name: "حفظ الحالة" }).click();
  await expect(statusOf(cardOf(page, `هاتف أولى ${tag}`))).toHaveText("مكتملة");
  await expect(columnOf(page, "Pending").getByTestId("task-column-count")).toHaveText("لا توجد مهام");
});
