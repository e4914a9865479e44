import fs from "node:fs";
import ExcelJS from "exceljs";
import { queryE2eDatabase } from "./db.ts";
import type { Page } from "@playwright/test";
import { expect, test, unique } from "./fixtures.ts";

/**
 * The reports page (issue 15) over a stretch of March 2024 that only this spec writes to: two
 * inquiries on the 5th and one on the 7th (Riyadh days), and an offer published on the 6th. Other
 * specs add records now, never then, so the figures are exactly these.
 */
const MARK = `تقرير-${unique()}`;

async function seedMarch() {
  const [offer] = await queryE2eDatabase<{ id: number }>(
    `insert into offers (title, property_type, status, city, location, price, area, details, created_at)
     values ($1, 'شقة', 'للبيع', 'الرياض', 'الملقا', 900000, 150, '{}'::jsonb, '2024-03-06T09:00:00Z') returning id`,
    [`عرض ${MARK}`],
  );
  await queryE2eDatabase(
    `insert into inquiries (name, phone, message, property_id, property_title, created_at) values
       ($1, '+966512345601', 'استفسار', $2, $3, '2024-03-05T06:00:00Z'),
       ($1, '+966512345602', 'استفسار', null, '', '2024-03-05T20:30:00Z'),
       ($1, '+966512345603', '=1+1', null, '', '2024-03-06T21:30:00Z')`,
    [MARK, offer!.id, `عرض ${MARK}`],
  );
}

async function removeMarch() {
  await queryE2eDatabase("delete from inquiries where name = $1", [MARK]);
  await queryE2eDatabase("delete from offers where title = $1", [`عرض ${MARK}`]);
}

test("the manager changes the period, reads a chart as a table, and downloads the period as Excel with its rows", async ({ page, signedInAs }) => {
  await seedMarch();
  try {
    await periodsChartAndExports(page, signedInAs);
  } finally {
    await removeMarch();
  }
});

