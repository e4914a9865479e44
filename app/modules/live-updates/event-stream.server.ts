import type { EventHub, LiveTopic } from "./event-hub.server.ts";

/** A comment this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export interface LiveStreamOptions {
  /** The hub of the process (`AppServices.events`). */
  events: EventHub;
  /** Each change of this topic is sent as an event of the same name, with its JSON as data. */
  topic: LiveTopic;
  /** The stream's slot (the release function of its limit); null when the limit refused one. */
  slot: (() => void) | null;
  /** Ends the stream after this long; the browser then reconnects through the same checks. */
  maxAgeMs?: number;
}

/**
 * The one server-sent-events answer of every live stream (decision 007): `event: <topic>` with
 * the change as data, `retry: 5000`, a heartbeat comment, and `Cache-Control: no-cache,
 * no-transform` so the compression middleware does not hold events back. The slot goes back
 * however the stream ends (the browser leaves, the stream is cancelled, maxAgeMs passes), even if
 * it never starts. Without a slot: 503, and the browser keeps its ordinary fetches.
 */
export function liveEventStream(request: Request, { events, topic, slot, maxAgeMs }: LiveStreamOptions): Response {
  if (!slot) return new Response("busy", { status: 503, headers: { "Retry-After": "60", "Cache-Control": "no-store" } });
  let given = false;
  const release = () => {
    if (given) return;
    given = true;
    slot();
  };
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
      const unsubscribe = events.subscribe(topic, (event) => send(`event: ${topic}\ndata: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      const ending = maxAgeMs === undefined ? undefined : setTimeout(() => cleanup(), maxAgeMs);
      cleanup = () => {
        if (done) return;
        done = true;
        release();
        clearInterval(heartbeat);
        clearTimeout(ending);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
      if (request.signal.aborted) cleanup();
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
