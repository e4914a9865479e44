import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

// Search alerts by e-mail (issue 18): subscribed on /offers with filters, confirmed from the
// outbox's link, a matching offer published, the scheduler's check run, the alert e-mail with its
// links and RFC 8058 headers, and unsubscribing (the page's button and the one-click post).

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-alerts";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** A word no other offer holds: the test's own number in Arabic letters. */
const marker = () => `تنبيه${unique(6).replace(/\d/g, (d) => "ابتثجحخدذر"[Number(d)]!)}`;

/** The newest e-mail to an address that satisfies `match`, waited for. */
async function mailTo(address: string, match: (mail: { subject?: string; body: string }) => boolean = () => true) {
  let found: Awaited<ReturnType<typeof readE2eOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readE2eOutbox("email")).filter((mail) => mail.to === address && match(mail)).at(-1);
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** Opens «نبهني بالعروض الجديدة» on the current /offers page and subscribes `email`. */
async function subscribe(page: Page, email: string) {
  const block = page.getByTestId("alert-subscribe");
  await block.getByText("نبهني بالعروض الجديدة").click();
  // The real form (its code comes when the block opens) has taken over: the plain one meanwhile posts
  // to /alerts, which asks for the bot check (the test of the plain form below).
  await expect(block.locator('input[name="email"][id$="-email"]')).toBeVisible();
  await block.getByLabel("بريدك الإلكتروني").fill(email);
  await block.getByRole("button", { name: "فعّل التنبيه" }).click();
  await expect(block.getByRole("status")).toContainText("تحقق من بريدك");
}

/** Opens the confirmation link of the newest confirmation e-mail to `email` and presses its button. */
async function confirmFromOutbox(page: Page, email: string, shots?: string) {
  const mail = await mailTo(email, (m) => Boolean(m.subject?.includes("أكّد تنبيه")));
  const link = /(http\S+\/alerts\/confirm\/\S+)/.exec(mail.body)![1]!;
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "تأكيد تنبيه العروض الجديدة" })).toBeVisible();
  if (shots) await shoot(page, `${shots}-pending`);
  await page.getByRole("button", { name: "تأكيد التنبيه" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "تم تأكيد التنبيه" })).toBeVisible();
  if (shots) await shoot(page, `${shots}-confirmed`);
  // The link is single-use: opened again it confirms nothing and says so.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "هذا التنبيه مؤكَّد من قبل" })).toBeVisible();
}

