import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";

/**
 * One digit style on the public pages (issue 16): every number the site writes (counts, counters,
 * years, dates, phones, plan and plot numbers, limits) is in Arabic-Indic digits. Two things keep
 * Latin digits: SPEC's English '{n} SAR' line, and what the staff wrote as prose (titles,
 * places, descriptions, notes, the site's texts), shown as typed; the demo data writes its prose
 * with Arabic-Indic digits (demo/offers.test.ts), other specs' offers may not.
 */

/** The elements whose Latin digits are meant: the '{n} SAR' line, and codes marked as such. */
const ALLOWED = "[data-testid='price-sar'], [data-latin-digits]";

/**
 * In the back office also what people typed, shown as typed: names, titles, notes and messages
 * are isolated in <bdi> (utils/bidi.ts), e-mail addresses are mailto: links, usernames are Latin
 * (decision 026). Other specs add such rows meanwhile, with Latin digits in them.
 */
const ALLOWED_BACK_OFFICE = `${ALLOWED}, bdi, a[href^="mailto:"], input, textarea, select, option, code, [data-typed]`;

/** The prose the staff wrote, as stored: removed from the text before it is scanned. */
async function staffProse(): Promise<string[]> {
  const offers = await queryE2eDatabase<{ texts: string[] }>(
    `select array[title, location, city, description, coalesce(details->>'additionalNotes', '')]
            || coalesce((select array_agg(coalesce(u->>'description', '')) from jsonb_array_elements(units) u), '{}') as texts
       from offers`,
  );
  // The site's texts; the marquee's are one value, separated by '|'.
  const content = await queryE2eDatabase<{ value: string }>("select value from site_content");
  // What visitors and staff typed elsewhere in the suite (owners' names, inquiries, task and finance request titles): shown as typed.
  const typed = await queryE2eDatabase<{ text: string }>(
    `select client_name as text from submissions union all select description from submissions
     union all select name from inquiries union all select message from inquiries
     union all select title from tasks union all select description from tasks union all select coalesce(notes, '') from tasks`,
  );
  return [...offers.flatMap((o) => o.texts), ...content.flatMap((c) => c.value.split("|")), ...typed.map((t) => t.text)]
    .map((text) => text.trim())
    .filter((text) => /[0-9]/.test(text))
    .sort((a, b) => b.length - a.length);
}

/** The visible text nodes that still hold a Latin digit once the allowed elements and the staff's prose are left out. */
async function latinDigits(page: Page, prose: string[], allowed = ALLOWED): Promise<string[]> {
  return page.evaluate(
    ({ allowed, prose }) => {
      // A code in Latin letters and digits (a national address «RRRD2929», a file type) is shown as issued (decision 026).
      const withoutCodes = (text: string) => text.replace(/[A-Za-z][A-Za-z0-9]*[0-9][A-Za-z0-9]*|[0-9]+[A-Za-z][A-Za-z0-9]*/g, "");
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest(`script, style, noscript, template, ${allowed}`)) continue;
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        let text = node.textContent ?? "";
        for (const written of prose) text = text.replaceAll(written, "");
        if (/[0-9]/.test(withoutCodes(text))) found.push(`${element.tagName.toLowerCase()}: ${(node.textContent ?? "").trim()}`);
      }
      // What is read without being text: placeholders, accessible names, alternative texts, tooltips.
      for (const element of document.body.querySelectorAll<HTMLElement>("[placeholder], [aria-label], [alt], [title]")) {
        if (element.closest(allowed)) continue;
        for (const name of ["placeholder", "aria-label", "alt", "title"]) {
          let text = element.getAttribute(name) ?? "";
          for (const written of prose) text = text.replaceAll(written, "");
          if (/[0-9]/.test(withoutCodes(text))) found.push(`${element.tagName.toLowerCase()}[${name}]: ${element.getAttribute(name)}`);
        }
      }
      return found;
    },
    { allowed, prose },
  );
}

/** A demo offer with photos, details (plan number, year built, supervisor's phone) and units. */
async function detailedOffer(): Promise<number> {
  const [row] = await queryE2eDatabase<{ id: number }>(
    `select id from offers
      where jsonb_array_length(units) > 0 and details->>'supervisorPhone' <> '' and details->>'planNumber' <> ''
        and details->>'constructionDate' <> '' and (ad_licence_ends_at is null or ad_licence_ends_at > now())
        and (select count(*) from offer_images i where i.offer_id = offers.id) >= 3
      order by id limit 1`,
  );
  return row!.id;
}

test("the public pages write every number in Arabic-Indic digits, but for the '{n} SAR' line", async ({ page }) => {
  test.setTimeout(60_000);
  const offerId = await detailedOffer();
  const pages = ["/", "/offers", "/offers?view=swipe", "/offers?view=map", `/offer/${offerId}`, "/contact", "/list-your-property", "/about", "/services", "/licenses"];
  const found: string[] = [];
  // Other specs add offers and change texts meanwhile: the prose is read again for each page.
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    found.push(...(await latinDigits(page, await staffProse())).map((text) => `${path} → ${text}`));
  }
  const prose = await staffProse();
  // The gallery's counter after a step, and the lightbox's.
  await page.goto(`/offer/${offerId}`);
  const second = page.getByRole("list", { name: "الصور المصغرة" }).getByRole("button").nth(1);
  await second.click();
  await expect(second).toHaveAttribute("aria-current", "true");
  found.push(...(await latinDigits(page, prose)).map((text) => `gallery → ${text}`));
  await page.getByRole("button", { name: "عرض الصورة بحجم كامل" }).click();
  await expect(page.getByRole("dialog", { name: "معرض الصور" })).toBeVisible();
  found.push(...(await latinDigits(page, prose)).map((text) => `lightbox → ${text}`));
  expect(found).toEqual([]);
});

