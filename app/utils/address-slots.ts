/**
 * Counts things held open per client address (live streams, requests in flight), so that one
 * address cannot take every slot of the process.
 */
/**
 * The key an address is counted under. IPv6 clients get a whole /64 from their provider and can
 * pick any address inside it, so they count by that prefix; an IPv4-mapped address counts as the
 * IPv4 one.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(":")) return plain;
  const [head = "", tail = ""] = plain.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = plain.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (group || "0").replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export class AddressSlots {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly limits: { total: number; perAddress: number };
  private readonly keyOf: (address: string) => string;

  /** `keyOf` says what one holder is: by default an address (addressKey); a signed-in user's id as it is. */
  constructor(limits: { total: number; perAddress: number }, keyOf: (address: string) => string = addressKey) {
    this.limits = limits;
    this.keyOf = keyOf;
  }

  /**
   * Takes a slot for this address: a release function (safe to call more than once), or null when
   * the process or the address is at its limit.
   */
  acquire(address: string): (() => void) | null {
    const key = this.keyOf(address);
    const mine = this.byAddress.get(key) ?? 0;
    if (this.total >= this.limits.total || mine >= this.limits.perAddress) return null;
    this.total += 1;
    this.byAddress.set(key, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.byAddress.get(key) ?? 1) - 1;
      if (left > 0) this.byAddress.set(key, left);
      else this.byAddress.delete(key);
    };
  }

  /** Open streams in all, and for one address. */
  count(address?: string): number {
    return address === undefined ? this.total : (this.byAddress.get(this.keyOf(address)) ?? 0);
  }
}
