import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddressContext, routeContext, servicesContext, staffUserContext, type AppServices } from "~/context.ts";
import { adminGuard } from "~/modules/auth/admin-guard.server.ts";
import { createSession, SESSION_LIMITS } from "~/modules/auth/sessions.server.ts";
import type { EventHub, LiveEvent, LiveTopic } from "~/modules/live-updates/event-hub.server.ts";
import { STAFF_STREAM_LIMITS, STAFF_STREAM_MAX_AGE_MS, staffStreamSlots } from "~/modules/live-updates/staff-streams.server.ts";
import type { Role } from "~/modules/users/roles.ts";
import type { StaffProfile } from "~/modules/users/staff-profile.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { routeLookup } from "../../../tests/setup/route-table.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { loader as financeEvents } from "./finance-events.ts";
import { loader as tasksEvents } from "./tasks-events.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

/** A hub of the test's own: `emit` plays a committed change to whoever listens to its topic. */
function fakeHub() {
  const listeners = new Map<(event: LiveEvent) => void, LiveTopic>();
  const events = {
    subscribe(topic: LiveTopic, listener: (event: LiveEvent) => void) {
      listeners.set(listener, topic);
      return () => listeners.delete(listener);
    },
  } as unknown as EventHub;
  const emit = (topic: LiveTopic, event: LiveEvent) => {
    for (const [listener, t] of listeners) if (t === topic) listener(event);
  };
  return { events, emit };
}

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

const member = (role: Role, id = 1): StaffProfile => ({ id, name: "عضو", username: `member${id}`, email: "", phone: "+966500000000", role, active: true });
/** Either stream's loader (each names its own argument type; this test builds the arguments). */
type Loader = (args: never) => Promise<Response>;

/** Calls a stream's loader as the guard hands it on (the member set); a thrown redirect is returned. */
async function call(loader: Loader, path: string, user: StaffProfile, events = fakeHub().events) {
  const context = new RouterContextProvider();
  // The refusal carries its message in the toast cookie, set by the environment's cookie settings.
  context.set(servicesContext, {
    events,
    env: { NODE_ENV: "test", PUBLIC_URL: "https://aqar.example.sa", COOKIE_SECRETS: ["a-test-secret-of-thirty-two-chars"] },
  } as unknown as AppServices);
  context.set(staffUserContext, user);
  const controller = new AbortController();
  open.push(controller);
  const request = new Request(`https://aqar.example.sa${path}`, { signal: controller.signal });
  try {
    return { response: await loader({ request, context, params: {} } as never), close: () => controller.abort() };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, close: () => controller.abort() };
    throw thrown;
  }
}

async function readUntil(response: Response, text: string): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let all = "";
  while (!all.includes(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    all += decoder.decode(chunk.value);
  }
  reader.releaseLock();
  return all;
}

