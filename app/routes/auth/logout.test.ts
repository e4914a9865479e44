import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context.ts";
import { cookieSettings } from "~/utils/cookies.server.ts";
import { createSession, readSession } from "~/modules/auth/sessions.server.ts";
import { createStaffUser } from "~/modules/users/users.server.ts";
import { parseEnv } from "~/utils/env.server.ts";
import { useTestDatabase } from "../../../tests/setup/test-db.ts";
import { action } from "./logout.ts";

const db = useTestDatabase();
const env = parseEnv({ PUBLIC_URL: "https://aqar.example.sa" });

/** Runs the logout action as the server would; a thrown redirect is returned like an answer. */
async function logout(headers: Record<string, string>): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(servicesContext, { db: db(), env } as AppServices);
  const request = new Request("https://aqar.example.sa/logout", { method: "POST", headers });
  try {
    return await action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("POST /logout (a resource route: React Router's origin check does not cover it)", () => {
  it("from another site is refused and the session lives on; from the site itself it ends the session", async () => {
    const user = await createStaffUser(db(), { name: "سلمان", username: "salman", phone: "0512400001", role: "staff" });
    const token = await createSession(db(), user.id);
    const cookie = `${cookieSettings(env).session}=${token}`;

    const crossSite: Array<Record<string, string>> = [
      { Origin: "https://evil.example", Cookie: cookie },
      { "Sec-Fetch-Site": "cross-site", Cookie: cookie },
      { "Sec-Fetch-Site": "same-site", Origin: "https://blog.aqar.example.sa", Cookie: cookie },
      { Origin: "null", Cookie: cookie },
    ];
    for (const headers of crossSite) {
      const response = await logout(headers);
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await readSession(db(), token)).toBeDefined();
    }

    const response = await logout({ Origin: "https://aqar.example.sa", "Sec-Fetch-Site": "same-origin", Cookie: cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await readSession(db(), token)).toBeUndefined();
  });
});
