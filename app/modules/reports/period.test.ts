import { describe, expect, it } from "vitest";
import { gregorianDayText, hijriDayText, parsePeriod, periodBuckets, periodInstants, periodQuery, presetPeriod, trendMonths } from "./period.ts";
import { riyadhDayOf } from "~/utils/riyadh-day.ts";
import { compareFigures, durationText } from "./report-view.ts";

// 23 Nov 2026 at 22:30 UTC is already 24 Nov (01:30) in Riyadh.
const LATE_EVENING = new Date("2026-11-23T22:30:00Z");
const ask = (query: Record<string, string>, now = LATE_EVENING) => parsePeriod(new URLSearchParams(query), now);

describe("the period's days are Riyadh's", () => {
  it("today is Riyadh's date, which turns at 21:00 UTC", () => {
    expect(riyadhDayOf(new Date("2026-11-23T20:59:59Z"))).toBe("2026-11-23");
    expect(riyadhDayOf(new Date("2026-11-23T21:00:00Z"))).toBe("2026-11-24");
    expect(presetPeriod("today", LATE_EVENING)).toMatchObject({ from: "2026-11-24", to: "2026-11-24", days: 1, previous: { from: "2026-11-23", to: "2026-11-23" }, ongoing: true });
  });

  it("a period's instants start at Riyadh's midnight", () => {
    const period = presetPeriod("today", LATE_EVENING);
    expect(periodInstants(period)).toEqual({
      previousStart: new Date("2026-11-22T21:00:00Z"),
      start: new Date("2026-11-23T21:00:00Z"),
      end: new Date("2026-11-24T21:00:00Z"),
    });
  });
});

