// Two app instances on one PostgreSQL (tests/instances/cluster.ts): whatever a visitor or a staff
// member does through one instance holds on the other, so a load balancer needs no sticky sessions
// (README, production). Sessions, the forms' rate limits, the caches' invalidation, the live updates
// and the scheduled jobs all go through PostgreSQL; the photos through the shared bucket.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { readOutbox } from "../../app/modules/messaging/outbox.server.ts";
import { MESSAGES } from "../../app/utils/messages.ts";
import { isRunning, startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { DEMO_OFFERS } from "../../demo/offers.ts";
import { freePort } from "../setup/free-port.ts";
import { readCluster, startInstance, stopProcess, waitUntilReady, type InstanceInfo } from "./cluster.ts";
import { axeBuilder } from "../e2e/axe.ts";

const cluster = readCluster();
const { a, b } = cluster;
const SESSION_COOKIE = "__Host-aqar-session";

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(cluster.databaseUrl);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const random = (digits: number) => String(crypto.randomInt(10 ** digits)).padStart(digits, "0");

/** A manager of the test's own (phones 058…, never a demo member's). */
async function newManager() {
  const username = `two${random(8)}`;
  const [row] = await query<{ id: number; phone: string }>(
    "insert into staff_users (name, username, phone, role, email) values ('مدير الاختبار', $1, $2, 'manager', $3) returning id, phone",
    [username, `+96658${random(7)}`, `${username}@example.sa`],
  );
  return { id: row!.id, username, phone: row!.phone, localPhone: `0${row!.phone.slice(4)}` };
}

/**
 * A session row for a manager, its cookie in the browser context (given back by a route the test
 * fulfils on the instances' host name: a __Host- cookie cannot be added through the cookie API over http).
 */
async function plantSession(context: BrowserContext, instance: InstanceInfo) {
  const manager = await newManager();
  const token = crypto.randomBytes(32).toString("base64url");
  await query("insert into sessions (id_hash, user_id) values ($1, $2)", [crypto.createHash("sha256").update(token).digest("hex"), manager.id]);
  const url = `${instance.url}/__two-instances/session`;
  await context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "", headers: { "Set-Cookie": `${SESSION_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Lax` } }),
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.close();
  await context.unroute(url);
  return manager;
}

/** Opens a public page whose offer list follows the live stream, and waits until the stream is open. */
async function openLive(page: Page, url: string) {
  const stream = page.waitForResponse((response) => response.url().endsWith("/api/offers/events") && response.status() === 200);
  await page.goto(url);
  await stream;
  await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
}

async function html(instance: InstanceInfo, pathname: string) {
  const response = await fetch(instance.url + pathname);
  expect(response.status, `${instance.name} ${pathname}`).toBe(200);
  return response.text();
}

test("both instances started at the same moment on one empty database: migrated and seeded once, both ready", async () => {
  for (const instance of [a, b]) {
    const ready = await fetch(`${instance.url}/healthz/ready`);
    expect(ready.status, instance.name).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
  }
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const [migrations] = await query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
  expect(migrations!.count).toBe(journal.entries.length);
  // The demo offers once, not once per instance (the seed checks what is there: only one may check at a time).
  const [offers] = await query<{ count: number }>("select count(*)::int as count from offers where title = any($1)", [DEMO_OFFERS.map((offer) => offer.title)]);
  expect(offers!.count).toBe(DEMO_OFFERS.length);
  expect(await query("select name from cities group by name having count(*) > 1")).toEqual([]);
  expect(await query("select key from site_content group by key having count(*) > 1")).toEqual([]);
});

