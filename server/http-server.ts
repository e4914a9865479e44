// Imported by server.ts as plain TypeScript (no `~/` alias here).
import http from "node:http";
import type { Socket } from "node:net";
import type { RequestListener } from "node:http";
import { log } from "../app/utils/log.server.ts";

/**
 * How long a client may take, measured for a phone on a slow network and no more (issue 30, README
 * "Production"). Node's defaults let a request's headers take 60 s (and checked only every 30 s):
 * 50 half-sent requests were all still held after 50 s.
 */
export const CLIENT_TIMEOUTS = {
  /** The request line and headers (1–2 KB): under a second on 2G, a few with a 3-second round trip. */
  headersMs: 10_000,
  /** The whole request: the largest body, 10 photos of 5 MB, at 1.4 Mbit/s (a weak 3G uplink). */
  requestMs: 300_000,
  /** A connection on which nothing moves either way (the live stream's heartbeat is every 25 s). */
  idleMs: 60_000,
  /** How often Node looks for requests past the first two limits. */
  checkEveryMs: 1_000,
} as const;

/**
 * Connections one address may hold open at once: a browser opens at most 6 to a site, an office
 * of ten behind one address 60. Not applied behind a trusted proxy, where every connection comes
 * from the proxy: there the in-flight limit counts each visitor's own address.
 */
const CONNECTIONS_PER_ADDRESS = 64;

/** The HTTP server for the app, with the timeouts above and, without a proxy in front, the cap per address. */
export function createHttpServer(
  listener: RequestListener,
  {
    behindProxy,
    timeouts = CLIENT_TIMEOUTS,
    perAddress = CONNECTIONS_PER_ADDRESS,
  }: { behindProxy: boolean; timeouts?: Record<keyof typeof CLIENT_TIMEOUTS, number>; perAddress?: number },
): http.Server {
  const server = http.createServer({ headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs }, listener);
  server.setTimeout(timeouts.idleMs, (socket: Socket) => socket.destroy());
  if (!behindProxy) capConnectionsPerAddress(server, perAddress);
  return server;
}

function capConnectionsPerAddress(server: http.Server, perAddress: number) {
  const open = new Map<string, number>();
  let refusedSinceLog = 0;
  let lastLog = 0;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      refusedSinceLog += 1;
      if (Date.now() - lastLog > 60_000) {
        log.warn("connections per address limit", { address, refused: refusedSinceLog });
        refusedSinceLog = 0;
        lastLog = Date.now();
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
