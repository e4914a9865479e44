import { describe, expect, it } from "vitest";
import { addWorkingHours, DEFAULT_WORKING_HOURS as WEEK, workingHoursBetween } from "./working-hours.ts";

// Riyadh is UTC+3: 2026-11-29 is a Sunday, 2026-12-03 a Thursday, 2026-12-04/05 the weekend.
const riyadh = (local: string) => new Date(`${local}+03:00`);

describe("working hours (Riyadh, Sunday–Thursday 9:00–17:00 by default)", () => {
  it("counts the hours inside one working day", () => {
    expect(workingHoursBetween(riyadh("2026-11-29T10:00:00"), riyadh("2026-11-29T12:30:00"), WEEK)).toBe(2.5);
  });

  it("does not count the evening, the night or the early morning", () => {
    expect(workingHoursBetween(riyadh("2026-11-29T16:00:00"), riyadh("2026-11-30T10:00:00"), WEEK)).toBe(2);
    expect(workingHoursBetween(riyadh("2026-11-29T18:00:00"), riyadh("2026-11-29T23:00:00"), WEEK)).toBe(0);
    expect(workingHoursBetween(riyadh("2026-11-30T06:00:00"), riyadh("2026-11-30T09:00:00"), WEEK)).toBe(0);
  });

  it("skips the weekend: Thursday 16:00 to Sunday 10:00 is two hours", () => {
    expect(workingHoursBetween(riyadh("2026-12-03T16:00:00"), riyadh("2026-12-06T10:00:00"), WEEK)).toBe(2);
    expect(workingHoursBetween(riyadh("2026-12-04T10:00:00"), riyadh("2026-12-05T22:00:00"), WEEK)).toBe(0);
  });

  it("counts whole days across a week", () => {
    expect(workingHoursBetween(riyadh("2026-11-29T00:00:00"), riyadh("2026-12-06T00:00:00"), WEEK)).toBe(40);
  });

  it("is zero when the reply came first or no day is a working day", () => {
    expect(workingHoursBetween(riyadh("2026-11-29T12:00:00"), riyadh("2026-11-29T10:00:00"), WEEK)).toBe(0);
    expect(workingHoursBetween(riyadh("2026-11-29T09:00:00"), riyadh("2026-11-29T17:00:00"), { ...WEEK, days: [] })).toBe(0);
  });

  it("finds the deadline: later the same day, the next morning, after the weekend", () => {
    expect(addWorkingHours(riyadh("2026-11-29T10:00:00"), 4, WEEK)).toEqual(riyadh("2026-11-29T14:00:00"));
    expect(addWorkingHours(riyadh("2026-11-29T15:00:00"), 4, WEEK)).toEqual(riyadh("2026-11-30T11:00:00"));
    // A message at night starts its clock when work starts.
    expect(addWorkingHours(riyadh("2026-11-29T22:00:00"), 1, WEEK)).toEqual(riyadh("2026-11-30T10:00:00"));
    // Thursday afternoon: two hours left that day, the rest on Sunday.
    expect(addWorkingHours(riyadh("2026-12-03T15:00:00"), 4, WEEK)).toEqual(riyadh("2026-12-06T11:00:00"));
    // Friday: nothing until Sunday.
    expect(addWorkingHours(riyadh("2026-12-04T12:00:00"), 8, WEEK)).toEqual(riyadh("2026-12-06T17:00:00"));
    expect(addWorkingHours(riyadh("2026-11-29T10:00:00"), 1, { ...WEEK, days: [] })).toBeNull();
  });

  it("agrees with itself: the deadline is exactly the limit away", () => {
    const from = riyadh("2026-12-02T13:17:00");
    const deadline = addWorkingHours(from, 13, WEEK)!;
    expect(workingHoursBetween(from, deadline, WEEK)).toBeCloseTo(13, 9);
  });
});