test("a session made on instance A works on instance B, and signing out on B ends it on A", async ({ page }) => {
  const manager = await newManager();
  const asked = Date.now() - 1000;
  await page.goto(`${a.url}/login`);
  await page.getByLabel("رقم الهاتف").fill(manager.localPhone);
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
  // The code was texted by A (its outbox), not B.
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = (await readOutbox(a.dataDir, "sms")).filter((m) => m.to === manager.phone && Date.parse(m.at) >= asked);
      return (code = /\d{6}/.exec(texts.at(-1)?.body ?? "")?.[0]);
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel("رمز التحقق").fill(code!);
  await page.getByRole("button", { name: "تحقق" }).click();
  await expect(page).toHaveURL(`${a.url}/admin`);

  // B knows the session: the back office opens as this manager.
  await page.goto(`${b.url}/admin`);
  await expect(page).toHaveURL(`${b.url}/admin`);
  const nav = page.getByRole("navigation", { name: "لوحة التحكم" });
  await expect(nav.getByText(manager.username)).toBeVisible();
  await nav.getByRole("button", { name: "تسجيل الخروج" }).click();
  await expect(page).toHaveURL(`${b.url}/login`);
  // Signed out on B: A refuses the cookie too.
  await page.goto(`${a.url}/admin`);
  await expect(page).toHaveURL(`${a.url}/login`);
  expect(await query("select 1 from sessions where user_id = $1", [manager.id])).toEqual([]);
});

test("a one-time message signed by instance A is shown by instance B; one signed with another secret is not", async () => {
  // An employee sent away from a page their role cannot open: A answers with the signed toast.
  const username = `two${random(8)}`;
  const [employee] = await query<{ id: number }>("insert into staff_users (name, username, phone, email, role) values ('موظف الخادمين', $1, $2, $3, 'staff') returning id", [
    username,
    `+96658${random(7)}`,
    `${username}@example.sa`,
  ]);
  const token = crypto.randomBytes(32).toString("base64url");
  await query("insert into sessions (id_hash, user_id) values ($1, $2)", [crypto.createHash("sha256").update(token).digest("hex"), employee!.id]);
  const session = `${SESSION_COOKIE}=${token}`;
  const refused = await fetch(`${a.url}/admin/reports`, { headers: { cookie: session }, redirect: "manual" });
  expect([refused.status, refused.headers.get("location")]).toEqual([302, "/admin"]);
  const toast = refused.headers
    .getSetCookie()
    .find((line) => line.startsWith("__Host-aqar-toast="))!
    .split(";")[0]!;
  const denied = "صفحة «التقارير» ليست من صلاحيات الموظف";
  const onB = await fetch(`${b.url}/admin`, { headers: { cookie: `${session}; ${toast}` } });
  expect(await onB.text()).toContain(denied);
  // The same message signed with a secret the instances do not share is ignored.
  const { createCookie } = await import("react-router");
  const stranger = createCookie("__Host-aqar-toast", { secrets: ["an-instance-with-its-own-secret!!"], secure: true, path: "/" });
  const forged = (await stranger.serialize({ tone: "error", text: denied })).split(";")[0]!;
  const notShown = await fetch(`${b.url}/admin`, { headers: { cookie: `${session}; ${forged}` } });
  expect(notShown.status).toBe(200);
  expect(await notShown.text()).not.toContain(denied);
});

