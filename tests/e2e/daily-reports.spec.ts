import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test } from "./fixtures.ts";

// The daily report's page: «إرسال الآن», the list of kept reports with each channel's outcome,
// a failed channel and its «إعادة الإرسال». The sends run on the server's job scheduler.
// Both tests turn both channels on and put the settings back after; they run one after the other.
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.SHOTS_DIR;
const whatsappOutbox = path.join(E2E.dataDir, "outbox", "whatsapp.jsonl");

let saved: { daily_email_report: boolean; daily_whatsapp_report: boolean; manager_whatsapp: string } | undefined;
test.beforeAll(async () => {
  [saved] = await queryE2eDatabase<NonNullable<typeof saved>>("select daily_email_report, daily_whatsapp_report, manager_whatsapp from settings where id = 1");
  // Read at run time by the scheduler and the page's posts, so no cache stands in the way.
  await queryE2eDatabase("update settings set daily_email_report = true, daily_whatsapp_report = true, manager_whatsapp = '966500000001' where id = 1");
});
test.afterAll(async () => {
  if (saved) await queryE2eDatabase("update settings set daily_email_report = $1, daily_whatsapp_report = $2, manager_whatsapp = $3 where id = 1", Object.values(saved));
});

interface DeliveryRow {
  id: number;
  channel: string;
  recipient: string;
  status: string;
  last_error: string | null;
  text: string;
  subject: string;
  html: string;
}

/** The channels of the newest report the given manager asked for. */
const deliveriesOf = (name: string) =>
  queryE2eDatabase<DeliveryRow>(
    `select d.id, d.channel, d.recipient, d.status, d.last_error, r.text, r.subject, r.html from daily_report_deliveries d join daily_reports r on r.id = d.report_id
     where r.id = (select max(id) from daily_reports where requested_by_name = $1) order by d.channel`,
    [name],
  );

/** The retries' back-off (e, e², … seconds) brought forward, as an operator could with graphile-worker's admin function. */
const hurryRetries = () =>
  queryE2eDatabase(
    "select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where task_identifier = 'daily_report_send' and locked_at is null), run_at := now())",
  );

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("«إرسال الآن» sends yesterday's report by e-mail and WhatsApp: listed as sent, in both outboxes", async ({ page, signedInAs }) => {
  const { member } = await signedInAs("manager");
  const before = { email: (await readE2eOutbox("email")).length, whatsapp: (await readE2eOutbox("whatsapp")).length };
  await page.goto("/admin/reports/daily");
  await expect(page.getByRole("heading", { level: 1, name: "التقارير المرسلة" })).toBeVisible();
  await expect(page.getByText("بتوقيت الرياض عبر البريد الإلكتروني")).toBeVisible();
  // The channels as the scheduler reads them (the settings row, not a cache).
  await expect(page.getByText("عبر البريد الإلكتروني وواتساب.")).toBeVisible();

  await page.getByRole("button", { name: "إرسال الآن" }).click();
  await expect(page.getByText("بدأ إرسال تقرير أمس.")).toBeVisible();
  const card = page.getByTestId("sent-report").filter({ hasText: member.name }).first();
  await expect(card).toContainText("يدوي بطلب");
  // The page follows the sends until both are done.
  await expect(card.getByTestId("delivery-status")).toHaveText(["أُرسل", "أُرسل"], { timeout: 20_000 });

  const rows = await deliveriesOf(member.name);
  expect(rows.map((r) => [r.channel, r.status])).toEqual([
    ["email", "sent"],
    ["whatsapp", "sent"],
  ]);
  const [email, whatsapp] = rows;
  const mails = (await readE2eOutbox("email")).slice(before.email).filter((m) => m.subject === email!.subject);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ to: email!.recipient, body: email!.text, html: email!.html });
  expect(mails[0]!.body).toContain("/admin/inquiries");
  const messages = (await readE2eOutbox("whatsapp")).slice(before.whatsapp).filter((m) => m.body === whatsapp!.text);
  expect(messages.map((m) => m.to)).toEqual(["966500000001"]);

  // The report's text on the page.
  await card.getByText("عرض التقرير").click();
  await expect(card.locator("pre")).toContainText("• استفسارات جديدة:");
  await shoot(page, "daily-reports");

  // The HTML e-mail as a mail client would show it.
  if (SHOTS) {
    await page.setContent(mails[0]!.html!);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await shoot(page, "daily-email");
  }
});

test("a channel that keeps failing shows as failed with its reason; «إعادة الإرسال» sends it", async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const { member } = await signedInAs("manager");
  // The WhatsApp outbox cannot be written (a folder stands where its file goes): every attempt fails.
  const aside = `${whatsappOutbox}.aside`;
  if (fs.existsSync(whatsappOutbox)) fs.renameSync(whatsappOutbox, aside);
  fs.mkdirSync(whatsappOutbox, { recursive: true });
  try {
    await page.goto("/admin/reports/daily");
    await page.getByRole("button", { name: "إرسال الآن" }).click();
    await expect(page.getByText("بدأ إرسال تقرير أمس.")).toBeVisible();
    const card = page.getByTestId("sent-report").filter({ hasText: member.name }).first();
    const whatsapp = card.locator('[data-testid="delivery"][data-channel="whatsapp"]');

    // Retried with back-off (brought forward here) until the last attempt fails.
    await expect
      .poll(
        async () => {
          await hurryRetries();
          return (await deliveriesOf(member.name)).find((r) => r.channel === "whatsapp")?.status;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe("failed");
    await expect(whatsapp.getByTestId("delivery-status")).toHaveText("فشل الإرسال");
    await expect(whatsapp.getByTestId("delivery-error")).toContainText("EISDIR");
    await expect(whatsapp).toContainText("٨ محاولات");
    await expect(card.locator('[data-testid="delivery"][data-channel="email"]').getByTestId("delivery-status")).toHaveText("أُرسل");
    await shoot(page, "daily-reports-failed");

    // The folder goes; resend.
    fs.rmSync(whatsappOutbox, { recursive: true });
    if (fs.existsSync(aside)) fs.renameSync(aside, whatsappOutbox);
    const before = (await readE2eOutbox("whatsapp")).length;
    await whatsapp.getByRole("button", { name: "إعادة الإرسال عبر واتساب" }).click();
    await expect(page.getByText("بدأت إعادة إرسال التقرير.")).toBeVisible();
    await expect(whatsapp.getByTestId("delivery-status")).toHaveText("أُرسل", { timeout: 20_000 });
    await expect(whatsapp.getByTestId("delivery-error")).toHaveCount(0);
    const [row] = (await deliveriesOf(member.name)).filter((r) => r.channel === "whatsapp");
    expect((await readE2eOutbox("whatsapp")).slice(before).filter((m) => m.body === row!.text)).toHaveLength(1);
  } finally {
    if (fs.existsSync(whatsappOutbox) && fs.statSync(whatsappOutbox).isDirectory()) fs.rmSync(whatsappOutbox, { recursive: true });
    if (fs.existsSync(aside)) fs.renameSync(aside, whatsappOutbox);
  }
});
