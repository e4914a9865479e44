import { queryE2eDatabase } from "./db.ts";
import { expect, test, unique } from "./fixtures.ts";
import { noSeriousViolations } from "./axe.ts";

const toArabic = (n: number | string) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** The number a counted phrase says: «لا يوجد» 0, «استفسار واحد» 1, «استفساران» 2, else its digits. */
function countOf(text: string): number {
  if (text === "لا يوجد") return 0;
  if (text === "استفسار واحد") return 1;
  if (text === "استفساران") return 2;
  return Number(text.replace(/[^٠-٩]/g, "").replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
}
/** A count with its noun, agreeing as Arabic does (COPY.md), whatever the number. */
const COUNTED = /^(استفسار واحد|استفساران|[٠-٩٬]+ (استفسارات|استفسارًا|استفسار)|لا يوجد)$/;

test("the inbox: a visitor without a name, late ones counted in the filter, filters by offer and late, the reply box on «رد»", async ({ page, signedInAs }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await signedInAs("staff");
  const n = unique();
  const [offer] = await queryE2eDatabase<{ id: number; title: string }>("select id, title from offers order by id limit 1");
  const [late] = await queryE2eDatabase<{ id: number }>(
    `insert into inquiries (name, phone, message, property_id, property_title, created_at) values ('غير محدد', '+966551000000', $1, $2, $3, now() - interval '30 hours') returning id`,
    [`أريد معاينة ${n}`, offer!.id, offer!.title],
  );
  await queryE2eDatabase(`insert into inquiries (name, phone, email, message, property_id, property_title) values ($1, '+966551000001', 'x@example.sa', $2, $3, $4)`, [
    `ريم ${n}`,
    `هل السعر قابل للتفاوض ${n}`,
    offer!.id,
    offer!.title,
  ]);

  await page.goto(`/admin/inquiries?offer=${offer!.id}`);
  const cards = page.getByTestId("inquiry-card");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText(offer!.title);
  const mine = cards.filter({ hasText: `أريد معاينة ${n}` });
  await expect(mine.getByRole("heading", { level: 2 })).toHaveText("زائر");
  await expect(page.getByRole("heading", { name: "غير محدد" })).toHaveCount(0);
  await expect(mine.getByTestId("inquiry-late")).toHaveText("متأخر");

  // The late ones counted in the filter's label, as many as the database holds.
  const [{ count }] = (await queryE2eDatabase<{ count: string }>("select count(*) from inquiries where status = 'pending' and created_at < now() - interval '24 hours'")) as [
    { count: string },
  ];
  const label = page.getByTestId("late-count");
  await expect(label).toHaveText(COUNTED);
  expect(countOf(await label.innerText())).toBe(Number(count));
  await noSeriousViolations(page, "inbox");

  // Late only, about this offer: every card is late.
  await page.getByLabel(/المتأخرة فقط/).check();
  await page.getByRole("button", { name: "عرض", exact: true }).click();
  await expect(page).toHaveURL(/late=1/);
  await expect(page).toHaveURL(new RegExp(`offer=${offer!.id}`));
  await expect(page.getByLabel("العرض")).toHaveValue(String(offer!.id));
  for (const card of await cards.all()) await expect(card.getByTestId("inquiry-late")).toBeVisible();
  await expect(cards.filter({ hasText: `ريم ${n}` })).toHaveCount(0);
  await expect(page.getByTestId("inquiries-total")).toHaveText(/^(استفسار واحد|استفساران|[٠-٩٬]+ (استفسارات|استفسارًا|استفسار))$/);

  // The reply box opens on «رد», and closes once the reply went through (the inquiry is then no longer late).
  await page.goto(`/admin/inquiries?offer=${offer!.id}`);
  const box = mine.getByLabel("الرد على العميل");
  await expect(box).toHaveCount(0);
  const reply = mine.getByRole("button", { name: "رد", exact: true });
  await expect(reply).toHaveAttribute("aria-expanded", "false");
  await reply.click();
  await expect(box).toBeFocused();
  await noSeriousViolations(page, "reply box");
  await box.fill("أهلًا بك، الموعد غدًا الساعة الرابعة");
  page.on("popup", (popup) => void popup.close());
  await mine.getByRole("button", { name: "رد عبر واتساب" }).click();
  await expect(mine.getByText("تم تسجيل الرد عبر واتساب")).toBeVisible();
  await expect(box).toHaveCount(0);
  await expect(mine.getByTestId("reply-history").locator("summary")).toHaveText("سجل الردود: رد واحد");
  expect(await queryE2eDatabase("select status from inquiries where id = $1", [late!.id])).toEqual([{ status: "replied" }]);
  await queryE2eDatabase("delete from inquiries where message like $1", [`%${n}`]);
});

test("the offers list: search by title or reference number, filter by licence state, then a bulk status change under the form's rules", async ({ page, signedInAs }) => {
  await page.route("**/api/offers/events", (route) => route.abort());
  await signedInAs("manager");
  const n = unique();
  const word = `مرجان${n}`;
  const insert = (title: string, status: string, expiresInDays: number | null, rentPeriod = "") =>
    queryE2eDatabase<{ id: number }>(
      `insert into offers (title, description, price, property_type, status, city, location, details, rent_period,
                           ad_licence_number, ad_licence_issued_on, ad_licence_expires_on, ad_licence_ends_at, advertiser_capacity)
       select $1, 'وصف', 500000, 'شقة', $2, 'الرياض', 'الملقا', '{}'::jsonb, $4,
              case when $3::int is null then '' else '7200777000' end, d - 300, d, (d + 1)::timestamp at time zone 'Asia/Riyadh', 'broker'
       from (select case when $3::int is null then null else (now() at time zone 'Asia/Riyadh')::date + $3::int end as d) as expiry
       returning id`,
      [title, status, expiresInDays, rentPeriod],
    );
  const [licensed] = await insert(`شقة ${word} المرخصة`, "مؤجل", 200, "yearly");
  const [unlicensed] = await insert(`شقة ${word} بلا ترخيص`, "مؤجل", null);
  const [ending] = await insert(`شقة ${word} ينتهي ترخيصها`, "محجوز", 5);
  const ids = [licensed!.id, unlicensed!.id, ending!.id];
  try {
    await page.goto("/admin/offers");
    // Typed as people type it: «شقه» for «شقة», the words in another order.
    await page.getByLabel("بحث بالعنوان أو رقم العرض").fill(`${word} شقه`);
    await page.getByRole("button", { name: "عرض", exact: true }).click();
    const rows = page.getByTestId("admin-offer-row");
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId("offers-total")).toHaveText("٣ عروض");

    // The ad licence's state, kept in the address with the search.
    await page.getByLabel("ترخيص الإعلان").selectOption("ending");
    await page.getByRole("button", { name: "عرض", exact: true }).click();
    await expect(page).toHaveURL(/licence=ending/);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("ينتهي ترخيصها");
    await expect(page.getByTestId("offers-total")).toHaveText("عرض واحد");

    // A reference number in Arabic-Indic digits.
    await page.goto(`/admin/offers?q=${encodeURIComponent(`#${toArabic(unlicensed!.id)}`)}`);
    await expect(rows.filter({ hasText: "بلا ترخيص" })).toHaveCount(1);
    await noSeriousViolations(page, "offers list");

    // Bulk: «للإيجار» for two; the one without a rent period is refused with the form's reason, the
    // other changes (the licence rule, off in demo mode, is the module's test's).
    await page.goto(`/admin/offers?q=${encodeURIComponent(word)}`);
    await rows.filter({ hasText: "المرخصة" }).getByRole("checkbox").check();
    await rows.filter({ hasText: "بلا ترخيص" }).getByRole("checkbox").check();
    await expect(page.getByTestId("bulk-selected")).toHaveText("المحدد: عرضان");
    await page.getByLabel("الحالة الجديدة للعروض المحددة").selectOption("للإيجار");
    await page.getByRole("button", { name: "تغيير الحالة" }).click();
    const outcome = page.getByTestId("bulk-outcome");
    await expect(outcome).toContainText("تم تغيير الحالة إلى «للإيجار»: عرض واحد.");
    await expect(outcome).toContainText("تعذّر تغيير الحالة: عرض واحد");
    await expect(outcome.getByTestId("bulk-refused")).toContainText(`شقة ${word} بلا ترخيص`);
    await expect(outcome.getByTestId("bulk-refused")).toContainText("يرجى اختيار فترة الإيجار: سنوي أو شهري أو يومي");
    await expect(page.getByTestId("bulk-selected")).toHaveText("حدّد العروض من القائمة");
    const stored = await queryE2eDatabase<{ id: number; status: string }>("select id, status from offers where id = any($1) order by id", [ids]);
    expect(stored.map((row) => row.status)).toEqual(["للإيجار", "مؤجل", "محجوز"]);
    await noSeriousViolations(page, "bulk outcome");

    // Nothing ticked: said so, nothing changes.
    await page.getByLabel("الحالة الجديدة للعروض المحددة").selectOption("مباع");
    await page.getByRole("button", { name: "تغيير الحالة" }).click();
    await expect(page.getByRole("alert")).toHaveText("يرجى تحديد عرض واحد على الأقل");
    expect((await queryE2eDatabase<{ status: string }>("select status from offers where id = any($1) order by id", [ids])).map((row) => row.status)).toEqual([
      "للإيجار",
      "مؤجل",
      "محجوز",
    ]);
  } finally {
    await queryE2eDatabase("delete from offers where id = any($1)", [ids]);
  }
});
