import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { routeContext, servicesContext, type AppServices } from "~/context.ts";
import type { Db } from "~/db/client.server.ts";
import {
  inquiries,
  leases,
  maintenanceRequests,
  managedProperties,
  managedUnits,
  offerViewDays,
  ownerPhones,
  ownerPortalAccounts,
  ownerStatements,
  owners,
  staffUsers,
  tenants,
} from "~/db/schema.ts";
import { adminGuard } from "~/modules/auth/admin-guard.server.ts";
import { createSession } from "~/modules/auth/sessions.server.ts";
import { createLocalStorage } from "~/modules/images/storage-local.server.ts";
import type { SmsMessage } from "~/modules/messaging/sms.server.ts";
import { findOtherStaff } from "~/modules/staff/staff-admin.server.ts";
import { listStaff } from "~/modules/users/users.server.ts";
import routes from "~/routes.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { createOffer } from "../../../tests/factories/offers.ts";
import { createOffice, type Office } from "../../../tests/factories/office.ts";
import { solvedProof } from "../../../tests/factories/proof-of-work.ts";
import { signInPage } from "../../../tests/factories/sign-in.ts";
import { routeLookup } from "../../../tests/setup/route-table.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { ownerGuard } from "./owner-guard.server.ts";
import { recordOfferView } from "./offer-views.server.ts";
import { inviteOwnerToPortal, PORTAL_MESSAGES, removeOwnerFromPortal } from "./portal-access.server.ts";
import { loadLeasesEnding, loadMarketedUnits, loadOpenMaintenance, loadOverview, loadStatements } from "./portal-pages.server.ts";

const db = useTestDatabase({ connections: 8 });
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
const cookies = cookieSettings(env);
const texts: SmsMessage[] = [];
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "owner-portal-")));
const services = () => ({ db: db(), env, storage, sms: { send: (message: SmsMessage) => Promise.resolve(void texts.push(message)) } }) as unknown as AppServices;

const NOW = Date.parse("2026-11-28T09:00:00Z");
const TODAY = riyadhDayOf(NOW);
const day = (offset: number) => riyadhDayOf(NOW + offset * 86_400_000);

let office: Office;
/** Two owners, each with a building of two units, a lease, a statement and a maintenance request: the portal must never mix them. */
const fixture = { mine: { ownerId: 0, unitIds: [] as number[], statementId: 0, offerId: 0 }, theirs: { ownerId: 0, unitIds: [] as number[], statementId: 0, offerId: 0 } };

async function insertOwner(database: Db, name: string, identityNumber: string, phone: string) {
  const [owner] = await database.insert(owners).values({ kind: "person", name, identityNumber, iban: "SA0380000000608010167519" }).returning({ id: owners.id });
  await database.insert(ownerPhones).values([
    { ownerId: owner!.id, phone, position: 0 },
    { ownerId: owner!.id, phone: `+9661${identityNumber.slice(2, 10)}`, position: 1 },
  ]);
  return owner!.id;
}

async function furnish(database: Db, side: typeof fixture.mine, name: string, tenantPhone: string, ejar: string) {
  const [property] = await database
    .insert(managedProperties)
    .values({ ownerId: side.ownerId, kind: "building", name, city: "الرياض", neighbourhood: "الملقا" })
    .returning({ id: managedProperties.id });
  const offer = await createOffer(database, { title: `عرض ${name}` });
  side.offerId = offer.id;
  const units = await database
    .insert(managedUnits)
    .values([
      { propertyId: property!.id, label: "1", type: "شقة", offerId: offer.id },
      { propertyId: property!.id, label: "2", type: "شقة" },
    ])
    .returning({ id: managedUnits.id });
  side.unitIds = units.map((u) => u.id);
  const [tenant] = await database
    .insert(tenants)
    .values({ kind: "person", name: `مستأجر ${name}`, identityNumber: `10${ejar.slice(-8)}`, phone: tenantPhone })
    .returning({ id: tenants.id });
  // Unit 1 leased until 40 days from now; unit 2 vacant.
  await database
    .insert(leases)
    .values({ unitId: side.unitIds[0]!, tenantId: tenant!.id, ejarNumber: ejar, startsOn: day(-325), endsOn: day(40), yearlyRentHalalas: 6_000_000, schedule: "monthly" });
  await database.insert(maintenanceRequests).values([
    { unitId: side.unitIds[0]!, phone: tenantPhone, category: "plumbing", urgency: "urgent", description: `تسرب في ${name}`, status: "open" },
    { unitId: side.unitIds[0]!, phone: tenantPhone, category: "electricity", urgency: "normal", description: "انتهى", status: "done" },
  ]);
  const [statement] = await database
    .insert(ownerStatements)
    .values({
      ownerId: side.ownerId,
      month: "2026-10-01",
      lines: [],
      collectedHalalas: 500_000,
      expensesHalalas: 20_000,
      commissionHalalas: 37_500,
      netHalalas: 442_500,
      pdfKey: `statements/${side.ownerId}-2026-10.pdf`,
    })
    .returning({ id: ownerStatements.id });
  side.statementId = statement!.id;
  await storage.put(`statements/${side.ownerId}-2026-10.pdf`, Buffer.from(`%PDF-1.7 ${name}`), "application/pdf");
}

