import { describe, expect, it } from "vitest";
import { LEASE_SCHEDULES } from "~/db/column-types.ts";
import { addMonthsClamped, instalmentsOf, MONTHS_BETWEEN } from "./rent-schedule.ts";

const sum = (list: Array<{ amountHalalas: number }>) => list.reduce((total, i) => total + i.amountHalalas, 0);

describe("a lease's instalments", () => {
  it("clamps month ends and counts every date from the start, not from the clamped one", () => {
    expect(addMonthsClamped("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsClamped("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsClamped("2026-01-31", 2)).toBe("2026-03-31");
    expect(addMonthsClamped("2026-11-30", 3)).toBe("2027-02-28");
    const dates = instalmentsOf({ startsOn: "2026-01-31", lastDay: "2027-01-30", yearlyRentHalalas: 1_200_000, schedule: "monthly" }).map((i) => i.dueOn);
    expect(dates.slice(0, 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(dates).toHaveLength(12);
  });

  it.each(LEASE_SCHEDULES.map((schedule) => [schedule, 12 / MONTHS_BETWEEN[schedule]] as const))(
    "splits a year %s into %i parts summing exactly to the yearly rent, the odd halalas first",
    (schedule, parts) => {
      const yearly = 5_000_007; // 50,000.07 SAR: divides by none of 12, 4, 2 exactly
      const list = instalmentsOf({ startsOn: "2026-03-01", lastDay: "2027-02-28", yearlyRentHalalas: yearly, schedule });
      expect(list).toHaveLength(parts);
      expect(sum(list)).toBe(yearly);
      const base = Math.floor(yearly / parts);
      expect(list[0]!.amountHalalas).toBe(yearly - base * (parts - 1));
      for (const instalment of list.slice(1)) expect(instalment.amountHalalas).toBe(base);
    },
  );

  it("puts the remainder on the first instalment of each lease year, and prorates a short last year by its due dates", () => {
    // Two years and a half, quarterly: 4 + 4 + 2 due dates.
    const yearly = 1_000_001;
    const list = instalmentsOf({ startsOn: "2026-01-01", lastDay: "2028-06-30", yearlyRentHalalas: yearly, schedule: "quarterly" });
    expect(list).toHaveLength(10);
    expect(sum(list.slice(0, 4))).toBe(yearly);
    expect(sum(list.slice(4, 8))).toBe(yearly);
    expect(list[4]!.amountHalalas).toBe(250_001);
    expect(sum(list.slice(8))).toBe(Math.floor((yearly * 2) / 4));
    // A yearly lease of 18 months has two due dates: a year's rent on each.
    expect(instalmentsOf({ startsOn: "2026-01-01", lastDay: "2027-06-30", yearlyRentHalalas: yearly, schedule: "yearly" }).map((i) => i.amountHalalas)).toEqual([yearly, yearly]);
  });

  it("keeps exact halalas for rents beyond 2^53 ÷ 12", () => {
    const yearly = 900_000_000_000_011;
    const list = instalmentsOf({ startsOn: "2026-01-01", lastDay: "2026-12-31", yearlyRentHalalas: yearly, schedule: "monthly" });
    expect(list.reduce((t, i) => t + BigInt(i.amountHalalas), 0n)).toBe(BigInt(yearly));
  });
});
