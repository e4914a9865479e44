import type { Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, unique, uniquePhone } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

/** Screenshots of the new pages for a person to look at (test-results/…). */
const shoot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

/** The e-mail-less visitor's phone in E.164, as the outbox addresses it. */
const e164 = (local: string) => `+966${local.slice(1)}`;

test("from a visitor's inquiry to a viewing with its outcome: booked from the inbox card, in the diary, texted, outcome recorded", async ({ page, browser, signedInAs }) => {
  test.setTimeout(90_000);
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers where lat is not null order by id limit 1");
  const name = `عميل معاينة ${unique()}`;
  const phone = uniquePhone();

  // The visitor asks about the offer on its page.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/offer/${offer!.id}`);
  const inquiry = visitorPage.getByRole("region", { name: "استفسر عن هذا العقار" });
  await inquiry.getByLabel("الاسم", { exact: true }).fill(name);
  await inquiry.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
  await inquiry.getByRole("button", { name: "إرسال الاستفسار" }).click();
  await expect(inquiry.getByRole("status")).toContainText("تم الإرسال بنجاح!");
  await visitor.close();

  // An employee books a viewing from the inquiry's card: the client and the offer are filled in.
  const { member } = await signedInAs("staff");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/admin/inquiries?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("inquiry-card").filter({ hasText: name });
  await card.getByRole("link", { name: "حجز معاينة" }).click();
  await expect(page).toHaveURL(/\/admin\/viewings\/new\?inquiry=\d+/);
  // The pickers open with the inquiry's offer and client picked, written as a person reads them.
  await expect(page.getByRole("combobox", { name: "العرض", exact: true })).toHaveValue(new RegExp(`— ${escapeRegExp(offer!.title)}$`));
  await expect(page.getByRole("combobox", { name: "العميل", exact: true })).toHaveValue(new RegExp(`— ${escapeRegExp(name)}$`));
  await expect(page.getByLabel("الموظف الذي يرافق العميل")).toHaveValue(String(member.id));
  await noSeriousViolations(page, "booking form");
  await shoot(page, "booking-form-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "booking-form-390");
  const day = await page.getByLabel("التاريخ").inputValue();
  await page.getByLabel("الوقت (بتوقيت الرياض)").fill("17:00");
  await page.getByRole("button", { name: "حجز المعاينة" }).click();

  // The diary shows it (the employee's own, by default), and the client was texted.
  await expect(page).toHaveURL(new RegExp(`/admin/viewings\\?day=${day}`));
  await expect(page.getByText("تم حجز المعاينة وأُرسل تأكيدها إلى العميل")).toBeVisible();
  const entry = page.getByTestId("diary-entry").filter({ hasText: name });
  await expect(entry).toContainText(offer!.title);
  await expect(entry).toContainText("٥:٠٠ م");
  await expect(entry).toContainText("مؤكدة");
  await expect.poll(async () => (await readE2eOutbox("sms")).filter((m) => m.to === e164(phone) && m.body.includes("تم تأكيد موعد معاينة")).length).toBe(1);
  const [client] = await queryE2eDatabase<{ stage: string; id: number }>("select c.id, c.stage from clients c join client_phones p on p.client_id = c.id where p.phone = $1", [
    e164(phone),
  ]);
  expect(client!.stage).toBe("viewing");
  await shoot(page, "diary-week-390");
  await noSeriousViolations(page, "diary (phone)");
  await page.setViewportSize({ width: 1366, height: 900 });
  await shoot(page, "diary-week-1366");
  await noSeriousViolations(page, "diary");

  // The viewing has taken place: the employee records the outcome from a phone, in a few taps.
  // Its Riyadh day, not today's: an hour ago is yesterday there just after midnight.
  const [past] = await queryE2eDatabase<{ day: string }>(
    "update viewings set starts_at = now() - interval '1 hour', ends_at = now() where client_id = $1 returning to_char((starts_at at time zone 'Asia/Riyadh')::date, 'YYYY-MM-DD') as day",
    [client!.id],
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/viewings?view=day&day=${past!.day}`);
  const done = page.getByTestId("diary-entry").filter({ hasText: name });
  const outcome = done.getByRole("form", { name: "نتيجة المعاينة" });
  await outcome.getByRole("button", { name: "غير مهتم" }).click();
  await outcome.getByRole("button", { name: "حفظ" }).click();
  await expect(outcome.getByText("يرجى كتابة سبب عدم الاهتمام")).toBeVisible();
  await outcome.getByLabel("سبب عدم الاهتمام").fill("السعر أعلى من ميزانيته");
  await outcome.getByRole("button", { name: "حفظ" }).click();
  await expect(done).toContainText("النتيجة: غير مهتم — السعر أعلى من ميزانيته");
  await expect(done).toContainText("تمت");
  await shoot(page, "diary-day-outcome-390");
  const events = await queryE2eDatabase<{ kind: string; action: string | null }>("select kind, details->>'action' as action from client_events where client_id = $1 order by id", [
    client!.id,
  ]);
  // (A new client's assignment, decision 048, comes right after the message.)
  expect(events.map((e) => `${e.kind}:${e.action ?? ""}`)).toEqual(["inquiry:", "assigned:", "viewing:booked", "stage:", "viewing:outcome"]);
});

test("booking from a blank form: the offer and the client searched as one types and picked from the lists; one not picked is refused under its field", async ({
  page,
  signedInAs,
}) => {
  test.setTimeout(60_000);
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers order by id desc limit 1");
  const name = `عميلة البحث ${unique()}`;
  const phone = uniquePhone();
  const [client] = await queryE2eDatabase<{ id: number }>("insert into clients (name) values ($1) returning id", [name]);
  await queryE2eDatabase("insert into client_phones (phone, client_id) values ($1, $2)", [e164(phone), client!.id]);
  await signedInAs("staff");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/viewings/new");
  const form = page.getByRole("region", { name: "حجز معاينة" });

  // A name typed and not picked: refused under the field, the text kept.
  const offerBox = form.getByRole("combobox", { name: "العرض", exact: true });
  const clientBox = form.getByRole("combobox", { name: "العميل", exact: true });
  await offerBox.fill("عرض لا وجود له أبدًا");
  await expect(form.getByRole("status").filter({ hasText: "لا توجد عروض مطابقة" })).toBeAttached();
  await page.getByLabel("الوقت (بتوقيت الرياض)").fill("18:00");
  await form.getByRole("button", { name: "حجز المعاينة" }).click();
  await expect(offerBox).toHaveAccessibleDescription(/العرض غير موجود، يرجى اختياره من القائمة$/);
  await expect(clientBox).toHaveAccessibleDescription(/يرجى اختيار العميل$/);
  await expect(offerBox).toHaveValue("عرض لا وجود له أبدًا");

  // The offer: a part of its title typed, picked from the list with the mouse.
  await offerBox.fill(offer!.title.slice(0, 12));
  const offers = form.getByRole("listbox", { name: "العروض المطابقة" });
  await offers
    .getByRole("option")
    .filter({ hasText: `#${arabicDigits(String(offer!.id))} ` })
    .click();
  await expect(offerBox).toHaveValue(new RegExp(`— ${escapeRegExp(offer!.title)}$`));
  await expect(offerBox).not.toHaveAttribute("aria-invalid");

  // The client: their phone typed with Arabic-Indic digits and spaces, picked with the keyboard.
  await clientBox.fill(arabicDigits(`${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`));
  const clients = form.getByRole("listbox", { name: "العملاء المطابقون" });
  await expect(clients.getByRole("option")).toHaveCount(1);
  await expect(clients.getByRole("option")).toContainText(name);
  await noSeriousViolations(page, "booking form, list open");
  await shoot(page, "booking-pickers-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "booking-pickers-390");
  await clientBox.press("Enter");
  await expect(clients).toBeHidden();
  await expect(clientBox).toHaveValue(new RegExp(`— ${escapeRegExp(name)}$`));
  const day = await page.getByLabel("التاريخ").inputValue();
  await form.getByRole("button", { name: "حجز المعاينة" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/viewings\\?day=${day}`));
  await expect(page.getByText("تم حجز المعاينة وأُرسل تأكيدها إلى العميل")).toBeVisible();
  const booked = await queryE2eDatabase<{ offer_id: number }>("select offer_id from viewings where client_id = $1", [client!.id]);
  expect(booked).toEqual([{ offer_id: offer!.id }]);
});

test("without JavaScript the pickers are plain fields of numbers: a client the form opens with shows as its number, an offer's number typed books", async ({
  browser,
  signedInAs,
}) => {
  const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers order by id desc limit 1");
  const name = `عميل بلا سكربت ${unique()}`;
  const [client] = await queryE2eDatabase<{ id: number }>("insert into clients (name) values ($1) returning id", [name]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signedInAs("staff", context);
  const page = await context.newPage();
  await page.goto(`/admin/viewings/new?client=${client!.id}`);
  const form = page.getByRole("region", { name: "حجز معاينة" });
  await expect(form.getByLabel("العميل", { exact: true })).toHaveValue(String(client!.id));
  await form.getByLabel("العرض", { exact: true }).fill(arabicDigits(`#${offer!.id}`));
  await form.getByLabel("الوقت (بتوقيت الرياض)").fill("18:00");
  await form.getByRole("button", { name: "حجز المعاينة" }).click();
  await expect(page.getByText("تم حجز المعاينة وأُرسل تأكيدها إلى العميل")).toBeVisible();
  expect(await queryE2eDatabase("select offer_id from viewings where client_id = $1", [client!.id])).toEqual([{ offer_id: offer!.id }]);
  await context.close();
});

test("a visitor asks for a viewing on the offer page at a time the firm opens; staff propose another time", async ({ page, browser, signedInAs }) => {
  test.setTimeout(90_000);
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers where lat is not null order by id limit 1");
  const name = `زائر ${unique()}`;
  const phone = uniquePhone();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/offer/${offer!.id}`);
  const request = visitorPage.getByRole("region", { name: "اطلب معاينة" });
  await request.getByRole("button", { name: "اختر موعد المعاينة" }).click();
  const days = request.getByRole("group", { name: "اليوم" }).getByRole("button");
  await expect(days.first()).toBeVisible();
  await days.nth(1).click();
  const times = request.getByRole("group", { name: "الوقت (بتوقيت الرياض)" }).getByRole("radio");
  await times.first().check({ force: true });
  const chosen = await times.first().getAttribute("value");
  // Sent without a name: said under the field, nothing stored.
  await request.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
  await request.getByRole("button", { name: "إرسال طلب المعاينة" }).click();
  await expect(request.getByText("يرجى إدخال الاسم")).toBeVisible();
  await request.getByLabel("الاسم (مطلوب)").fill(name);
  await request.getByRole("button", { name: "إرسال طلب المعاينة" }).click();
  await expect(request.getByRole("status")).toHaveText("تم استلام طلب المعاينة، وسنتصل بك لتأكيد الموعد.", { timeout: 15_000 });
  await visitor.close();

  const [asked] = await queryE2eDatabase<{ id: number; starts_at: Date; status: string }>(
    "select v.id, v.starts_at, v.status from viewings v join client_phones p on p.client_id = v.client_id where p.phone = $1",
    [e164(phone)],
  );
  expect(asked!.status).toBe("requested");
  expect(asked!.starts_at.toISOString()).toBe(chosen);

  // The manager proposes another time from the diary's entry: the client is told by SMS.
  await signedInAs("manager");
  await page.goto(`/admin/viewings/new?request=${asked!.id}`);
  await expect(page.getByRole("heading", { name: "تأكيد طلب معاينة", level: 1 })).toBeVisible();
  await page.getByLabel("الوقت (بتوقيت الرياض)").fill("20:30");
  await page.getByRole("button", { name: "تأكيد الموعد" }).click();
  await expect(page.getByText("تم اقتراح الموعد الجديد وأُرسل إلى العميل")).toBeVisible();
  await expect.poll(async () => (await readE2eOutbox("sms")).filter((m) => m.to === e164(phone) && m.body.includes("نقترح موعدًا آخر")).length).toBe(1);
  const [confirmed] = await queryE2eDatabase<{ status: string }>("select status from viewings where id = $1", [asked!.id]);
  expect(confirmed!.status).toBe("confirmed");
});

test("the offer page's viewing form passes axe, open, at both widths", async ({ page }) => {
  const [offer] = await queryE2eDatabase<{ id: number }>("select id from offers where lat is not null order by id limit 1");
  await page.route("**/api/offers/events", (route) => route.abort());
  for (const width of [1366, 390]) {
    await page.setViewportSize(width === 390 ? { width, height: 844 } : { width, height: 900 });
    await page.goto(`/offer/${offer!.id}`);
    const request = page.getByRole("region", { name: "اطلب معاينة" });
    await request.getByRole("button", { name: "اختر موعد المعاينة" }).click();
    await expect(request.getByRole("group", { name: "الوقت (بتوقيت الرياض)" }).getByRole("radio").first()).toBeAttached();
    await request.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`offer-viewing-${width}.png`) });
    await noSeriousViolations(page, `offer page ${width}`);
  }
});
