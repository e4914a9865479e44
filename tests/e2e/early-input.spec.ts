import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { earlyPage, isHydrated, MOMENTS, seedOf, type EarlyPage } from "./early-input.ts";
import { expect, test, uniquePhone } from "./fixtures.ts";

/*
 * Issue 28, decision 025: every control a visitor can see before the page's JavaScript has started
 * either works without it (a link, a form the server answers) or keeps its tap and applies it once.
 * Each control is used with the page's chunks held back and the CPU slowed 4×, the chunks let go
 * after the use ("held"), as React starts hydrating ("hydrating"), or at a seeded random moment
 * ("random"; the seed is in the test's annotations, EARLY_INPUT_SEED replays it); then its result
 * is checked once, with no dialog, no page error and no bot-check message.
 */

/** The CPU is slowed 4× and two tests run at once on two cores: a page's hydration can take seconds. */
const eventually = expect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });

/** The posts the page sent to a path (React Router's data requests end in ".data"). */
const postsTo = (early: EarlyPage, path: string) => early.posts.filter((sent) => sent === path || sent === `${path}.data`);

const BOT_CHECK_FAILED = "حدث خطأ في إعداد التحقق، يرجى تحديث الصفحة والمحاولة مرة أخرى";

interface Offer {
  id: number;
  title: string;
}

/** The ids of the offers /offers lists first. */
async function listedIds(page: Page): Promise<number[]> {
  const html = await (await page.request.get("/offers")).text();
  return [...new Set([...html.matchAll(/href="\/offer\/(\d+)"/g)].map((m) => Number(m[1])))];
}

/** An offer of the list with at least two photos (the gallery's arrows). */
async function listedOffer(page: Page): Promise<Offer> {
  const ids = await listedIds(page);
  const [row] = await queryE2eDatabase<Offer>(
    "select o.id, o.title from offers o where o.id = any($1::int[]) and (select count(*) from offer_images i where i.offer_id = o.id) >= 2 order by array_position($1::int[], o.id) limit 1",
    [ids],
  );
  return row!;
}

/** Stored lists the device has before the page opens (once: later loads keep what the page changed). */
async function withStored(page: Page, lists: { favourites?: number[]; compareOffers?: unknown[] }) {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem("e2e-stored")) return;
    sessionStorage.setItem("e2e-stored", "1");
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, JSON.stringify(value));
  }, lists);
}

const stored = (page: Page, key: string) => page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? "[]") as unknown[], key);

interface Control {
  name: string;
  /** A phone's screen (the menu is the phone's). */
  phone?: boolean;
  /** Before the page opens: its address (and anything stored on the device). */
  prepare(page: Page, offer: Offer): Promise<string>;
  /** What the visitor does, whatever the page's state. */
  use(page: Page, offer: Offer): Promise<void>;
  /** Once hydrated: the result, once. */
  check(page: Page, offer: Offer, early: EarlyPage): Promise<void>;
}

const main = (page: Page) => page.locator("main");

