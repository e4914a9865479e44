import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddressContext, servicesContext, type AppServices } from "~/context.ts";
import { OFFER_STREAM_LIMITS } from "~/modules/offers/offer-stream-slots.ts";
import { loader } from "./offer-events.ts";

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

/** Opens a stream as `address`; the controller closes it like a browser leaving. */
function connect(address: string): { status: number; close: () => void } {
  const context = new RouterContextProvider();
  context.set(servicesContext, { events: { subscribe: () => () => undefined } } as unknown as AppServices);
  context.set(clientAddressContext, address);
  const controller = new AbortController();
  open.push(controller);
  const request = new Request("http://localhost/api/offers/events", { signal: controller.signal });
  const response = loader({ request, context, params: {} } as unknown as Parameters<typeof loader>[0]);
  return { status: response.status, close: () => controller.abort() };
}

describe("GET /api/offers/events", () => {
  it("caps the streams of one address, not the others; a closed stream frees its slot", () => {
    const mine = Array.from({ length: OFFER_STREAM_LIMITS.perAddress }, () => connect("198.51.100.7"));
    expect(mine.map((s) => s.status)).toEqual(mine.map(() => 200));
    expect(connect("198.51.100.7").status).toBe(503);
    expect(connect("198.51.100.8").status).toBe(200);
    mine[0]!.close();
    expect(connect("198.51.100.7").status).toBe(200);
  });
});
