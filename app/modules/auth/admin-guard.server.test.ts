import path from "node:path";
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { staffUsers } from "~/db/schema.ts";
import { ADMIN_SECTIONS, adminSectionOf, canOpenSection, type AdminSection } from "~/modules/users/permissions.ts";
import { ROLES, type Role } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import routes from "~/routes.ts";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff.tsx";
import { parseEnv } from "~/utils/env.server.ts";
import { log } from "~/utils/log.server.ts";
import { hashPassword } from "~/utils/password.server.ts";
import { readAnswer } from "../../../tests/factories/form-answer.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { ANONYMOUS_LOG_LIMITS, logAnonymousAdminHit } from "./admin-guard.server.ts";

const db = useTestDatabase();

afterEach(() => vi.restoreAllMocks());

describe("anonymous requests for the back office", () => {
  it("are logged like other denials, but a flood writes a bounded number of lines and one summary", () => {
    // Later than any window another test file in this worker opened, and a window of the test's own
    // just before it: the counts below start from nothing whatever ran first.
    const start = Date.now() + 2 * ANONYMOUS_LOG_LIMITS.windowMs;
    const hit = (address: string, at = start) => logAnonymousAdminHit({ address, path: "/admin/profile", method: "POST", reason: "no session" }, at);
    hit("10.9.9.9", start - ANONYMOUS_LOG_LIMITS.windowMs);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});

    hit("10.0.0.1");
    expect(warn).toHaveBeenLastCalledWith("back office page denied", { address: "10.0.0.1", path: "/admin/profile", method: "POST", reason: "no session" });

    // One address: a few lines a minute.
    for (let i = 0; i < 100; i++) hit("10.0.0.1", start + 1000);
    expect(warn).toHaveBeenCalledTimes(ANONYMOUS_LOG_LIMITS.perAddress);
    // Many addresses: a cap in all.
    for (let i = 0; i < 1000; i++) hit(`10.1.${i >> 8}.${i & 255}`, start + 2000);
    expect(warn).toHaveBeenCalledTimes(ANONYMOUS_LOG_LIMITS.total);

    // The next minute says how many were left out, and logs again.
    warn.mockClear();
    hit("10.0.0.1", start + ANONYMOUS_LOG_LIMITS.windowMs);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]).toEqual(["back office requests without a session not logged", { count: 100 + 1000 - (ANONYMOUS_LOG_LIMITS.total - 1), windowSeconds: 60 }]);
    expect(warn.mock.calls[1]![0]).toBe("back office page denied");
  });
});

// The guard checks the path; each loader and action names its section again (requireSectionUser),
// so a route moved to another path, or a request the guard let through, still meets its role check.

/** Any route's loader or action (each names its own argument type; this test builds the arguments). */
type RouteFunction = (args: never) => Promise<unknown>;

/** A back-office request as the guard would hand it on: the signed-in member set, the services given. */
function adminContext(user: StaffProfile, services: Partial<AppServices>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services as AppServices);
  context.set(staffUserContext, user);
  return context;
}

/** Runs a loader or action; a thrown answer (a redirect) is returned like any other. */
async function answer(fn: RouteFunction, args: { request: Request; context: RouterContextProvider; params: Record<string, string> }): Promise<unknown> {
  const url = new URL(args.request.url);
  try {
    return await fn({ ...args, url, pattern: url.pathname } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Sent to /admin with a one-time message that names the page the role cannot open (not a silent redirect). */
async function expectSentToDashboard(result: unknown, section?: AdminSection) {
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  expect((result as Response).headers.get("Location")).toBe("/admin");
  const { toast } = await readAnswer(result as Response, testEnv);
  expect(toast, "the redirect carries no message").not.toBeNull();
  const { tone, text } = toast!;
  expect(tone).toBe("error");
  if (section !== undefined) expect(text).toContain(`«${ADMIN_SECTIONS[section].label}»`);
}

const member = (role: Role, id = 1): StaffProfile => ({ id, name: "عضو", username: `member${id}`, email: "", phone: "+966500000000", role, active: true });

/** A database no refused request may reach: any use of it fails the test. */
const untouchableDb = new Proxy(
  {},
  {
    get(_target, property) {
      throw new Error(`the database was used (${String(property)}) before the section check`);
    },
  },
) as AppServices["db"];

const testEnv = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

const adminRoutes = routes.find((r) => r.path === "admin")?.children ?? [];
const adminRouteCases = adminRoutes.map((r) => ({ file: r.file, path: `/admin${r.path ? `/${r.path.replace(/:\w+/g, "1")}` : ""}` }));

describe("every back-office loader and action checks its own section of the route table, not only the guard", () => {
  it("knows the back office's routes", () => {
    expect(adminRouteCases.map((c) => c.file)).toContain("routes/admin/staff.tsx");
  });

  it.each(adminRouteCases)("$path ($file) refuses the roles its section does not allow", async ({ file, path: pathname }) => {
    const section = adminSectionOf(pathname);
    expect(section, `no section in the route table for ${pathname}`).toBeDefined();
    const module = (await import(/* @vite-ignore */ path.resolve(import.meta.dirname, "../..", file))) as { loader?: RouteFunction; action?: RouteFunction };
    for (const role of ROLES.filter((r) => !canOpenSection(r, section!))) {
      for (const fn of [module.loader, module.action]) {
        if (!fn) continue;
        const request = new Request(`https://aqar.example.sa${pathname}`, { method: fn === module.action ? "POST" : "GET" });
        await expectSentToDashboard(await answer(fn, { request, context: adminContext(member(role), { db: untouchableDb, env: testEnv }), params: { id: "1" } }), section);
      }
    }
  });
});

describe("the staff page (/admin/settings/staff) is the manager's alone", () => {
  const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });
  const addPost = (confirmation: Record<string, string> = {}) =>
    new Request("https://aqar.example.sa/admin/settings/staff", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", name: "دخيل", username: "intruder1", phone: "0551234599", role: "manager", ...confirmation }).toString(),
    });
  const staffCount = async () => (await db().select({ n: count() }).from(staffUsers))[0]!.n;

  it("refuses a non-manager's post and listing even when the path guard is bypassed; a manager's goes through", async () => {
    const manager = await createStaffUser(db(), { name: "مدير", username: "boss.staffpage", phone: "0551234501", role: "manager" });
    // Adding staff also asks for the manager's current password (re-authentication).
    await db()
      .update(staffUsers)
      .set({ passwordHash: await hashPassword("مفتاح-المكتب-9") })
      .where(eq(staffUsers.id, manager.id));
    const before = await staffCount();
    for (const role of ["accountant", "staff"] as const) {
      const user = await createStaffUser(db(), { name: "موظف", username: `${role}.staffpage`, phone: role === "staff" ? "0551234502" : "0551234503", role });
      const context = adminContext(user, { db: db(), env });
      await expectSentToDashboard(await answer(staffAction, { request: addPost(), context, params: {} }));
      await expectSentToDashboard(await answer(staffLoader, { request: new Request("https://aqar.example.sa/admin/settings/staff"), context, params: {} }));
    }
    expect(await staffCount()).toBe(before + 2);

    const allowed = await answer(staffAction, { request: addPost({ currentPassword: "مفتاح-المكتب-9" }), context: adminContext(manager, { db: db(), env }), params: {} });
    expect(allowed).toBeInstanceOf(Response);
    expect((allowed as Response).headers.get("Location")).toBe("/admin/settings/staff");
    expect(await staffCount()).toBe(before + 3);
  });
});