beforeAll(async () => {
  office = await createOffice(db());
  fixture.mine.ownerId = await insertOwner(db(), "عبدالله الشهري", "1012345672", "+966551700001");
  fixture.theirs.ownerId = await insertOwner(db(), "مؤسسة الأفق", "1010456789", "+966551700002");
  await furnish(db(), fixture.mine, "عمارة الملقا", "+966551700011", "10000000001");
  await furnish(db(), fixture.theirs, "برج العليا", "+966551700012", "10000000002");
});

/** A request through a route's guard (the middleware) as the server sends it: the route's facts found, the session's cookie carried. */
async function throughGuard(guard: MiddlewareFunction<Response>, pathname: string, token: string | null, method = "GET") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services());
  context.set(routeContext, routeLookup(pathname) ?? null);
  const headers = token ? { Cookie: `${cookies.session}=${token}` } : undefined;
  const request = new Request(`https://aqar.example.sa${pathname}`, { method, headers });
  let reached = false;
  try {
    await guard({ request, context, params: {}, unstable_pattern: "", pattern: "" } as never, async () => {
      reached = true;
      return new Response("page");
    });
    return { reached, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { reached, location: thrown.headers.get("Location") };
  }
}

const ownerAccount = async (ownerId: number) => (await db().select().from(ownerPortalAccounts).where(eq(ownerPortalAccounts.ownerId, ownerId)))[0];