/** A word no other offer's title holds: the test's own number in Arabic letters. */
const marker = () => `وسم${unique(6).replace(/\d/g, (d) => "ابتثجحخدذر"[Number(d)]!)}`;

/** Offers of the test's own (licensed, as advertised offers must be), with so many bedrooms and bathrooms each. */
async function addOffers(title: string, rooms: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, count] of rooms.entries()) {
    const [row] = await queryE2eDatabase<{ id: number }>(
      `insert into offers (title, property_type, status, city, location, price, area, bedrooms, bathrooms, details,
                           ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, created_at)
       values ($1, 'شقة', 'للبيع', 'الرياض', 'الملقا', 900000, 150, $2, $2, '{}'::jsonb,
               '7100000999', current_date - 10, current_date + 300, now() + interval '300 days', now() - interval '400 days' - $3 * interval '1 minute')
       returning id`,
      [`${title} ${i + 1}`.replace(/\d/g, (d) => "ابتثجحخدذر"[Number(d)]!), count, i],
    );
    ids.push(row!.id);
  }
  return ids;
}

test("counts agree with their number: the offers found, and rooms and bathrooms on the cards and the offer page", async ({ page }) => {
  const title = marker();
  const count = page.getByTestId("offers-count");
  const ids: number[] = [];
  // Offers written straight to the database reach the list once the page cache hears of them
  // (PostgreSQL's NOTIFY, a few milliseconds; longer on a busy machine): the list is opened again until then.
  const expectFound = (text: string) =>
    expect(async () => {
      await page.goto(`/offers?keyword=${title}`);
      await expect(count).toHaveText(text, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  try {
    await expectFound("لا توجد عروض");
    ids.push(...(await addOffers(title, [1])));
    await expectFound("عرض واحد");
    ids.push(...(await addOffers(`${title} ثان`, [2])));
    await expectFound("عرضان");
    ids.push(...(await addOffers(`${title} ثالث`, [3, 11])));
    await expectFound("٤ عروض");
    const cards = page.getByTestId("offers-grid").locator("article");
    await expect(cards).toHaveCount(4);
    const facts = await cards.evaluateAll((articles) => articles.map((a) => [...a.querySelectorAll("li")].map((li) => li.textContent?.trim())));
    for (const expected of [
      ["غرفة واحدة", "دورة مياه واحدة"],
      ["غرفتان", "دورتا مياه"],
      ["٣ غرف", "٣ دورات مياه"],
      ["١١ غرفة", "١١ دورة مياه"],
    ]) {
      expect(
        facts.some((items) => expected.every((text) => items.includes(text))),
        expected.join("، "),
      ).toBe(true);
    }
    ids.push(...(await addOffers(`${title} كثير`, [4, 5, 6, 7, 8, 9, 10])));
    await expectFound("١١ عرضًا");

    // The offer page: «غرف النوم: غرفة واحدة».
    await page.goto(`/offer/${ids[0]}`);
    const bedrooms = page.locator("dl div").filter({ has: page.locator("dt", { hasText: "غرف النوم" }) });
    await expect(bedrooms.locator("dd")).toHaveText("غرفة واحدة");
    const bathrooms = page.locator("dl div").filter({ has: page.locator("dt", { hasText: "دورات المياه" }) });
    await expect(bathrooms.locator("dd")).toHaveText("دورة مياه واحدة");
  } finally {
    if (ids.length) await queryE2eDatabase("delete from offers where id = any($1)", [ids]);
  }
});

/** Staff members' names as typed (other specs name theirs with Latin digits): the staff page writes them into labels and accessible names. */
async function staffNames(): Promise<string[]> {
  const rows = await queryE2eDatabase<{ name: string }>("select name from staff_users");
  return rows
    .map((row) => row.name.trim())
    .filter((name) => /[0-9]/.test(name))
    .sort((a, b) => b.length - a.length);
}

test("the back office writes its own numbers in Arabic-Indic digits too: limits, examples, placeholders, counts", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  await signedInAs("manager");
  const pages = [
    "/admin",
    "/admin/offers",
    "/admin/offers/new",
    "/admin/inquiries",
    "/admin/submissions",
    "/admin/matches",
    "/admin/tasks",
    "/admin/finance",
    "/admin/reports",
    "/admin/reports/daily",
    "/admin/settings",
    "/admin/settings/staff",
    "/admin/content",
    "/admin/licenses",
    "/admin/profile",
    "/admin/viewings",
    "/admin/viewings/new",
    // Property management (issue 33): the demo owner and building are the first of each.
    "/admin/owners",
    "/admin/owners/new",
    "/admin/owners/1",
    "/admin/properties/1",
  ];
  const found: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    found.push(...(await latinDigits(page, [...(await staffProse()), ...(await staffNames())], ALLOWED_BACK_OFFICE)).map((text) => `${path} → ${text}`));
  }
  expect(found).toEqual([]);
});

test("the sign-in page and the finance form's hints, as the issue names them", async ({ page, signedInAs, browser }) => {
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto("/login");
  await expect(signIn.getByLabel("رقم الهاتف")).toHaveAttribute("placeholder", "٠٥xxxxxxxx");
  await context.close();
  await signedInAs("accountant");
  await page.goto("/admin/finance");
  await expect(page.getByText("صورة JPEG أو PNG أو WebP، حتى ١٠ ميجابايت.")).toBeVisible();
  await expect(page.locator('input[placeholder="مثال: ١٢٥٠٫٥٠"]')).toBeVisible();
});
