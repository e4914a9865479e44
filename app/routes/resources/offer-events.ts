import { servicesContext } from "~/context.ts";
import type { Route } from "./+types/offer-events";

/** Open streams in this process; beyond this, browsers fall back to their normal fetches. */
const MAX_STREAMS = 2000;
let openStreams = 0;

/**
 * GET /api/offers/events: server-sent events, one `offers` event per committed change of an
 * offer (added, changed, deleted), so the lists can refresh without a reload. `no-transform`
 * keeps the compression middleware from holding events back.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { offerEvents } = context.get(servicesContext);
  if (openStreams >= MAX_STREAMS) return new Response("busy", { status: 503, headers: { "Retry-After": "60" } });
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      openStreams += 1;
      let done = false;
      const send = (text: string) => {
        if (done) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = offerEvents.subscribe((event) => send(`event: offers\ndata: ${JSON.stringify(event)}\n\n`));
      // A comment now and then keeps proxies from closing a quiet stream.
      const heartbeat = setInterval(() => send(": ping\n\n"), 25_000);
      cleanup = () => {
        if (done) return;
        done = true;
        openStreams -= 1;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => cleanup());
      send("retry: 5000\n: connected\n\n");
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
