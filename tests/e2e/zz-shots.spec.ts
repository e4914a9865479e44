import fs from "node:fs";
import { queryE2eDatabase } from "./db.ts";
import { test } from "./fixtures.ts";

test("shots", async ({ page, signedInAs, staffMember, playwright, baseURL, session }) => {
  test.setTimeout(120_000);
  const employee = await staffMember("staff");
  await queryE2eDatabase(
    `insert into tasks (title, description, assigned_to, status, created_at, due_date, amount, transaction_type)
     select 'متابعة عقد إيجار شقة في حي الملقا رقم ' || g, 'وصف', $1, (array['Pending','In Progress','Awaiting Info','Finance Request','Completed','Cancelled','Awaiting Approval','Rejected'])[1 + g % 8],
       now() - make_interval(hours => g), case when g % 3 = 0 then current_date + 2 else null end, case when g % 8 in (3, 6) then 1250.5 else null end, case when g % 8 in (3, 6) then 'expense' else null end
     from generate_series(1, 70) g`,
    [employee.id],
  );
  const { cookie } = await session("manager");
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  fs.writeFileSync("/tmp/wt-tasks-board.html", await (await request.get("/admin/tasks")).text());
  await signedInAs("manager");
  await page.route("**/admin/tasks/events", (route) => route.abort());
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/tasks");
  await page.screenshot({ path: "/tmp/wt-tasks-board-1366.png" });
  await page.getByTestId("task-card").first().getByRole("link", { name: "تغيير الحالة" }).click();
  await page.screenshot({ path: "/tmp/wt-tasks-board-dialog.png" });
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/tasks");
  await page.screenshot({ path: "/tmp/wt-tasks-board-390.png" });
  await page.screenshot({ path: "/tmp/wt-tasks-board-390-full.png", fullPage: true });
  await queryE2eDatabase("delete from tasks where assigned_to = $1", [employee.id]);
});
