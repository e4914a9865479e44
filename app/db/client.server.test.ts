import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/setup/free-port.ts";
import { startEmbeddedPostgres } from "./client.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-one-server-"));
let stop: (() => Promise<void>) | undefined;
afterAll(async () => {
  await stop?.();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("runs one server per data folder: a second one is refused with a clear message", async () => {
    const first = await startEmbeddedPostgres(dir, await freePort());
    stop = first.stop;
    expect(fs.statSync(path.join(dir, "postgres-password")).mode & 0o777).toBe(0o600);
    await expect(startEmbeddedPostgres(dir, await freePort())).rejects.toThrow(
      new RegExp(`The data folder ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is already used by another running server`),
    );
  }, 60_000);
});
