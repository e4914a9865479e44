import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

/** Open tasks for one member, newest last (a minute apart), and the ids newest first; deleted by the caller. */
async function openTasksFor(memberId: number, count: number, title: string) {
  const rows = await queryE2eDatabase<{ id: number }>(
    `insert into tasks (title, assigned_to, status, created_at)
     select $1 || ' ' || g, $2, case when g % 2 = 0 then 'In Progress' else 'Pending' end, now() - (($3 - g) * interval '1 minute')
     from generate_series(1, $3::int) g returning id`,
    [title, memberId, count],
  );
  return rows.map((r) => r.id).reverse();
}

test("the manager's figures lead to their lists: open tasks and awaiting approvals to the board, filtered", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "المهام الداخلية المعلّقة" })).toHaveAttribute("href", "/admin/tasks?open=1");
  await expect(page.getByRole("link", { name: "طلبات بانتظار الاعتماد" })).toHaveAttribute("href", "/admin/tasks?status=Awaiting%20Approval");
  await expect(page.getByRole("link", { name: "استفسارات قيد الانتظار" })).toHaveAttribute("href", "/admin/inquiries?status=pending");
  await expect(page.getByRole("link", { name: "إنشاء مهمة جديدة" })).toHaveAttribute("href", "/admin/tasks?new=1");
  // Six figures, each a number in Arabic digits.
  const figures = page.getByTestId("stat").locator("dd");
  await expect(figures).toHaveCount(6);
  for (const figure of await figures.all()) await expect(figure).toHaveText(/^[٠-٩٬]+$/);
});

test("an employee's dashboard: each open task opens its page; beyond 20 it says how many and leads to all of them", async ({ page, signedInAs, staffMember }) => {
  const member = await staffMember("staff");
  const title = `مهمة لوحة ${unique()}`;
  const ids = await openTasksFor(member.id, 22, title);
  const [done] = await queryE2eDatabase<{ id: number }>("insert into tasks (title, assigned_to, status) values ($1, $2, 'Completed') returning id", [`${title} منتهية`, member.id]);
  try {
    await signedInAs(member);
    await page.goto("/admin");
    const mine = page.getByRole("region", { name: "مهامي المعلّقة (٢٢)" });
    await expect(mine).toBeVisible();
    const links = mine.getByTestId("my-task").getByRole("link");
    await expect(links).toHaveCount(20);
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")))).toEqual(ids.slice(0, 20).map((id) => `/admin/tasks/${id}`));
    await expect(mine).toContainText("تظهر هنا أحدث ٢٠ منها.");
    await expect(mine.getByRole("link", { name: "عرض كل المهام" })).toHaveAttribute("href", "/admin/tasks?open=1");
    await expect(mine.getByRole("link", { name: "الانتقال إلى المالية" })).toHaveCount(0);
  } finally {
    await queryE2eDatabase("delete from tasks where id = any($1)", [[...ids, done!.id]]);
  }
});

test("the accountant's dashboard: own open tasks, each a link, and the way to finance", async ({ page, signedInAs, staffMember }) => {
  const member = await staffMember("accountant");
  const ids = await openTasksFor(member.id, 2, `مهمة المحاسب ${unique()}`);
  try {
    await signedInAs(member);
    await page.goto("/admin");
    const mine = page.getByRole("region", { name: "مهامي المعلّقة (٢)" });
    await expect(mine.getByTestId("my-task").getByRole("link")).toHaveCount(2);
    await expect(mine.getByTestId("my-task").first().getByRole("link")).toHaveAttribute("href", `/admin/tasks/${ids[0]}`);
    await expect(mine.getByRole("link", { name: "عرض كل المهام" })).toHaveCount(0);
    await expect(mine.getByRole("link", { name: "الانتقال إلى المالية" })).toHaveAttribute("href", "/admin/finance");
  } finally {
    await queryE2eDatabase("delete from tasks where id = any($1)", [ids]);
  }
});