async function periodsChartAndExports(page: Page, signedInAs: (who: string) => Promise<unknown>) {
  await signedInAs("manager");
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "التقارير" })).toBeVisible();
  await expect(page.getByRole("link", { name: "التقارير المرسلة" }).first()).toHaveAttribute("href", "/admin/reports/daily");
  // «إرسال عبر واتساب»: yesterday's daily report in a chat with the manager's number from the
  // settings, built when pressed (the page's link goes through /admin/reports/whatsapp).
  const [settings] = await queryE2eDatabase<{ manager_whatsapp: string }>("select manager_whatsapp from settings");
  expect(settings!.manager_whatsapp).toMatch(/^\d{8,15}$/);
  const whatsapp = page.getByRole("link", { name: /^إرسال عبر واتساب/ });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  const opened = await page.request.get((await whatsapp.getAttribute("href"))!, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  const chat = new URL(opened.headers().location!);
  expect(`${chat.origin}${chat.pathname}`).toBe(`https://wa.me/${settings!.manager_whatsapp}`);
  expect(chat.searchParams.get("text")).toMatch(/^\*التقرير اليومي\*\n/);

  // A preset is a button of the GET form: the address holds it.
  await page.getByRole("button", { name: "آخر ٧ أيام" }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?period=7d$/);
  await expect(page.getByTestId("period-summary")).toContainText("آخر ٧ أيام");

  // A custom range: 1–10 March 2024, compared with 20–29 February (a leap year) — 10 days each.
  const range = page.getByRole("group", { name: "فترة مخصصة" });
  await range.getByLabel("من").fill("2024-03-01");
  await range.getByLabel("إلى").fill("2024-03-10");
  await range.getByRole("button", { name: "عرض الفترة" }).click();
  await expect(page).toHaveURL(/period=custom&from=2024-03-01&to=2024-03-10/);
  const summary = page.getByTestId("period-summary");
  await expect(summary).toContainText("من ١ مارس ٢٠٢٤");
  await expect(summary).toContainText("٢٠ شعبان ١٤٤٥ هـ"); // 1 March 2024 in the Umm al-Qura calendar
  await expect(summary).toContainText("١٠ أيام");
  await expect(summary).toContainText("من ٢٠ فبراير ٢٠٢٤");
  await expect(page.getByTestId("figure-inquiries-received-value")).toHaveText("٣");
  await expect(page.getByTestId("figure-offers-published-value")).toHaveText("١");

  // The chart is an image with a name; its table alternative opens without script and holds its days.
  const chart = page.getByTestId("chart-inquiries-per-day");
  await expect(chart.getByRole("img", { name: "الاستفسارات الواردة في كل يوم" })).toBeVisible();
  const table = chart.getByRole("table", { name: "الاستفسارات الواردة في كل يوم" });
  await expect(table).toBeHidden();
  await chart.getByText("عرض كجدول").click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(11);
  // 20:30 UTC on the 5th is still the 5th in Riyadh (23:30); 21:30 UTC on the 6th is the 7th.
  await expect(table.getByRole("row", { name: /^٥ مارس ٢٠٢٤/ })).toContainText("٢");
  await expect(table.getByRole("row", { name: /^٦ مارس ٢٠٢٤/ })).toContainText("٠");
  await expect(table.getByRole("row", { name: /^٧ مارس ٢٠٢٤/ })).toContainText("١");

  // A shorter range compares with the days before it: 6–10 March (1) against 1–5 March (2).
  await range.getByLabel("من").fill("2024-03-06");
  await range.getByRole("button", { name: "عرض الفترة" }).click();
  const received = page.getByTestId("figure-inquiries-received");
  await expect(page.getByTestId("figure-inquiries-received-value")).toHaveText("١");
  await expect(received).toContainText("الفترة السابقة: ٢");
  await expect(received).toContainText("انخفاض ٥٠٪");

  // The period's workbook: a right-to-left sheet per dataset, read back with the same library.
  await range.getByLabel("من").fill("2024-03-01");
  await range.getByRole("button", { name: "عرض الفترة" }).click();
  await expect(page.getByTestId("figure-inquiries-received-value")).toHaveText("٣");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
  // The Arabic name (RFC 5987), with an ASCII one for older clients.
  expect(download.suggestedFilename()).toBe("تقرير-2024-03-01_2024-03-10.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(["العروض", "الاستفسارات", "طلبات الملاك", "المهام", "المعاملات", "أقساط الإيجار", "تكاليف الصيانة"]);
  const sheet = workbook.getWorksheet("الاستفسارات")!;
  expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
  expect(sheet.actualRowCount).toBe(1 + 3);
  expect(sheet.getRow(2).getCell(8).value).toBe("=1+1"); // text, not a formula
  expect(sheet.getRow(2).getCell(11).value).toEqual(new Date("2024-03-07T00:30:00Z")); // Riyadh's clock
  const offers = workbook.getWorksheet("العروض")!;
  expect(offers.actualRowCount).toBe(1 + 1);
  expect(offers.getRow(2).getCell(7).value).toBe(900_000);

  // The same rows as CSV, with the BOM Excel needs for Arabic.
  const csv = await page.request.get("/admin/reports/export/inquiries.csv?period=custom&from=2024-03-01&to=2024-03-10");
  expect(csv.status()).toBe(200);
  const body = await csv.body();
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = body.toString("utf8").slice(1).split("\r\n").filter(Boolean);
  expect(lines).toHaveLength(1 + 3);
  expect(lines[1]).toContain(",'=1+1,");
}

test("a custom range that cannot be used says why and shows the default period", async ({ page, signedInAs }) => {
  await signedInAs("manager");
  await page.goto("/admin/reports?period=custom&from=2024-03-10&to=2024-03-01");
  await expect(page.getByRole("alert")).toHaveText("يجب أن يسبق تاريخ البداية تاريخ النهاية أو يساويه. يعرض التقرير الآن آخر ٣٠ يومًا.");
  await expect(page.getByTestId("period-summary")).toContainText("آخر ٣٠ يومًا");
  await expect(page.getByRole("group", { name: "فترة مخصصة" }).getByLabel("من")).toHaveAttribute("aria-invalid", "true");
});

test("the WhatsApp report and the exports are the manager's: others are sent to /admin", async ({ playwright, baseURL, session }) => {
  for (const role of ["staff", "accountant"] as const) {
    const { cookie } = await session(role);
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie }, maxRedirects: 0 });
    for (const path of ["/admin/reports/whatsapp", "/admin/reports/export.xlsx", "/admin/reports/export/inquiries.csv"]) {
      const response = await request.get(path);
      expect([response.status(), response.headers().location], `${role} ${path}`).toEqual([302, "/admin"]);
    }
    await request.dispose();
  }
});
