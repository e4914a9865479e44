import { afterEach, describe, expect, it } from "vitest";
import type { EventHub, LiveEvent, LiveTopic } from "./event-hub.server.ts";
import { liveEventStream } from "./event-stream.server.ts";

/** A hub of the test's own: `emit` plays a committed change, `subscribed` says who listens. */
function fakeHub() {
  const listeners = new Map<(event: LiveEvent) => void, LiveTopic>();
  const hub = {
    subscribe(topic: LiveTopic, listener: (event: LiveEvent) => void) {
      listeners.set(listener, topic);
      return () => listeners.delete(listener);
    },
    ready: async () => undefined,
    close: async () => undefined,
  } as EventHub;
  return {
    hub,
    emit(topic: LiveTopic, event: LiveEvent) {
      for (const [listener, t] of listeners) if (t === topic) listener(event);
    },
    subscribed: () => [...listeners.values()],
  };
}

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

function openStream(options: { topic?: LiveTopic; slot?: null; maxAgeMs?: number; gone?: boolean } = {}) {
  const fake = fakeHub();
  let released = 0;
  const controller = new AbortController();
  open.push(controller);
  if (options.gone) controller.abort();
  const request = new Request("http://localhost/stream", { signal: controller.signal });
  const slot = options.slot === null ? null : () => void released++;
  const response = liveEventStream(request, { events: fake.hub, topic: options.topic ?? "tasks", slot, maxAgeMs: options.maxAgeMs });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const read = async () => {
    const chunk = await reader!.read();
    return chunk.done ? null : decoder.decode(chunk.value);
  };
  return { response, read, fake, released: () => released, close: () => controller.abort() };
}

describe("the live event stream (every topic's server-sent events)", () => {
  it("answers text/event-stream that no proxy or compression holds back, and opens with the retry delay", async () => {
    const stream = openStream();
    expect(stream.response.status).toBe(200);
    expect(Object.fromEntries(stream.response.headers)).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
    expect(await stream.read()).toBe("retry: 5000\n: connected\n\n");
  });

  it("sends each change of its topic as an event of that name, and nothing of other topics", async () => {
    const stream = openStream({ topic: "finance" });
    await stream.read();
    expect(stream.fake.subscribed()).toEqual(["finance"]);
    stream.fake.emit("tasks", { topic: "tasks", id: 1 });
    stream.fake.emit("finance", { topic: "finance", id: 9 });
    stream.fake.emit("finance", { kind: "resync" });
    expect(await stream.read()).toBe('event: finance\ndata: {"topic":"finance","id":9}\n\n');
    expect(await stream.read()).toBe('event: finance\ndata: {"kind":"resync"}\n\n');
  });

  it("when the browser leaves: unsubscribed, the slot given back once, the stream closed", async () => {
    const stream = openStream();
    await stream.read();
    stream.close();
    expect(await stream.read()).toBeNull();
    expect(stream.fake.subscribed()).toEqual([]);
    expect(stream.released()).toBe(1);
  });

  it("ends by itself after maxAgeMs, giving everything back", async () => {
    const stream = openStream({ maxAgeMs: 50 });
    await stream.read();
    expect(await stream.read()).toBeNull();
    expect([stream.fake.subscribed(), stream.released()]).toEqual([[], 1]);
  });

  it("a request already gone when the stream starts gives its slot back at once and keeps no listener", async () => {
    const stream = openStream({ gone: true });
    expect(await stream.read()).toBeNull();
    expect(stream.released()).toBe(1);
    expect(stream.fake.subscribed()).toEqual([]);
  });

  it("without a slot: 503 with Retry-After, and nothing subscribed", () => {
    const stream = openStream({ slot: null });
    expect(stream.response.status).toBe(503);
    expect(stream.response.headers.get("Retry-After")).toBe("60");
    expect(stream.fake.subscribed()).toEqual([]);
  });
});
