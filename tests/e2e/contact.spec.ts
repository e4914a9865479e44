import { MESSAGES } from "../../app/utils/messages.ts";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test, uniquePhone } from "./fixtures.ts";

const SENT = "تم الإرسال بنجاح! شكراً لتواصلك معنا، سنتصل بك قريباً.";

test("contact: the property in the query prefills the form and the banner; sent, mailed, then cleared after 5 s", async ({ page }) => {
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers order by id limit 1");
  // The title in the link is only a hint: a known offer's own title wins.
  await page.goto(`/contact?propertyId=${offer!.id}&propertyTitle=${encodeURIComponent("عنوان من الرابط")}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "تواصل معنا" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText(`أنت تستفسر عن العقار: ${offer!.title}`);
  await expect(page.getByRole("note").getByRole("link", { name: "عرض تفاصيل العقار" })).toHaveAttribute("href", `/offer/${offer!.id}`);

  const phone = uniquePhone();
  await page.getByLabel("الاسم").fill("ريم الشهري");
  await page.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
  await page.getByLabel("رسالتك (اختياري)").fill("أرغب في زيارة العقار يوم الخميس");
  await page.getByRole("button", { name: "إرسال", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(SENT);

  const rows = await queryE2eDatabase<{ name: string; status: string; property_id: number; property_title: string }>(
    "select name, status, property_id, property_title from inquiries where phone = $1",
    [`+966${phone.slice(1)}`],
  );
  expect(rows).toEqual([{ name: "ريم الشهري", status: "pending", property_id: offer!.id, property_title: offer!.title }]);
  await expect.poll(async () => (await readE2eOutbox("email")).filter((mail) => mail.body.includes(`+966${phone.slice(1)}`)).length).toBe(1);
  const [mail] = (await readE2eOutbox("email")).filter((m) => m.body.includes(`+966${phone.slice(1)}`));
  expect(mail).toMatchObject({ to: "manager@example.sa", subject: `استفسار جديد عن: ${offer!.title}` });

  await expect(page.getByRole("status")).toBeHidden({ timeout: 7000 });
  await expect(page.getByLabel("رقم الهاتف (مطلوب)")).toHaveValue("");
  await expect(page.getByLabel("الاسم")).toHaveValue("");
});

test("contact: a title without a known offer still shows the banner; no property shows none", async ({ page }) => {
  await page.goto(`/contact?propertyTitle=${encodeURIComponent("شقة في حي النرجس")}`);
  await expect(page.getByRole("note")).toHaveText("أنت تستفسر عن العقار: شقة في حي النرجس");
  await page.goto("/contact");
  await expect(page.getByRole("note")).toHaveCount(0);
  // The contact image of site content (seeded in demo mode) is served in sizes.
  await expect(page.locator("main img[srcset]").first()).toHaveAttribute("src", /^\/images\/[a-f0-9]{32}-\d+(\.webp)?$/);
  await expect(page.getByLabel("رقم الهاتف (مطلوب)")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /اعرض عقارك لدينا/ })).toHaveAttribute("href", "/list-your-property");
});

test("a post without the proof of work (a script, not a visitor) is refused in Arabic and stores nothing", async ({ request }) => {
  const phone = "0507776655";
  const response = await request.post("/contact", { form: { intent: "inquiry", phone } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("حدث خطأ في إعداد التحقق");
  expect(await queryE2eDatabase("select 1 from inquiries where phone = $1", ["+966507776655"])).toEqual([]);
});

test("contact: an error found by the server clears once the field is fixed", async ({ page }) => {
  // The browser's copy of the checks fails to load (a dropped connection): the server checks alone.
  const schemaChunk = /\/assets\/inquiry-schema-[\w-]+\.js$/;
  await page.route(schemaChunk, (route) => route.abort());
  await page.goto("/contact");
  const phone = page.getByLabel("رقم الهاتف (مطلوب)");
  await phone.fill("05012");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "إرسال", exact: true }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByText(MESSAGES.phoneInvalid)).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");

  await page.unroute(schemaChunk);
  await phone.pressSequentially("34567");
  await expect(page.getByText(MESSAGES.phoneInvalid)).toBeHidden();
  await expect(phone).not.toHaveAttribute("aria-invalid");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the contact post reaches the server, which asks for the bot check and keeps what was typed", async ({ page }) => {
    const phone = uniquePhone();
    await page.goto("/contact");
    await page.getByLabel("رقم الهاتف (مطلوب)").fill(phone);
    await page.getByLabel("رسالتك (اختياري)").fill("هل يوجد عرض في حي الملقا؟");
    await page.getByRole("button", { name: "إرسال", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText("حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى");
    await expect(page.getByLabel("رقم الهاتف (مطلوب)")).toHaveValue(phone);
    await expect(page.getByLabel("رسالتك (اختياري)")).toHaveValue("هل يوجد عرض في حي الملقا؟");
    expect(await queryE2eDatabase("select 1 from inquiries where phone = $1", [`+966${phone.slice(1)}`])).toEqual([]);
  });
});