describe("presets, each compared with the days just before it", () => {
  it("last 7 and 30 days end today", () => {
    expect(presetPeriod("7d", LATE_EVENING)).toMatchObject({ from: "2026-11-18", to: "2026-11-24", days: 7, previous: { from: "2026-11-11", to: "2026-11-17" } });
    expect(presetPeriod("30d", LATE_EVENING)).toMatchObject({ from: "2026-10-26", to: "2026-11-24", days: 30, previous: { from: "2026-09-26", to: "2026-10-25" } });
  });

  it("this month runs from its first day; last month is whole, and compared with as many days before it", () => {
    expect(presetPeriod("this-month", LATE_EVENING)).toMatchObject({ from: "2026-11-01", to: "2026-11-24", days: 24, previous: { from: "2026-10-08", to: "2026-10-31" } });
    expect(presetPeriod("last-month", LATE_EVENING)).toMatchObject({
      from: "2026-10-01",
      to: "2026-10-31",
      days: 31,
      previous: { from: "2026-08-31", to: "2026-09-30" },
      ongoing: false,
    });
    // March after a leap February, in January.
    expect(presetPeriod("last-month", new Date("2024-03-10T12:00:00Z"))).toMatchObject({ from: "2024-02-01", to: "2024-02-29", days: 29 });
    expect(presetPeriod("last-month", new Date("2027-01-05T12:00:00Z"))).toMatchObject({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("an unknown or missing period is the last 30 days", () => {
    expect(ask({}).period.kind).toBe("30d");
    expect(ask({ period: "forever" }).period.kind).toBe("30d");
    expect(ask({}).error).toBeUndefined();
  });
});

describe("a custom range", () => {
  it("is both days included, compared with as many days before", () => {
    const { period, error } = ask({ period: "custom", from: "2024-03-01", to: "2024-03-10" });
    expect(error).toBeUndefined();
    expect(period).toMatchObject({ kind: "custom", from: "2024-03-01", to: "2024-03-10", days: 10, previous: { from: "2024-02-20", to: "2024-02-29" }, bucket: "day" });
    expect(periodQuery(period)).toBe("period=custom&from=2024-03-01&to=2024-03-10");
  });

  it("is refused with its reason (the default period is shown instead)", () => {
    const reasons = [
      [{ from: "", to: "2024-03-10" }, "يرجى اختيار تاريخ البداية وتاريخ النهاية."],
      [{ from: "2024-02-30", to: "2024-03-10" }, "التاريخ غير صحيح."],
      [{ from: "2024-03-10", to: "2024-03-01" }, "يجب أن يسبق تاريخ البداية تاريخ النهاية أو يساويه."],
      [{ from: "2026-11-20", to: "2026-11-25" }, "لا يمكن اختيار تاريخ بعد اليوم."],
      [{ from: "1999-12-31", to: "2000-01-05" }, "أقدم تاريخ ممكن هو ١ يناير ٢٠٠٠."],
      [{ from: "2025-01-01", to: "2026-01-02" }, "أقصى مدة للفترة ٣٦٦ يومًا."],
    ] as const;
    for (const [range, reason] of reasons) {
      const choice = ask({ period: "custom", ...range });
      expect(choice.error, JSON.stringify(range)).toBe(reason);
      expect(choice.period.kind).toBe("30d");
      expect(choice.asked).toEqual({ kind: "custom", ...range });
    }
    // Today (in Riyadh, already the 24th) is allowed; a year of 366 days too.
    expect(ask({ period: "custom", from: "2026-11-24", to: "2026-11-24" }).error).toBeUndefined();
    expect(ask({ period: "custom", from: "2025-11-24", to: "2026-11-24" }).period.days).toBe(366);
  });

  it("a long range is drawn per month; its buckets and the finance trend's months", () => {
    const { period } = ask({ period: "custom", from: "2025-12-15", to: "2026-11-24" });
    expect(period.bucket).toBe("month");
    expect(periodBuckets(period)).toHaveLength(12);
    expect(periodBuckets(period)[0]).toBe("2025-12");
    expect(periodBuckets(presetPeriod("7d", LATE_EVENING))).toEqual(["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]);
    // The twelve months to the range's last: December of the year before, then January to November.
    expect(trendMonths({ from: "2026-11-18", to: "2026-11-24" }).join(" ")).toBe("2025-12 2026-01 2026-02 2026-03 2026-04 2026-05 2026-06 2026-07 2026-08 2026-09 2026-10 2026-11");
    expect(trendMonths({ from: "2025-10-01", to: "2026-10-01" })).toHaveLength(13);
  });
});

describe("dates in both calendars", () => {
  it("Gregorian with the Umm al-Qura date beside it", () => {
    expect(gregorianDayText("2026-11-23")).toBe("٢٣ نوفمبر ٢٠٢٦");
    expect(hijriDayText("2026-11-23")).toBe("١٣ جمادى الآخرة ١٤٤٨ هـ");
    expect(hijriDayText("2024-03-11")).toBe("١ رمضان ١٤٤٥ هـ");
  });
});

describe("changes and durations in words", () => {
  it("up or down by a percentage of the previous value; same; new (after 0); no comparison (no median before or now)", () => {
    expect(compareFigures(12, 10)).toEqual({ direction: "up", percent: 20, text: "ارتفاع ٢٠٪" });
    expect(compareFigures(5, 10)).toEqual({ direction: "down", percent: 50, text: "انخفاض ٥٠٪" });
    expect(compareFigures(-50, 100)).toEqual({ direction: "down", percent: 150, text: "انخفاض ١٥٠٪" });
    expect(compareFigures(50, -100)).toEqual({ direction: "up", percent: 150, text: "ارتفاع ١٥٠٪" });
    expect(compareFigures(7, 7)).toMatchObject({ direction: "same", text: "دون تغيير" });
    expect(compareFigures(0, 0)).toMatchObject({ direction: "same" });
    expect(compareFigures(3, 0)).toMatchObject({ direction: "new", text: "جديد" });
    expect(compareFigures(90, null)).toMatchObject({ direction: "none", text: "لا مقارنة" });
    expect(compareFigures(null, 30)).toMatchObject({ direction: "none", text: "لا مقارنة" });
  });

  it("durations agree with their numbers", () => {
    expect(durationText(null)).toBe("—");
    expect(durationText(0.4)).toBe("أقل من دقيقة");
    expect(durationText(1)).toBe("دقيقة واحدة");
    expect(durationText(45)).toBe("٤٥ دقيقة");
    expect(durationText(90)).toBe("ساعة واحدة و٣٠ دقيقة");
    expect(durationText(120)).toBe("ساعتان");
    expect(durationText(200)).toBe("٣ ساعات و٢٠ دقيقة");
    expect(durationText(3 * 24 * 60 + 60)).toBe("٣ أيام وساعة واحدة");
    expect(durationText(2 * 24 * 60)).toBe("يومان");
  });
});