test("an alert subscribed on /offers, confirmed from the e-mail, receives a new matching offer once, and is unsubscribed", async ({ page, request, signedInAs, browser }) => {
  test.setTimeout(90_000);
  await page.route("**/api/offers/events", (route) => route.abort());
  const word = marker();
  const email = `alert.${unique()}@example.sa`;
  const offerIds: number[] = [];
  try {
    // Two searches of the same visitor: the keyword in Riyadh, and the keyword among villas.
    await page.goto(`/offers?keyword=${word}&city=${encodeURIComponent("الرياض")}&priceSort=low`);
    const block = page.getByTestId("alert-subscribe");
    await expect(block).toContainText(`«${word}»، الرياض`);
    // The form's code is not on the page's first load: it comes when the block is opened. Held
    // back here, so the visitor types in the plain form meanwhile: the real form takes it over.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/alert-form-[^/]*\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await block.getByText("نبهني بالعروض الجديدة").click();
    await expect.poll(() => requested).toBe(true);
    await block.getByLabel("بريدك الإلكتروني").fill("not-an-address");
    release();
    const real = block.locator('input[name="email"][id$="-email"]');
    await expect(real).toBeVisible();
    await expect(real).toHaveValue("not-an-address");
    await expect(real).toBeFocused();
    await shoot(page, "offers-alert-open");
    // A wrong address: the message, and what was typed stays.
    await block.getByRole("button", { name: "فعّل التنبيه" }).click();
    await expect(block.getByText("البريد الإلكتروني غير صحيح")).toBeVisible();
    await expect(block.getByLabel("بريدك الإلكتروني")).toHaveValue("not-an-address");
    await shoot(page, "offers-alert-error");
    await block.getByLabel("بريدك الإلكتروني").fill(email);
    await block.getByRole("button", { name: "فعّل التنبيه" }).click();
    await expect(block.getByRole("status")).toContainText("تحقق من بريدك");
    await shoot(page, "offers-alert-sent");

    await page.goto(`/offers?keyword=${word}&propertyType=${encodeURIComponent("فيلا")}`);
    await subscribe(page, email);

    const alerts = await queryE2eDatabase<{ id: number; query: string; confirmed_at: Date | null }>(
      "select id, query, confirmed_at from search_alerts where email = $1 order by id",
      [email],
    );
    expect(alerts.map((a) => decodeURIComponent(a.query))).toEqual([`keyword=${word}&city=الرياض`, `keyword=${word}&propertyType=فيلا`]);
    expect(alerts.every((a) => a.confirmed_at === null)).toBe(true);

    await confirmFromOutbox(page, email, "alert-confirm");
    // The second confirmation e-mail went out at once (another alert), and confirms the second.
    const confirmations = (await readE2eOutbox("email")).filter((m) => m.to === email && m.subject?.includes("أكّد تنبيه"));
    expect(confirmations).toHaveLength(2);
    const second = /(http\S+\/alerts\/confirm\/\S+)/.exec(confirmations[0]!.body)![1]!;
    await page.goto(second);
    await page.getByRole("button", { name: "تأكيد التنبيه" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "تم تأكيد التنبيه" })).toBeVisible();

    // The manager's reports count the alerts on (confirmed, not cancelled): these two among them.
    const manager = await browser.newContext();
    try {
      await signedInAs("manager", manager);
      const reports = await manager.newPage();
      const [{ n }] = (await queryE2eDatabase<{ n: number }>("select count(*)::int as n from search_alerts where confirmed_at is not null and unsubscribed_at is null")) as [
        { n: number },
      ];
      expect(n).toBeGreaterThanOrEqual(2);
      await reports.goto("/admin/reports");
      await expect(reports.getByTestId("figure-active-alerts")).toContainText("تنبيهات بحث مفعّلة الآن");
      await expect(reports.getByTestId("figure-active-alerts-value")).toHaveText(n.toLocaleString("ar-SA"));
    } finally {
      await manager.close();
    }

    // A villa in Riyadh with the word becomes public (created for sale, licensed): both alerts match it;
    // one elsewhere matches only the villas' alert. Old creation dates keep them at the end of every list.
    for (const [title, city] of [
      [`فيلا ${word} الجديدة`, "الرياض"],
      [`فيلا ${word} في جدة`, "جدة"],
    ] as const) {
      const [row] = await queryE2eDatabase<{ id: number }>(
        `insert into offers (title, property_type, status, city, location, price, area, bedrooms, bathrooms, details,
                             ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, created_at)
         values ($1, 'فيلا', 'للبيع', $2, 'الملقا', 2400000, 450, 5, 4, '{}'::jsonb,
                 '7100000998', current_date - 10, current_date + 300, now() + interval '300 days', now() - interval '500 days')
         returning id`,
        [title, city],
      );
      offerIds.push(row!.id);
    }
    expect(await queryE2eDatabase("select offer_id from offer_publications where offer_id = any($1)", [offerIds])).toHaveLength(2);

    // The scheduler's check, now (its crontab runs it every 15 minutes in the day).
    await queryE2eDatabase("select graphile_worker.add_job('search_alerts_tick')");
    const mail = await mailTo(email, (m) => Boolean(m.subject?.includes("بحثك")));
    expect(mail.subject).toContain("عرضان جديدان يطابقان بحثك");
    expect(mail.body).toContain(`فيلا ${word} الجديدة`);
    expect(mail.body).toContain(`/offer/${offerIds[0]}`);
    expect(mail.body).toContain(`/offer/${offerIds[1]}`);
    expect(mail.body).toContain(`البحث: «${word}»، الرياض`);
    expect(mail.body).toContain(`البحث: «${word}»، فيلا`);
    expect(mail.body).toContain(`/offers?${alerts[0]!.query}`);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const allLink = /^<(http\S+\/alerts\/unsubscribe\/d\d+-\S+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(allLink).toBeTruthy();
    const alertLinks = [...mail.body.matchAll(/إلغاء هذا التنبيه: (http\S+)/g)].map((m) => m[1]!);
    expect(alertLinks).toHaveLength(2);

    // Run again the same day: nothing more (one e-mail a day per address).
    await queryE2eDatabase("select graphile_worker.add_job('search_alerts_tick')");
    await expect.poll(async () => (await queryE2eDatabase("select 1 from graphile_worker.jobs where task_identifier = 'search_alerts_tick'")).length, { timeout: 10_000 }).toBe(0);
    expect((await readE2eOutbox("email")).filter((m) => m.to === email && m.subject?.includes("بحثك"))).toHaveLength(1);

    // The e-mail as a mail client shows it.
    await page.setContent(mail.html!);
    await shoot(page, "alert-email");

    // One alert's link: opening it cancels nothing; its button does.
    await page.goto(alertLinks[0]!);
    await expect(page.getByRole("heading", { level: 1, name: "إلغاء تنبيه البحث" })).toBeVisible();
    await shoot(page, "alert-unsubscribe");
    expect(await queryE2eDatabase("select 1 from search_alerts where email = $1 and unsubscribed_at is null", [email])).toHaveLength(2);
    await page.getByRole("button", { name: "إلغاء التنبيه" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "تم إلغاء التنبيه" })).toBeVisible();
    await shoot(page, "alert-unsubscribed");
    expect(await queryE2eDatabase("select 1 from search_alerts where email = $1 and unsubscribed_at is null", [email])).toHaveLength(1);

    // The header's link, as a mail client posts it (RFC 8058: no cookie, no page): the rest goes.
    const oneClick = await request.post(allLink!, { form: { "List-Unsubscribe": "One-Click" }, headers: { cookie: "" } });
    expect(oneClick.status()).toBe(200);
    expect(await queryE2eDatabase("select 1 from search_alerts where email = $1 and unsubscribed_at is null", [email])).toHaveLength(0);
    await page.goto(allLink!);
    await expect(page.getByRole("heading", { level: 1, name: "أُلغيت هذه التنبيهات من قبل" })).toBeVisible();
  } finally {
    if (offerIds.length) await queryE2eDatabase("delete from offers where id = any($1)", [offerIds]);
    await queryE2eDatabase("delete from search_alerts where email = $1", [email]);
    await queryE2eDatabase("delete from search_alert_digests where email = $1", [email]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form posts to /alerts, which asks for the bot check and keeps the address typed", async ({ page }) => {
    await page.goto(`/offers?city=${encodeURIComponent("جدة")}`);
    const block = page.getByTestId("alert-subscribe");
    await block.getByText("نبهني بالعروض الجديدة").click();
    await block.getByLabel("بريدك الإلكتروني").fill("nojs@example.sa");
    await block.getByRole("button", { name: "فعّل التنبيه" }).click();
    await expect(page).toHaveURL(/\/alerts\?city=/);
    await expect(page.getByRole("heading", { level: 1, name: "نبهني بالعروض الجديدة" })).toBeVisible();
    await expect(page.getByText("حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى")).toBeVisible();
    await expect(page.getByLabel("بريدك الإلكتروني")).toHaveValue("nojs@example.sa");
    await expect(page.getByText("البحث:").locator("..")).toContainText("جدة");
    expect(await queryE2eDatabase("select 1 from search_alerts where email = 'nojs@example.sa'")).toHaveLength(0);
    await shoot(page, "alerts-page-nojs");
  });
});
