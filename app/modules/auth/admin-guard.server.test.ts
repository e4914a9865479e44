import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "~/utils/log.server.ts";
import { ANONYMOUS_LOG_LIMITS, logAnonymousAdminHit } from "./admin-guard.server.ts";

afterEach(() => vi.restoreAllMocks());

describe("anonymous requests for the back office", () => {
  it("are logged like other denials, but a flood writes a bounded number of lines and one summary", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const start = Date.UTC(2026, 0, 1);
    const hit = (address: string, at = start) => logAnonymousAdminHit({ address, path: "/admin/profile", method: "POST", reason: "no session" }, at);

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
