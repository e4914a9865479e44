import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveRevalidate } from "./use-live-revalidate.ts";

// No DOM here: the hook runs as a plain function, its effect at once (cleanup kept), with a fake
// EventSource and fake timers.
const revalidate = vi.fn(async () => undefined);
const cleanups: Array<() => void> = [];
const navigation = { state: "idle" };
const fetchers: { state: string }[] = [];
vi.mock("react", () => ({
  useEffect: (effect: () => (() => void) | undefined) => {
    const cleanup = effect();
    if (cleanup) cleanups.push(cleanup);
  },
  useRef: <T>(current: T) => ({ current }),
}));
vi.mock("react-router", () => ({ useRevalidator: () => ({ revalidate }), useNavigation: () => navigation, useFetchers: () => fetchers }));

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  readonly listeners = new Map<string, () => void>();
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  // What the browser does:
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  event(name: string) {
    this.listeners.get(name)?.();
  }
  lose() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.opened = [];
  revalidate.mockClear();
  navigation.state = "idle";
  fetchers.length = 0;
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function follow(url = "/admin/tasks/events", eventName = "tasks") {
  useLiveRevalidate(url, eventName);
  const source = FakeEventSource.opened.at(-1)!;
  source.open();
  return source;
}

describe("useLiveRevalidate(url, eventName)", () => {
  it("listens at the url and refetches once for a burst of its events (300 ms)", () => {
    const source = follow("/admin/finance/events", "finance");
    expect(source.url).toBe("/admin/finance/events");
    expect([...source.listeners.keys()]).toEqual(["finance"]);
    source.event("finance");
    vi.advanceTimersByTime(200);
    source.event("finance");
    source.event("finance");
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("waits while a navigation is under way (a form sent, its page loading), then fetches once", () => {
    const source = follow();
    navigation.state = "submitting";
    source.event("tasks");
    vi.advanceTimersByTime(300);
    navigation.state = "loading";
    vi.advanceTimersByTime(900);
    expect(revalidate).not.toHaveBeenCalled();
    navigation.state = "idle";
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(3000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("waits while a fetcher's form is sent (its redirect's navigation follows), then fetches once", () => {
    const source = follow();
    fetchers.push({ state: "submitting" });
    source.event("tasks");
    vi.advanceTimersByTime(900);
    expect(revalidate).not.toHaveBeenCalled();
    fetchers[0]!.state = "loading";
    vi.advanceTimersByTime(600);
    expect(revalidate).not.toHaveBeenCalled();
    fetchers.length = 0;
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("refused for good: one fetch, the fallback", () => {
    follow().refuse();
    vi.advanceTimersByTime(1000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("no fetch while the browser reconnects; one once the stream is back", () => {
    const source = follow();
    source.lose();
    source.lose();
    vi.advanceTimersByTime(10_000);
    expect(revalidate).not.toHaveBeenCalled();
    source.open();
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
    source.open(); // an ordinary open later fetches nothing
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("leaving the page closes the stream and drops a pending fetch", () => {
    const source = follow();
    source.event("tasks");
    for (const cleanup of cleanups.splice(0)) cleanup();
    vi.advanceTimersByTime(1000);
    expect(source.closed).toBe(true);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
