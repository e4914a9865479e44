import { describe, expect, it } from "vitest";
import { AddressSlots as OfferStreamSlots, addressKey } from "~/utils/address-slots.ts";
import { OFFER_STREAM_LIMITS, offerStreamSlots } from "./offer-stream-slots.ts";

describe("live-update stream slots", () => {
  it("one address gets at most its share; others still get theirs", () => {
    const slots = new OfferStreamSlots({ total: 100, perAddress: 3 });
    const mine = [slots.acquire("1.2.3.4"), slots.acquire("1.2.3.4"), slots.acquire("1.2.3.4")];
    expect(mine.every(Boolean)).toBe(true);
    expect(slots.acquire("1.2.3.4")).toBeNull();
    expect(slots.acquire("5.6.7.8")).not.toBeNull();
    expect([slots.count("1.2.3.4"), slots.count()]).toEqual([3, 4]);
    // A closed stream gives its slot back, once however often it is released.
    mine[0]!();
    mine[0]!();
    expect([slots.count("1.2.3.4"), slots.count()]).toEqual([2, 3]);
    expect(slots.acquire("1.2.3.4")).not.toBeNull();
    expect(slots.acquire("1.2.3.4")).toBeNull();
  });

  it("the process-wide cap still holds across addresses", () => {
    const slots = new OfferStreamSlots({ total: 3, perAddress: 2 });
    const taken = ["10.0.0.1", "10.0.0.2", "10.0.0.3"].map((a) => slots.acquire(a));
    expect(taken.every(Boolean)).toBe(true);
    expect(slots.acquire("10.0.0.4")).toBeNull();
    taken[1]!();
    expect(slots.acquire("10.0.0.4")).not.toBeNull();
  });

  it("forgets an address once its streams are all closed", () => {
    const slots = new OfferStreamSlots({ total: 10, perAddress: 2 });
    const release = slots.acquire("9.9.9.9")!;
    release();
    expect(slots.count("9.9.9.9")).toBe(0);
    expect((slots as unknown as { byAddress: Map<string, number> }).byAddress.size).toBe(0);
  });

  it("an IPv6 client counts by its /64; an IPv4-mapped address as the IPv4 one", () => {
    expect(addressKey("2001:db8:abcd:12:1::5")).toBe("2001:db8:abcd:12::/64");
    expect(addressKey("2001:DB8:ABCD:0012:ffff:1:2:3")).toBe("2001:db8:abcd:12::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressKey("192.0.2.7")).toBe("192.0.2.7");
    const slots = new OfferStreamSlots({ total: 100, perAddress: 2 });
    expect(slots.acquire("2001:db8:abcd:12::1")).not.toBeNull();
    expect(slots.acquire("2001:db8:abcd:12::2")).not.toBeNull();
    expect(slots.acquire("2001:db8:abcd:12::3")).toBeNull();
    expect(slots.acquire("2001:db8:abcd:13::1")).not.toBeNull();
  });

  it("defaults: 2,000 in all, 20 per address", () => {
    expect(OFFER_STREAM_LIMITS).toEqual({ total: 2000, perAddress: 20 });
    const slots = new OfferStreamSlots(OFFER_STREAM_LIMITS);
    expect(offerStreamSlots.count()).toBe(0);
    for (let i = 0; i < 20; i++) expect(slots.acquire("203.0.113.9")).not.toBeNull();
    expect(slots.acquire("203.0.113.9")).toBeNull();
  });
});