describe("«دعوة المالك إلى البوابة» (decision 056)", () => {
  it("refuses the accountant, an empty choice and a number that is not the owner's mobile; makes nothing", async () => {
    expect(await inviteOwnerToPortal(services(), office.accountant, fixture.mine.ownerId, "0551700001")).toMatchObject({ ok: false, status: 403 });
    expect(await inviteOwnerToPortal(services(), office.manager, fixture.mine.ownerId, " ")).toMatchObject({ ok: false, message: PORTAL_MESSAGES.phoneRequired });
    // Another owner's mobile, and the owner's own landline.
    expect(await inviteOwnerToPortal(services(), office.manager, fixture.mine.ownerId, "0551700002")).toMatchObject({ ok: false, message: PORTAL_MESSAGES.notOwnersMobile });
    expect(await inviteOwnerToPortal(services(), office.manager, fixture.mine.ownerId, "011-2345672")).toMatchObject({ ok: false, message: PORTAL_MESSAGES.notOwnersMobile });
    expect(await ownerAccount(fixture.mine.ownerId)).toBeUndefined();
    expect(texts).toEqual([]);
  });

  it("gives the owner one account on their mobile, texted how to sign in, even when asked twice at once", async () => {
    const answers = await Promise.all([
      inviteOwnerToPortal(services(), office.manager, fixture.mine.ownerId, "0551700001"),
      inviteOwnerToPortal(services(), office.employee, fixture.mine.ownerId, "0551700001"),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ status: 409, message: PORTAL_MESSAGES.alreadyInvited });
    const account = await ownerAccount(fixture.mine.ownerId);
    const [user] = await db().select().from(staffUsers).where(eq(staffUsers.id, account!.userId));
    expect(user).toMatchObject({ role: "owner", phone: "+966551700001", name: "عبدالله الشهري", email: "", passwordHash: null });
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: "+966551700001" });
    expect(texts[0]!.body).toContain("https://aqar.example.sa/login");
  });

  it("a staff member's phone cannot become an owner's account", async () => {
    await db().insert(ownerPhones).values({ ownerId: fixture.theirs.ownerId, phone: office.employee.phone, position: 2 });
    expect(await inviteOwnerToPortal(services(), office.manager, fixture.theirs.ownerId, office.employee.phone)).toMatchObject({ ok: false, message: PORTAL_MESSAGES.phoneTaken });
    await db().delete(ownerPhones).where(eq(ownerPhones.phone, office.employee.phone));
  });

  it("the staff page neither lists an owner's account nor changes it", async () => {
    const account = await ownerAccount(fixture.mine.ownerId);
    expect((await listStaff(db())).some((member) => member.role === "owner")).toBe(false);
    expect(await findOtherStaff(db(), office.manager, account!.userId)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("an owner signs in by SMS code like staff, and lands on /owner", () => {
  it("the code goes to the owner's mobile (it names the owners' portal), and the right code opens the portal", async () => {
    const { post, texts: signInTexts, flowTokenOf } = signInPage(db, env, "10.33.5.1");
    const sent = await post({ intent: "send-code", phone: "٠٥٥١٧٠٠٠٠١", altcha: await solvedProof(db()) });
    expect(sent).toMatchObject({ status: 302, location: "/login" });
    expect(signInTexts.at(-1)).toMatchObject({ to: "+966551700001" });
    expect(signInTexts.at(-1)!.body).toContain("بوابة الملاك");
    const code = /\d{6}/.exec(signInTexts.at(-1)!.body)![0];
    expect(await post({ intent: "verify", code }, { flowToken: flowTokenOf(sent.headers)! })).toMatchObject({ status: 302, location: "/owner" });
  });

  it("another owner without an account gets no code", async () => {
    const { post, texts: signInTexts } = signInPage(db, env, "10.33.5.2");
    expect(await post({ intent: "send-code", phone: "0551700002", altcha: await solvedProof(db()) })).toMatchObject({ status: 400 });
    expect(signInTexts).toEqual([]);
  });
});

const adminPaths = (routes.find((r) => r.path === "admin")?.children ?? []).map((r) => `/admin${r.path ? `/${r.path.replace(/:\w+/g, "1")}` : ""}`);
const ownerPaths = (routes.find((r) => r.path === "owner")?.children ?? []).map((r) => `/owner${r.path ? `/${r.path.replace(/:\w+/g, "1")}` : ""}`);

describe("the owner never opens the back office; staff never open the portal", () => {
  it("knows both route lists", () => {
    expect(adminPaths).toContain("/admin/owners/1");
    expect(ownerPaths).toEqual(["/owner", "/owner/statements", "/owner/statements/1/pdf", "/owner/leases", "/owner/maintenance", "/owner/marketed"]);
  });

  it("an owner's session on every back-office route, page and post, goes to /owner before any loader or action", async () => {
    const token = await createSession(db(), (await ownerAccount(fixture.mine.ownerId))!.userId);
    for (const pathname of adminPaths) {
      for (const method of ["GET", "POST"])
        expect(await throughGuard(adminGuard, pathname, token, method), `${method} ${pathname}`).toEqual({ reached: false, location: "/owner" });
    }
  });

  it("every portal route: staff go to /admin, no session to /login, the owner through", async () => {
    const ownerToken = await createSession(db(), (await ownerAccount(fixture.mine.ownerId))!.userId);
    const staffTokens = await Promise.all([office.manager, office.accountant, office.employee].map((member) => createSession(db(), member.id)));
    for (const pathname of ownerPaths) {
      for (const token of staffTokens) expect(await throughGuard(ownerGuard, pathname, token), pathname).toEqual({ reached: false, location: "/admin" });
      expect(await throughGuard(ownerGuard, pathname, null), pathname).toEqual({ reached: false, location: "/login" });
      expect(await throughGuard(ownerGuard, pathname, ownerToken), pathname).toEqual({ reached: true, location: null });
    }
  });

  it("an account taken away ends its sessions at once", async () => {
    const [other] = await db()
      .insert(owners)
      .values({ kind: "person", name: "مالك مؤقت", identityNumber: "1000000008", iban: "SA0380000000608010167519" })
      .returning({ id: owners.id });
    await db().insert(ownerPhones).values({ ownerId: other!.id, phone: "+966551700009" });
    expect(await inviteOwnerToPortal(services(), office.manager, other!.id, "0551700009")).toMatchObject({ ok: true });
    const token = await createSession(db(), (await ownerAccount(other!.id))!.userId);
    expect((await throughGuard(ownerGuard, "/owner", token)).reached).toBe(true);
    expect(await removeOwnerFromPortal(db(), office.accountant, other!.id)).toMatchObject({ ok: false, status: 403 });
    expect(await removeOwnerFromPortal(db(), office.employee, other!.id)).toMatchObject({ ok: true });
    expect(await throughGuard(ownerGuard, "/owner", token)).toEqual({ reached: false, location: "/login" });
    expect(await ownerAccount(other!.id)).toBeUndefined();
  });
});

describe("each page shows the signed-in owner's own records only", () => {
  it("overview: their units, one leased until its end, one vacant", async () => {
    const overview = await loadOverview(db(), fixture.mine.ownerId, NOW);
    expect(overview.totals).toEqual({ units: 2, leased: 1, vacant: 1 });
    expect(overview.properties.map((p) => p.name)).toEqual(["عمارة الملقا"]);
    expect(overview.properties[0]!.units.map((u) => u.leasedUntil)).toEqual([day(40), null]);
  });

  it("statements: their month only; the PDF of their own statement, another owner's a 404 as a missing one", async () => {
    expect((await loadStatements(db(), fixture.mine.ownerId)).map((s) => [s.id, s.hasPdf, s.netHalalas])).toEqual([[fixture.mine.statementId, true, 442_500]]);
    const ownerToken = await createSession(db(), (await ownerAccount(fixture.mine.ownerId))!.userId);
    const { loader } = await import("~/routes/owner/statement-pdf.ts");
    const open = async (id: number | string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services());
      context.set(routeContext, routeLookup(`/owner/statements/${id}/pdf`) ?? null);
      const request = new Request(`https://aqar.example.sa/owner/statements/${id}/pdf`, { headers: { Cookie: `${cookies.session}=${ownerToken}` } });
      let answer: Response | undefined;
      await ownerGuard({ request, context, params: { id: String(id) }, unstable_pattern: "", pattern: "" } as never, async () => {
        answer = await loader({ request, context, params: { id: String(id) } } as never);
        return answer;
      });
      return answer!;
    };
    const own = await open(fixture.mine.statementId);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(await own.text()).toBe("%PDF-1.7 عمارة الملقا");
    for (const id of [fixture.theirs.statementId, 999_999, "x"]) expect((await open(id)).status, String(id)).toBe(404);
  });

  it("leases ending within 90 days, maintenance not done: theirs only", async () => {
    const ending = await loadLeasesEnding(db(), fixture.mine.ownerId, NOW);
    expect(ending.map((l) => [l.propertyName, l.endsOn, l.daysLeft, l.tenantName])).toEqual([["عمارة الملقا", day(40), 40, "مستأجر عمارة الملقا"]]);
    // Past 90 days: not yet «قريبًا».
    await db()
      .update(leases)
      .set({ endsOn: day(120) })
      .where(eq(leases.ejarNumber, "10000000001"));
    expect(await loadLeasesEnding(db(), fixture.mine.ownerId, NOW)).toEqual([]);
    await db()
      .update(leases)
      .set({ endsOn: day(40) })
      .where(eq(leases.ejarNumber, "10000000001"));
    expect((await loadOpenMaintenance(db(), fixture.mine.ownerId)).map((r) => [r.description, r.status])).toEqual([["تسرب في عمارة الملقا", "open"]]);
  });

  it("marketed units: the offer's views and inquiries of the last 30 days, theirs only", async () => {
    const { offerId } = fixture.mine;
    await Promise.all(Array.from({ length: 12 }, () => recordOfferView(db(), offerId, NOW)));
    await recordOfferView(db(), offerId, NOW - 5 * 86_400_000);
    await recordOfferView(db(), offerId, NOW - 40 * 86_400_000);
    await recordOfferView(db(), fixture.theirs.offerId, NOW);
    expect(await db().select({ n: count() }).from(offerViewDays).where(eq(offerViewDays.offerId, offerId))).toEqual([{ n: 3 }]);
    await db()
      .insert(inquiries)
      .values([
        { name: "زائر", phone: "+966551700031", propertyId: offerId, createdAt: new Date(NOW - 86_400_000) },
        { name: "زائر قديم", phone: "+966551700032", propertyId: offerId, createdAt: new Date(NOW - 45 * 86_400_000) },
      ]);
    const marketed = await loadMarketedUnits(db(), fixture.mine.ownerId, NOW);
    expect(marketed.map((m) => [m.offerId, m.views, m.inquiries])).toEqual([[offerId, 13, 1]]);
    expect(TODAY).toBe("2026-11-28");
  });
});