const CONTROLS: Control[] = [
  {
    name: "header search",
    prepare: async () => "/",
    use: (page) => page.getByRole("banner").getByRole("button", { name: "بحث" }).click(),
    async check(page) {
      const dialog = page.getByRole("dialog", { name: "البحث" });
      await eventually(dialog).toBeVisible();
      await dialog.getByLabel("ابحث عن عقار").fill("زززز");
      await dialog.getByLabel("ابحث عن عقار").press("Enter");
      await eventually(page).toHaveURL(/\/offers\?keyword=%D8%B2/);
    },
  },
  {
    name: "menu",
    phone: true,
    prepare: async () => "/",
    use: (page) => page.getByRole("button", { name: "فتح القائمة" }).click(),
    async check(page) {
      await eventually(page.locator("#mobile-menu")).toBeVisible();
      await eventually(page.getByRole("button", { name: "إغلاق القائمة" })).toHaveAttribute("aria-expanded", "true");
    },
  },
  {
    name: "filters",
    prepare: async () => "/offers",
    async use(page) {
      const form = page.getByRole("search", { name: "البحث في العروض" });
      await form.getByLabel("المدينة").selectOption("الرياض");
      await form.getByRole("button", { name: "عرض النتائج" }).click();
    },
    async check(page) {
      await eventually(page).toHaveURL(/[?&]city=%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6/);
      await eventually(page.getByRole("search", { name: "البحث في العروض" }).getByLabel("المدينة")).toHaveValue("الرياض");
    },
  },
  {
    name: "sort",
    prepare: async () => "/offers",
    async use(page) {
      const form = page.getByRole("search", { name: "البحث في العروض" });
      await form.getByLabel("الترتيب").selectOption("low");
      await form.getByRole("button", { name: "عرض النتائج" }).click();
    },
    async check(page) {
      await eventually(page).toHaveURL(/[?&]priceSort=low/);
      await eventually(page.getByRole("search", { name: "البحث في العروض" }).getByLabel("الترتيب")).toHaveValue("low");
    },
  },
  {
    name: "view switch",
    prepare: async () => "/offers",
    use: (page) => page.getByRole("group", { name: "طريقة العرض" }).getByRole("link", { name: "بطاقات" }).click(),
    async check(page) {
      await eventually(page).toHaveURL(/[?&]view=swipe/);
      await eventually(page.getByRole("group", { name: "طريقة العرض" }).getByRole("link", { name: "بطاقات" })).toHaveAttribute("aria-current", "true");
    },
  },
  {
    name: "favourite",
    prepare: async (_, offer) => `/offer/${offer.id}`,
    use: (page) => main(page).getByRole("button", { name: "أضف إلى المفضلة" }).first().click(),
    async check(page, offer) {
      await eventually(main(page).getByRole("button", { name: "أضف إلى المفضلة" }).first()).toHaveAttribute("aria-pressed", "true");
      await eventually.poll(() => stored(page, "favourites")).toEqual([offer.id]);
    },
  },
  {
    name: "compare",
    prepare: async (_, offer) => `/offer/${offer.id}`,
    use: (page) => main(page).getByRole("button", { name: "أضف إلى المقارنة" }).first().click(),
    async check(page, offer) {
      await eventually(main(page).getByRole("button", { name: "أضف إلى المقارنة" }).first()).toHaveAttribute("aria-pressed", "true");
      await eventually.poll(async () => (await stored(page, "compareOffers")).map((item) => (item as Offer).id)).toEqual([offer.id]);
    },
  },
  {
    name: "share",
    async prepare(page, offer) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      return `/offer/${offer.id}`;
    },
    use: (page) => page.getByRole("button", { name: "نسخ الرابط" }).click(),
    async check(page, offer) {
      await eventually(page.getByText("تم نسخ الرابط")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/offer/${offer.id}$`));
    },
  },
  {
    name: "gallery",
    prepare: async (_, offer) => `/offer/${offer.id}`,
    use: (page) => page.getByRole("button", { name: "الصورة التالية" }).click(),
    async check(page) {
      await eventually(page.getByText(/^٢ \/ [٠-٩]+$/).first()).toBeVisible();
    },
  },
  {
    name: "inquiry",
    prepare: async (_, offer) => `/offer/${offer.id}`,
    async use(page) {
      const form = page.locator("aside");
      await form.getByLabel("الاسم").fill("زائر مبكر");
      await form.getByLabel("رقم الهاتف (مطلوب)").fill(phoneOf(page));
      await form.getByRole("button", { name: "إرسال الاستفسار" }).click();
    },
    async check(page, offer, early) {
      await eventually(page.locator("aside").getByText("تم الإرسال بنجاح!", { exact: false })).toBeVisible({ timeout: 15_000 });
      const rows = await queryE2eDatabase("select property_id from inquiries where phone = $1", [`+966${phoneOf(page).slice(1)}`]);
      expect(rows).toEqual([{ property_id: offer.id }]);
      expect(postsTo(early, `/offer/${offer.id}`)).toHaveLength(1);
    },
  },
  {
    // «اختر موعد المعاينة» opens a form whose code loads on the tap (a lazy part): the early tap is kept
    // until that part is React's, then the visitor picks a time and sends; one request, in its own
    // rate-limit bucket, and no inquiry.
    name: "viewing request",
    prepare: async (_, offer) => `/offer/${offer.id}`,
    use: (page) => page.getByRole("region", { name: "اطلب معاينة" }).getByRole("button", { name: "اختر موعد المعاينة" }).click(),
    async check(page, offer, early) {
      const request = page.getByRole("region", { name: "اطلب معاينة" });
      await eventually(request.getByRole("group", { name: "اليوم" }).getByRole("button").first()).toBeVisible();
      await request.getByRole("group", { name: "الوقت (بتوقيت الرياض)" }).getByRole("radio").first().check({ force: true });
      await request.getByLabel("الاسم (مطلوب)").fill(nameOf(page));
      await request.getByLabel("رقم الهاتف (مطلوب)").fill(phoneOf(page));
      await request.getByRole("button", { name: "إرسال طلب المعاينة" }).click();
      await eventually(request.getByRole("status")).toHaveText("تم استلام طلب المعاينة، وسنتصل بك لتأكيد الموعد.", { timeout: 15_000 });
      const rows = await queryE2eDatabase("select v.offer_id, v.status from viewings v join client_phones p on p.client_id = v.client_id where p.phone = $1", [
        `+966${phoneOf(page).slice(1)}`,
      ]);
      expect(rows).toEqual([{ offer_id: offer.id, status: "requested" }]);
      expect(await queryE2eDatabase("select 1 from inquiries where phone = $1", [`+966${phoneOf(page).slice(1)}`])).toHaveLength(0);
      expect(postsTo(early, `/offer/${offer.id}`)).toHaveLength(1);
    },
  },
  {
    name: "contact",
    prepare: async () => "/contact",
    async use(page) {
      await page.getByLabel("الاسم").fill("زائر مبكر");
      await page.getByLabel("رقم الهاتف (مطلوب)").fill(phoneOf(page));
      await page.getByRole("button", { name: "إرسال", exact: true }).click();
    },
    async check(page, _, early) {
      await eventually(page.getByRole("status").filter({ hasText: "تم الإرسال بنجاح" })).toBeVisible({ timeout: 15_000 });
      expect(await queryE2eDatabase("select 1 from inquiries where phone = $1", [`+966${phoneOf(page).slice(1)}`])).toHaveLength(1);
      expect(postsTo(early, "/contact")).toHaveLength(1);
    },
  },
  {
    name: "owner submission",
    prepare: async () => "/list-your-property",
    // Everything the page lets a visitor fill before its JavaScript runs (the neighbourhoods come with
    // it: the list is the city's), photo included, and sent: the form's own check answers once it has.
    async use(page) {
      await page.getByLabel("الاسم").fill(nameOf(page));
      await page.getByLabel("رقم الهاتف").fill(phoneOf(page));
      await page.getByRole("radio", { name: "بيع", exact: true }).check();
      await page.getByLabel("نوع العقار").selectOption("فيلا");
      await page.getByLabel("المدينة").selectOption("جدة");
      await page.getByLabel("المساحة (م²)").fill("٤٠٠");
      await page.getByLabel("وصف العقار").fill("فيلا للبيع، أرسلت قبل أن تبدأ الصفحة");
      await page.locator('input[type="file"]').setInputFiles({ name: "front.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "إرسال الطلب" }).click();
    },
    async check(page, _, early) {
      await eventually(page.getByText("يرجى اختيار الحي")).toBeVisible();
      await eventually(page.getByRole("list", { name: "الصور المختارة" }).getByRole("img")).toHaveCount(1);
      await expect(page.getByLabel("الاسم")).toHaveValue(nameOf(page));
      await expect(page.getByLabel("وصف العقار")).toHaveValue("فيلا للبيع، أرسلت قبل أن تبدأ الصفحة");
      expect(postsTo(early, "/api/submissions")).toHaveLength(0);
      await page.getByLabel("الحي").selectOption("الروضة");
      await page.getByRole("button", { name: "إرسال الطلب" }).click();
      await eventually(page.getByText("تم استلام طلبك بنجاح!")).toBeVisible();
      expect(await queryE2eDatabase("select 1 from submissions where client_name = $1", [nameOf(page)])).toHaveLength(1);
      expect(postsTo(early, "/api/submissions")).toHaveLength(1);
    },
  },
  {
    name: "alert",
    prepare: async () => `/offers?city=${encodeURIComponent("جدة")}`,
    async use(page) {
      const block = page.getByTestId("alert-subscribe");
      await block.getByText("نبهني بالعروض الجديدة").click();
      await block.getByLabel("بريدك الإلكتروني").fill(emailOf(page));
      await block.getByRole("button", { name: "فعّل التنبيه" }).click();
    },
    async check(page, _, early) {
      await eventually(page.getByTestId("alert-subscribe").getByRole("status")).toContainText("تحقق من بريدك", { timeout: 15_000 });
      expect(await queryE2eDatabase("select 1 from search_alerts where email = $1", [emailOf(page)])).toHaveLength(1);
      expect(postsTo(early, "/alerts")).toHaveLength(1);
    },
  },
  {
    name: "favourites page",
    async prepare(page, offer) {
      await withStored(page, { favourites: [offer.id] });
      return `/favourites?ids=${offer.id}`;
    },
    use: (page) => page.getByTestId("favourites-grid").getByRole("button", { name: "أضف إلى المفضلة" }).click(),
    async check(page) {
      await eventually(page.getByTestId("favourites-empty")).toBeVisible();
      await eventually.poll(() => stored(page, "favourites")).toEqual([]);
    },
  },
  {
    name: "compare page",
    async prepare(page, offer) {
      const otherId = (await listedIds(page)).find((id) => id !== offer.id)!;
      const other = (await queryE2eDatabase<Offer>("select id, title from offers where id = $1", [otherId]))[0]!;
      await withStored(page, { compareOffers: [offer, other].map(({ id, title }) => ({ id, title, image: "" })) });
      return `/compare?ids=${offer.id},${other.id}`;
    },
    use: (page, offer) => page.getByRole("link", { name: `أزل «${offer.title}» من المقارنة` }).click(),
    async check(page, offer) {
      await eventually(page).toHaveURL(/\/compare\?ids=\d+$/);
      await eventually.poll(async () => (await stored(page, "compareOffers")).map((item) => (item as Offer).id)).not.toContain(offer.id);
      expect(await stored(page, "compareOffers")).toHaveLength(1);
    },
  },
];

// A 1×1 PNG: the owner's photo (the server reads it with sharp).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

// Each test's own phone, name and address (kept per page: use and check read the same).
const identities = new WeakMap<Page, { phone: string; name: string; email: string }>();
function identity(page: Page) {
  let found = identities.get(page);
  if (!found) {
    const phone = uniquePhone();
    found = { phone, name: `مالك مبكر ${phone}`, email: `early.${phone}@example.sa` };
    identities.set(page, found);
  }
  return found;
}
const phoneOf = (page: Page) => identity(page).phone;
const nameOf = (page: Page) => identity(page).name;
const emailOf = (page: Page) => identity(page).email;

for (const control of CONTROLS) {
  test.describe(control.name, () => {
    if (control.phone) test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    for (const moment of MOMENTS) {
      test(`${control.name}, the chunks let go ${moment}: its result once, no error`, async ({ page }, info) => {
        const seed = seedOf(info.title);
        const offer = await listedOffer(page);
        const path = await control.prepare(page, offer);
        const early = await earlyPage(page, moment, seed);
        info.annotations.push({ type: "seed", description: `${seed} (random delay ${early.delay} ms)` });
        await early.open(path);
        await early.letGo();
        if (moment === "held") expect(await isHydrated(page)).toBe(false);
        await control.use(page, offer);
        await early.hydrated();
        await control.check(page, offer, early);
        await expect(page.getByText(BOT_CHECK_FAILED)).toHaveCount(0);
        expect(early.problems).toEqual([]);
      });
    }
  });
}

test("a tap on a button painted before the rest of the page has arrived (the loader not yet read) is kept and applied once", async ({ page }) => {
  const offer = await listedOffer(page);
  // The stylesheet in the browser's cache already (a visitor's second page): the page paints as its
  // HTML arrives, not once a throttled stylesheet has too (decision 028).
  await page.goto("/about");
  const cdp = await page.context().newCDPSession(page);
  // The HTML trickles in: the offer's buttons are painted well before the end of the body.
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 100, downloadThroughput: 3_000, uploadThroughput: 50_000 });
  await page.goto(`/offer/${offer.id}`, { waitUntil: "commit" });
  const heart = main(page).getByRole("button", { name: "أضف إلى المفضلة" }).first();
  await heart.click();
  // The click came before the loader at the end of the body was read.
  expect(await page.evaluate(() => (window as unknown as { __earlyInput?: { go: unknown } }).__earlyInput?.go ?? null)).toBeNull();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(heart).toHaveAttribute("aria-pressed", "true", { timeout: 20_000 });
  await expect.poll(() => stored(page, "favourites")).toEqual([offer.id]);
});