test("an offer saved through instance A shows live on B's open page, and on B's pages served afterwards", async ({ page, browser }) => {
  const [newest] = await query<{ id: number; title: string }>("select id, title from offers order by created_at desc, id desc limit 1");
  const renamed = `${newest!.title} ${random(6)}`;

  // A visitor on B: the list is open, B has served (and may have cached) the offer's page.
  const visitor = await browser.newContext();
  const list = await visitor.newPage();
  await openLive(list, `${b.url}/offers`);
  await expect(list.getByRole("heading", { name: newest!.title, exact: true })).toBeVisible();
  expect(await html(b, `/offer/${newest!.id}`)).toContain(newest!.title);
  expect(await html(b, "/offers")).not.toContain(renamed);

  // A manager on A renames it.
  await plantSession(page.context(), a);
  await page.goto(`${a.url}/admin/offers/edit/${newest!.id}`);
  await page.getByLabel("عنوان العقار").fill(renamed);
  await page.getByRole("button", { name: "حفظ التعديلات" }).click();
  await expect(page.getByRole("status")).toHaveText("تم تحديث العقار بنجاح!");

  // B's open page shows it without a reload; B's next answers carry it (no cache kept the old one).
  await expect(list.getByRole("heading", { name: renamed, exact: true })).toBeVisible();
  expect(await list.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
  expect(await html(b, "/offers")).toContain(renamed);
  expect(await html(b, `/offer/${newest!.id}`)).toContain(renamed);
  await visitor.close();
});

test("site content saved through instance A is on B's next page: B's cache was dropped", async ({ page }) => {
  const before = await html(b, "/"); // B has read (and cached) the content
  const mine = `واجهة من الخادم الأول ${random(6)}`;
  expect(before).not.toContain(mine);
  await plantSession(page.context(), a);
  await page.goto(`${a.url}/admin/content`);
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));
  const hero = page.getByRole("region", { name: "الواجهة الرئيسية", exact: true });
  await hero.getByLabel("عنوان الواجهة").fill(mine);
  await hero.getByRole("button", { name: "حفظ القسم: الواجهة الرئيسية" }).click();
  await expect(page.getByRole("status")).toHaveText("تم حفظ «الواجهة الرئيسية» بنجاح");
  await expect.poll(async () => (await html(b, "/")).includes(mine), { timeout: 5_000 }).toBe(true);
  await page.goto(`${b.url}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(mine);
});

test("a photo uploaded through instance A is served by instance B", async ({ page }) => {
  const [offer] = await query<{ id: number }>("select id from offers order by created_at desc, id desc offset 1 limit 1");
  await plantSession(page.context(), a);
  await page.goto(`${a.url}/admin/offers/edit/${offer!.id}`);
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a7" } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const before = await page.getByTestId("offer-photo").count();
  await page.getByLabel("إضافة صور").setInputFiles([{ name: "garden.jpg", mimeType: "image/jpeg", buffer: jpeg }]);
  await expect(page.getByTestId("offer-photo")).toHaveCount(before + 1);
  await expect(page.locator("[data-testid=offer-photo] progress")).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole("button", { name: "حفظ التعديلات" }).click();
  await expect(page.getByRole("status")).toHaveText("تم تحديث العقار بنجاح!");

  const [added] = await query<{ id: string; variants: number[] }>(
    "select i.id, i.variants from offer_images oi join images i on i.id = oi.image_id where oi.offer_id = $1 order by oi.position desc limit 1",
    [offer!.id],
  );
  // Uploaded to A; B has never seen it, and serves every variant.
  expect(await html(b, `/offer/${offer!.id}`)).toContain(added!.id);
  for (const width of added!.variants) {
    const response = await page.request.get(`${b.url}/images/${added!.id}-${width}.webp`);
    expect(response.status(), `${width}`).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    const served = await response.body();
    expect((await sharp(served).metadata()).width).toBe(width);
    // The very bytes A stored.
    expect(served.equals(await (await page.request.get(`${a.url}/images/${added!.id}-${width}.webp`)).body())).toBe(true);
  }
});

test("the public form's rate limit counts the posts to both instances together", async ({ request }) => {
  // One visitor's address (through the balancer: X-Forwarded-For), its posts spread over A and B.
  const headers = { "X-Forwarded-For": `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` };
  const form = { name: "زائر", phone: "0551234567", message: "أرغب في الاستفسار عن العرض" };
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await request.post(`${[a, b][i % 2]!.url}/contact`, { headers, form })).status());
  // Each counted, refused only for the missing bot check: 15 on each instance, 30 in all.
  expect(new Set(statuses)).toEqual(new Set([400]));
  for (const instance of [b, a]) {
    const refused = await request.post(`${instance.url}/contact`, { headers, form });
    expect(refused.status(), instance.name).toBe(429);
  }
  // Another address is not held back by it.
  expect((await request.post(`${b.url}/contact`, { headers: { "X-Forwarded-For": "10.255.255.254" }, form })).status()).not.toBe(429);
});

test("the scheduled jobs run once across both instances: each job is taken by one worker, the daily report sent once", async () => {
  test.setTimeout(90_000);
  // Every time a worker takes a job (graphile-worker adds one to its attempts), a row here.
  await query(`
    create table if not exists e2e_job_takes (job_id bigint not null, task text not null, payload json not null, worker text not null, attempt int not null);
    create or replace function e2e_job_taken() returns trigger language plpgsql as $$
    begin
      if new.attempts > old.attempts then
        insert into e2e_job_takes select new.id, t.identifier, new.payload, new.locked_by, new.attempts from graphile_worker._private_tasks t where t.id = new.task_id;
      end if;
      return new;
    end $$;
    drop trigger if exists e2e_job_taken on graphile_worker._private_jobs;
    create trigger e2e_job_taken after update on graphile_worker._private_jobs for each row execute function e2e_job_taken();
  `);
  const dailyJobsLeft = async () =>
    (await query("select 1 from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier like 'daily_report%'")).length;
  // What the instances' starts queued is done; then yesterday's report is not kept yet, and due at any hour.
  await expect.poll(dailyJobsLeft, { timeout: 30_000 }).toBe(0);
  await query("update settings set daily_report_hour = 0, daily_email_report = true, manager_email = 'manager@example.sa' where id = 1");
  await query("delete from daily_reports");
  const managerMails = async () => [...(await readOutbox(a.dataDir, "email")), ...(await readOutbox(b.dataDir, "email"))].filter((mail) => mail.to === "manager@example.sa");
  const mailsBefore = await managerMails();

  // Six checks of the schedule at the same moment, as if six cron ticks fired at once on both instances.
  const added = await query<{ id: string }>("select (graphile_worker.add_job('daily_report_tick')).id::text as id from generate_series(1, 6)");
  const ids = added.map((row) => row.id);
  await expect.poll(dailyJobsLeft, { timeout: 60_000 }).toBe(0);

  // One report, one delivery, sent once: the first check to claim the day built it, the others found it kept.
  const reports = await query<{ id: number; subject: string }>("select id, subject from daily_reports");
  expect(reports).toHaveLength(1);
  const deliveries = await query<{ id: number; status: string; attempts: number }>("select id, status, attempts from daily_report_deliveries");
  expect(deliveries.map(({ status, attempts }) => ({ status, attempts }))).toEqual([{ status: "sent", attempts: 1 }]);
  // Each of the six checks was taken by one worker once, and so was the one send job the report queued.
  const takes = await query<{ job_id: string; task: string; payload: { deliveryId?: number }; worker: string }>("select job_id::text, task, payload, worker from e2e_job_takes");
  expect(
    takes
      .filter((take) => ids.includes(take.job_id))
      .map((take) => take.job_id)
      .toSorted(),
  ).toEqual(ids.toSorted());
  expect(takes.filter((take) => take.task === "daily_report_send" && take.payload.deliveryId === deliveries[0]!.id)).toHaveLength(1);
  const mails = (await managerMails()).filter((mail) => mail.subject === reports[0]!.subject);
  expect(mails.length - mailsBefore.filter((mail) => mail.subject === reports[0]!.subject).length).toBe(1);
});

test("an instance that stops drains first: its readiness answers 503 while it still serves, the others carry on", async () => {
  // A third instance joins the cluster (no seeding now: the database has everything), then stops.
  const c = startInstance({
    name: "C",
    port: await freePort(),
    root: cluster.root,
    databaseUrl: cluster.databaseUrl,
    storageUrl: cluster.storageUrl,
    drainSeconds: 3,
  });
  try {
    await waitUntilReady(c, Date.now() + 60_000);
    expect((await fetch(`${c.url}/offers`)).status).toBe(200);
    const signalled = Date.now();
    c.child.kill("SIGTERM");
    await expect.poll(async () => (await fetch(`${c.url}/healthz/ready`)).status, { intervals: [100] }).toBe(503);
    const draining = await fetch(`${c.url}/healthz/ready`);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect(draining.headers.get("connection")).toBe("close");
    // Still alive and serving while the balancer moves the traffic away.
    expect((await fetch(`${c.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${c.url}/offers`)).status).toBe(200);
    const exit = c.child.exitCode ?? (await new Promise<number | null>((resolve) => c.child.once("exit", resolve)));
    expect(exit).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_900);
    for (const instance of [a, b]) expect((await fetch(`${instance.url}/healthz/ready`)).status, instance.name).toBe(200);
  } finally {
    await stopProcess(c.child);
  }
});

/** axe's serious and critical findings on the page as it is. */
async function axeProblems(page: Page) {
  const results = await axeBuilder(page).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

/** Waits until React has taken over the page (its forms then post through the router). */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer")));

test("a database stop is a pause, not an error page: cached public pages go on, others are a styled 503 with Retry-After, forms keep what was typed and send once it is back (issue 30)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pgDir = path.join(cluster.root, "pg");
  const port = Number(new URL(cluster.databaseUrl).port);
  // Instance A's cache holds /offers (anonymous: kept and served to every visitor).
  await fetch(`${a.url}/offers`);
  await expect.poll(async () => (await fetch(`${a.url}/offers`)).headers.get("x-page-cache")).toBe("hit");

  // Opened before the stop: a visitor on an offer page, a manager on an offer's form, and a
  // visitor without JavaScript on the contact page.
  const [offer, edited] = await query<{ id: number; title: string }>("select id, title from offers order by created_at desc, id desc limit 2");
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${a.url}/offer/${offer!.id}`);
  await hydrated(visitor);
  const managerContext = await browser.newContext();
  await plantSession(managerContext, a);
  const manager = await managerContext.newPage();
  await manager.goto(`${a.url}/admin/offers/edit/${edited!.id}`);
  await hydrated(manager);
  const browsing = await managerContext.newPage();
  await browsing.goto(`${a.url}/admin`);
  await hydrated(browsing);
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await plain.goto(`${a.url}/contact`);

  // PostgreSQL stops (a restart, a failover): a fast shutdown, as `pg_ctl stop` does.
  const pid = Number(fs.readFileSync(path.join(pgDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(pid, "SIGINT");
  await expect.poll(() => isRunning(pid), { timeout: 20_000 }).toBe(false);
  let restarted: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const phone = `058${random(7)}`;
  const message = `أرغب في معاينة العرض ${random(6)}`;
  const renamed = `${edited!.title} ${random(6)}`;
  const inquiryForm = visitor.locator("form").filter({ has: visitor.getByRole("button", { name: "إرسال الاستفسار" }) });
  try {
    const cached = await fetch(`${a.url}/offers`);
    expect([cached.status, cached.headers.get("x-page-cache")]).toEqual([200, "stale"]);
    expect(await cached.text()).toContain("</html>");
    // A page never kept: 503, when to come back, and a titled Arabic page needing nothing of the database.
    const other = await fetch(`${a.url}/offers?minPrice=987654321`, { headers: { Accept: "text/html" } });
    expect([other.status, other.headers.get("retry-after")]).toEqual([503, "10"]);
    const html = await other.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect((await fetch(`${a.url}/healthz/ready`)).status).toBe(503);
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);

    // The visitor sends an inquiry: the form stays, says to try again, and keeps every word.
    await inquiryForm.getByLabel("الاسم").fill("سارة القحطاني");
    await inquiryForm.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
    await inquiryForm.getByLabel(/رسالتك/).fill(message);
    await inquiryForm.getByRole("button", { name: "إرسال الاستفسار" }).click();
    await expect(inquiryForm.getByRole("alert")).toHaveText(MESSAGES.serverUnreachable);
    await expect(inquiryForm.getByLabel("الاسم")).toHaveValue("سارة القحطاني");
    await expect(inquiryForm.getByLabel("رقم الهاتف (مطلوب)")).toHaveValue(phone);
    await expect(inquiryForm.getByLabel(/رسالتك/)).toHaveValue(message);
    expect(await axeProblems(visitor)).toEqual([]);

    // The manager saves the offer: the same, on the back office's form.
    await manager.getByLabel("عنوان العقار").fill(renamed);
    await manager.getByRole("button", { name: "حفظ التعديلات" }).click();
    // At the top of the long form, brought into view from the save button at the bottom.
    await expect(manager.getByRole("alert").filter({ hasText: MESSAGES.serverUnreachable })).toBeInViewport();
    await expect(manager.getByLabel("عنوان العقار")).toHaveValue(renamed);
    // A refresh of the page's data meanwhile (a live page's, when its stream is refused) keeps the page and what is typed.
    await manager.evaluate(() => (window as unknown as { __reactRouterDataRouter: { revalidate: () => Promise<void> } }).__reactRouterDataRouter.revalidate());
    await expect(manager.getByLabel("عنوان العقار")).toHaveValue(renamed);
    await expect(manager.getByRole("heading", { name: "حدث خطأ" })).toHaveCount(0);
    // A page opened meanwhile says it is a pause, with the way back to it, not an error.
    await browsing.getByRole("link", { name: "استفسارات العملاء" }).first().click();
    await expect(browsing.getByRole("heading", { level: 1 })).toHaveText(MESSAGES.outageTitle);
    await expect(browsing.getByRole("link", { name: MESSAGES.tryAgain })).toHaveAttribute("href", "/admin/inquiries");
    expect(await axeProblems(browsing)).toEqual([]);

    // Without JavaScript: the styled page says to go back, and back there the browser kept the text.
    await plain.getByRole("textbox", { name: "رسالتك (اختياري)" }).fill(message);
    await plain.getByRole("button", { name: "إرسال", exact: true }).click();
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("نعود بعد لحظات");
    await expect(plain.getByText("زر الرجوع في المتصفح")).toBeVisible();
    const outagePage = await visitorContext.newPage();
    await outagePage.goto(`${a.url}/offers?minPrice=987654321`);
    await expect(outagePage.getByRole("heading", { level: 1 })).toHaveText("نعود بعد لحظات");
    expect(await axeProblems(outagePage)).toEqual([]);
    await plain.goBack();
    await expect(plain.getByRole("textbox", { name: "رسالتك (اختياري)" })).toHaveValue(message);
  } finally {
    restarted = await startEmbeddedPostgres(pgDir, port);
  }
  try {
    // Back: ready again, and the page cache serves freshly rendered pages within seconds.
    const back = Date.now();
    await expect.poll(async () => (await fetch(`${a.url}/healthz/ready`)).status, { timeout: 20_000, intervals: [200] }).toBe(200);
    await expect.poll(async () => (await fetch(`${a.url}/offers`)).headers.get("x-page-cache"), { timeout: 20_000, intervals: [200] }).toBe("hit");
    expect(Date.now() - back).toBeLessThan(10_000);

    // Nothing of the failed sends was stored; sent again, each is stored once.
    const inquiries = () => query("select 1 from inquiries where phone = $1 and message = $2", [`+966${phone.slice(1)}`, message]);
    expect(await inquiries()).toEqual([]);
    await inquiryForm.getByRole("button", { name: "إرسال الاستفسار" }).click();
    await expect(visitor.getByRole("status")).toHaveText(MESSAGES.inquirySent);
    expect(await inquiries()).toHaveLength(1);
    await manager.getByRole("button", { name: "حفظ التعديلات" }).click();
    await expect(manager.getByRole("status")).toHaveText("تم تحديث العقار بنجاح!");
    expect(await query("select 1 from offers where title = $1", [renamed])).toHaveLength(1);
  } finally {
    await Promise.all([visitorContext.close(), managerContext.close(), plainContext.close()]);
    // The last test: the cluster's own stop finds its PostgreSQL gone; this one stops here.
    await restarted.stop();
  }
});
