import type { BrowserContext, Page } from "@playwright/test";
import { queryE2eDatabase, readE2eOutbox } from "./db.ts";
import { expect, test } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

/** Step 1 done: the code step is on screen. */
async function toCodeStep(page: Page, localPhone: string) {
  await page.goto("/login");
  await page.getByLabel("رقم الهاتف").fill(localPhone);
  await page.getByRole("button", { name: "إرسال رمز التحقق" }).click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
  await expect(page.getByLabel("رمز التحقق")).toBeVisible();
}

/** The number's codes as if sent 31 seconds earlier: the 30 seconds pass without waiting them out. */
const age = (phone: string) => queryE2eDatabase("update login_codes set created_at = created_at - interval '31 seconds' where phone = $1", [phone]);
const textsTo = async (phone: string) => (await readE2eOutbox("sms")).filter((text) => text.to === phone).length;
const toArabic = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const fromArabic = (text: string) => Number(text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));

test("«إعادة إرسال الرمز» counts down 30 seconds in Arabic, then sends a new code through the same limits", async ({ page, staffMember }) => {
  const member = await staffMember("staff");
  await toCodeStep(page, member.localPhone);
  const resend = page.getByRole("button", { name: "إعادة إرسال الرمز" });
  const wait = page.getByTestId("resend-wait");
  // Disabled while counting, the seconds in Arabic-Indic digits with the word agreeing.
  await expect(resend).toBeDisabled();
  await expect(wait).toHaveText(/^يمكنك طلب رمز جديد بعد ([٠-٩]+ (ثانية|ثوانٍ)|ثانيتين|ثانية واحدة)$/);
  const first = fromArabic(/[٠-٩]+/.exec(await wait.innerText())?.[0] ?? "0");
  expect(first).toBeGreaterThan(20);
  await expect.poll(async () => fromArabic(/[٠-٩]+/.exec(await wait.innerText())?.[0] ?? "0")).toBeLessThan(first);
  await expect(resend).toHaveAccessibleDescription(/يمكنك طلب رمز جديد بعد/);
  await noSeriousViolations(page);

  // The 30 seconds pass (the code made older): the page counts from what the server says.
  await age(member.phone);
  await page.reload();
  await expect(resend).toBeEnabled();
  await expect(wait).toHaveText("لم يصلك الرمز؟ يمكنك طلب رمز جديد الآن");
  const before = await textsTo(member.phone);
  await resend.click();
  await expect(page.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
  await expect.poll(() => textsTo(member.phone)).toBe(before + 1);
  // A new countdown for the new code.
  await expect(resend).toBeDisabled();
  await expect(wait).toContainText(`بعد ${toArabic(30)} ثانية`);
});

/** Hands the sign-in cookie of one browser to another, as the server would set it (a __Host- cookie cannot be added through the cookie API over http). */
async function handOverSignIn(from: BrowserContext, to: BrowserContext, baseURL: string) {
  const cookie = (await from.cookies()).find((c) => c.name.endsWith("aqar-signin"))!;
  const url = new URL("/__e2e/sign-in", baseURL).href;
  await to.route(url, (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "", headers: { "Set-Cookie": `${cookie.name}=${cookie.value}; Path=/; Secure; HttpOnly; SameSite=Lax` } }),
  );
  const page = await to.newPage();
  await page.goto(url);
  await page.close();
  await to.unroute(url);
}

test("without JavaScript the button is never disabled: pressed early the server says how long is left, after 30 seconds it sends", async ({
  page,
  context,
  browser,
  staffMember,
  baseURL,
}) => {
  const member = await staffMember("staff");
  await toCodeStep(page, member.localPhone);
  const plain = await browser.newContext({ javaScriptEnabled: false, locale: "ar-SA" });
  await handOverSignIn(context, plain, baseURL!);
  const noScript = await plain.newPage();
  await noScript.goto("/login");
  const resend = noScript.getByRole("button", { name: "إعادة إرسال الرمز" });
  await expect(resend).toBeEnabled();
  await expect(noScript.getByTestId("resend-wait")).toContainText("يمكنك طلب رمز جديد بعد");
  const before = await textsTo(member.phone);

  await resend.click();
  await expect(noScript.getByRole("alert")).toHaveText(/^يمكنك طلب رمز جديد بعد ([٠-٩]+ (ثانية|ثوانٍ)|ثانيتين|ثانية واحدة)$/);
  expect(await textsTo(member.phone)).toBe(before);

  await age(member.phone);
  await noScript.getByRole("button", { name: "إعادة إرسال الرمز" }).click();
  await expect(noScript.getByRole("status")).toHaveText("تم إرسال رمز التحقق بنجاح");
  await expect.poll(() => textsTo(member.phone)).toBe(before + 1);
  await plain.close();
});
