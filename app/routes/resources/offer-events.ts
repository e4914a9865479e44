import { clientAddressContext, servicesContext } from "~/context.ts";
import { offerStreamSlots } from "~/modules/offers/offer-stream-slots.ts";
import type { Route } from "./+types/offer-events";

/**
 * GET /api/offers/events: server-sent events, one `offers` event per committed change of an
 * offer (added, changed, deleted), so the lists can refresh without a reload. `no-transform`
 * keeps the compression middleware from holding events back.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { offerEvents } = context.get(servicesContext);
  // Beyond the limits (in all, and per address), browsers fall back to their normal fetches.
  const release = offerStreamSlots.acquire(context.get(clientAddressContext));
  if (!release) return new Response("busy", { status: 503, headers: { "Retry-After": "60" } });
  // The slot goes back however the stream ends, even if it never starts.
  request.signal.addEventListener("abort", release, { once: true });
  if (request.signal.aborted) release();
  const encoder = new TextEncoder();
  let cleanup = release;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
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
        release();
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