describe("the back office's live streams (/admin/tasks/events, /admin/finance/events)", () => {
  it("tasks: every signed-in role; finance: manager and accountant, an employee is sent to /admin", async () => {
    for (const role of ["manager", "accountant", "staff"] as const) {
      const stream = await call(tasksEvents, "/admin/tasks/events", member(role));
      expect(stream.response.status, role).toBe(200);
      expect(stream.response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    }
    for (const role of ["manager", "accountant"] as const) expect((await call(financeEvents, "/admin/finance/events", member(role))).response.status, role).toBe(200);
    const refused = await call(financeEvents, "/admin/finance/events", member("staff"));
    expect([refused.response.status, refused.response.headers.get("Location")]).toEqual([302, "/admin"]);
  });

  it("send only the topic and the id of a change (or a resync), never another topic's", async () => {
    const hub = fakeHub();
    const { response } = await call(tasksEvents, "/admin/tasks/events", member("staff"), hub.events);
    hub.emit("finance", { topic: "finance", id: 3 });
    hub.emit("offers", { id: 4, kind: "created" });
    hub.emit("tasks", { topic: "tasks", id: 12 });
    hub.emit("tasks", { kind: "resync" });
    const text = await readUntil(response, "resync");
    expect(text).toBe('retry: 5000\n: connected\n\nevent: tasks\ndata: {"topic":"tasks","id":12}\n\nevent: tasks\ndata: {"kind":"resync"}\n\n');
  });

  it("hold at most a few streams per member, tasks and finance together, whatever their address; a closed one frees its slot", async () => {
    expect(STAFF_STREAM_LIMITS.perUser).toBe(6);
    const mine = await Promise.all(
      Array.from({ length: STAFF_STREAM_LIMITS.perUser }, (_, i) => call(i % 2 ? financeEvents : tasksEvents, "/admin/x/events", member("manager", 7))),
    );
    expect(mine.map((s) => s.response.status)).toEqual(mine.map(() => 200));
    expect((await call(tasksEvents, "/admin/tasks/events", member("manager", 7))).response.status).toBe(503);
    expect((await call(tasksEvents, "/admin/tasks/events", member("staff", 8))).response.status).toBe(200);
    mine[0]!.close();
    expect((await call(financeEvents, "/admin/finance/events", member("manager", 7))).response.status).toBe(200);
    for (const controller of open.splice(0)) controller.abort();
    expect(staffStreamSlots.count()).toBe(0);
  });

  it("end after the sessions' idle limit, so the browser's reconnect meets the guard again (and no sooner)", async () => {
    vi.useFakeTimers();
    try {
      expect(STAFF_STREAM_MAX_AGE_MS).toBe(SESSION_LIMITS.idleMs);
      const { response } = await call(financeEvents, "/admin/finance/events", member("accountant", 9));
      const reader = response.body!.getReader();
      await reader.read(); // "retry: 5000"
      vi.advanceTimersByTime(STAFF_STREAM_MAX_AGE_MS - 30_000);
      expect(staffStreamSlots.count("9")).toBe(1);
      vi.advanceTimersByTime(30_000);
      let chunk = await reader.read();
      while (!chunk.done) chunk = await reader.read(); // heartbeats, then the end
      expect(staffStreamSlots.count("9")).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("through the admin guard: a session is needed, the route table's roles apply, and the stream stays uncompressed and uncached", async () => {
    const cookies = cookieSettings(env);
    const hub = fakeHub();
    const run = async (path: string, token?: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, { db: db(), env, events: hub.events } as AppServices);
      context.set(clientAddressContext, "198.51.100.20");
      // As the request handler does: the route's facts (its roles) for the guard.
      context.set(routeContext, routeLookup(path));
      const controller = new AbortController();
      open.push(controller);
      const request = new Request(`https://aqar.example.sa${path}`, { signal: controller.signal, headers: token ? { Cookie: `${cookies.session}=${token}` } : {} });
      const loader = path.startsWith("/admin/finance") ? financeEvents : tasksEvents;
      try {
        return await adminGuard({ request, context, params: {} } as never, async () => (loader as Loader)({ request, context, params: {} } as never));
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    const accountant = await createStaffUser(db(), { name: "محاسب", username: "accountant.live", phone: "0551234571", role: "accountant" });
    const employee = await createStaffUser(db(), { name: "موظف", username: "staff.live", phone: "0551234572", role: "staff" });
    const [accountantToken, employeeToken] = [await createSession(db(), accountant.id), await createSession(db(), employee.id)];

    const anonymous = (await run("/admin/tasks/events")) as Response;
    expect([anonymous.status, anonymous.headers.get("Location")]).toEqual([302, "/login"]);
    const denied = (await run("/admin/finance/events", employeeToken)) as Response;
    expect([denied.status, denied.headers.get("Location")]).toEqual([302, "/admin"]);

    for (const [path, token] of [
      ["/admin/finance/events", accountantToken],
      ["/admin/tasks/events", employeeToken],
    ] as const) {
      const response = (await run(path, token)) as Response;
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store, no-transform");
      expect(response.headers.get("Content-Type"), path).toBe("text/event-stream; charset=utf-8");
    }
  });
});
