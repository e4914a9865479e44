// Issue 30: half-sent requests were all still held after 50 s. The app's HTTP server closes a
// request whose headers do not arrive within the limit, and (without a proxy in front) caps the
// connections one address holds; a request sent at a phone's pace is answered.
import net from "node:net";
import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_TIMEOUTS, createHttpServer } from "../../server/http-server.ts";

let server: http.Server | undefined;
afterEach(async () => {
  if (!server) return;
  const closing = server;
  server = undefined;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

async function listen(options: Parameters<typeof createHttpServer>[1]): Promise<number> {
  server = createHttpServer((_req, res) => res.end("ok"), options);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A socket that sent `text` and is still open; resolves with what the server answered when it closed. */
function openSocket(port: number, text: string): { closed: Promise<string>; socket: net.Socket } {
  const socket = net.connect(port, "127.0.0.1");
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  socket.on("error", () => undefined);
  socket.write(text);
  return { socket, closed: new Promise((resolve) => socket.on("close", () => resolve(answer))) };
}

const FAST = { headersMs: 1_000, requestMs: 3_000, idleMs: 5_000, checkEveryMs: 200 };

describe("slow clients", () => {
  it("uses a phone's limits, not Node's: headers within 10 s, a request within 5 minutes, 60 s of silence", () => {
    expect(CLIENT_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 300_000, idleMs: 60_000, checkEveryMs: 1_000 });
  });

  it("closes every request whose headers never end, soon after the limit, and answers one sent at a slow pace", async () => {
    const port = await listen({ behindProxy: true, timeouts: FAST });
    const started = Date.now();
    const partial = Array.from({ length: 20 }, () => openSocket(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    // A slow but honest client: its headers in pieces, all within the limit.
    const slow = openSocket(port, "GET / HTTP/1.1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 300));
    slow.socket.write("Host: x\r\nConnection: close\r\n\r\n");
    expect(await slow.closed).toMatch(/^HTTP\/1.1 200[\s\S]*ok$/);
    const answers = await Promise.all(partial.map((p) => p.closed));
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(FAST.headersMs - 100);
    expect(took).toBeLessThan(FAST.headersMs + 2_000);
    for (const answer of answers) expect(answer).toMatch(/^(HTTP\/1.1 408|)/);
  });

  it("without a proxy in front, one address holds at most the cap of connections; behind a proxy, no cap", async () => {
    const port = await listen({ behindProxy: false, timeouts: FAST, perAddress: 5 });
    const held = Array.from({ length: 5 }, () => openSocket(port, ""));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = openSocket(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(await refused.closed).toBe("");
    // One goes: another may come.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = openSocket(port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(await next.closed).toMatch(/^HTTP\/1.1 200/);
    for (const h of held) h.socket.destroy();
  });
});
