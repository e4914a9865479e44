import type { OwnerStatementLine } from "~/db/column-types.ts";

/**
 * The statement's arithmetic (decision 055), pure and in exact halalas: the database part
 * (statements.server.ts) gathers the month's rows, this turns them into lines and totals.
 */

/** A month as its first day, «2026-03-01». */
export type StatementMonth = string;

/** The month's first and last Riyadh days. */
export function monthBounds(month: StatementMonth): { first: string; last: string } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { first: `${month.slice(0, 7)}-01`, last: `${month.slice(0, 7)}-${String(lastDay).padStart(2, "0")}` };
}

/** The month before the one a Riyadh day falls in («2026-01-05» → «2025-12-01»). */
export function monthBefore(day: string): StatementMonth {
  const [year, monthNumber] = day.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthNumber - 2, 1));
  return date.toISOString().slice(0, 10);
}

/** «2026-03» or «2026-03-01» read as a month; null when it is not one. */
export function readStatementMonth(value: string | null | undefined): StatementMonth | null {
  const match = /^(\d{4})-(\d{2})(?:-01)?$/.exec(value ?? "");
  if (!match) return null;
  const monthNumber = Number(match[2]);
  return monthNumber >= 1 && monthNumber <= 12 ? `${match[1]}-${match[2]}-01` : null;
}

/** A share of an amount in basis points, rounded to the halala half up (7.5 % of 10.10 SAR = 75.75 → 76 halalas). */
export function percentOf(amountHalalas: number, basisPoints: number): number {
  // Integers throughout: amount × bp is exact below 2^53 (any rent this firm collects).
  const scaled = amountHalalas * basisPoints;
  const whole = Math.floor(scaled / 10_000);
  return scaled - whole * 10_000 >= 5_000 ? whole + 1 : whole;
}

/** A fixed yearly commission's part for a month: a twelfth, and December takes what the division left, so a year sums exactly. */
export function fixedCommissionForMonth(yearlyHalalas: number, month: StatementMonth): number {
  const twelfth = Math.floor(yearlyHalalas / 12);
  return month.slice(5, 7) === "12" ? yearlyHalalas - 11 * twelfth : twelfth;
}

/** Splits an amount over `parts` shares as evenly as halalas allow, the first shares taking the remainder. */
export function splitEvenly(amountHalalas: number, parts: number): number[] {
  if (parts <= 0) return [];
  const share = Math.floor(amountHalalas / parts);
  const left = amountHalalas - share * parts;
  return Array.from({ length: parts }, (_, index) => share + (index < left ? 1 : 0));
}

export interface StatementProperty {
  id: number;
  name: string;
  /** The contract in force in the month. */
  commission: { kind: "percent"; basisPoints: number } | { kind: "fixed"; yearlyHalalas: number };
  units: Array<{ id: number; label: string }>;
}

export interface StatementInput {
  month: StatementMonth;
  properties: StatementProperty[];
  /** Rent allocated to instalments by payments paid in the month, per unit. */
  collected: Array<{ unitId: number; amountHalalas: number }>;
  /** Approved charges of the month; `unitId` null for the property as a whole. */
  charges: Array<{ propertyId: number; unitId: number | null; amountHalalas: number }>;
  /** What the owner still owed at their statement before (a negative net, 0 or less): recovered from this month. */
  carriedHalalas?: number;
}

/** A property-wide charge's line: unit id 0, named for the property as a whole. */
export const WHOLE_PROPERTY_UNIT_ID = 0;
const WHOLE_PROPERTY_LABEL = "العقار كله";

export interface StatementTotals {
  collectedHalalas: number;
  expensesHalalas: number;
  commissionHalalas: number;
  /** The negative balance brought forward (0 or less). */
  carriedHalalas: number;
  netHalalas: number;
  lines: OwnerStatementLine[];
}

/**
 * The lines per unit and the totals: the percent commission on each unit's collected rent (half
 * up, per unit, so the lines add up to the total), a fixed one's month share spread evenly over the
 * property's units; net = collected − expenses − commission + what the owner owed at their
 * statement before, negative when the owner still owes (carried to their next statement).
 */
export function computeStatement(input: StatementInput): StatementTotals {
  const collectedByUnit = new Map<number, number>();
  for (const row of input.collected) collectedByUnit.set(row.unitId, (collectedByUnit.get(row.unitId) ?? 0) + row.amountHalalas);
  const lines: OwnerStatementLine[] = [];
  for (const property of input.properties) {
    const charges = input.charges.filter((charge) => charge.propertyId === property.id);
    const fixedShares =
      property.commission.kind === "fixed" ? splitEvenly(fixedCommissionForMonth(property.commission.yearlyHalalas, input.month), Math.max(property.units.length, 1)) : [];
    property.units.forEach((unit, index) => {
      const collected = collectedByUnit.get(unit.id) ?? 0;
      lines.push({
        unitId: unit.id,
        unitLabel: unit.label,
        propertyName: property.name,
        collectedHalalas: collected,
        expensesHalalas: sum(charges.filter((charge) => charge.unitId === unit.id).map((charge) => charge.amountHalalas)),
        commissionHalalas: property.commission.kind === "percent" ? percentOf(collected, property.commission.basisPoints) : (fixedShares[index] ?? 0),
      });
    });
    const unitIds = new Set(property.units.map((unit) => unit.id));
    const wholeProperty = charges.filter((charge) => charge.unitId === null || !unitIds.has(charge.unitId));
    // A property with no unit yet still owes its fixed commission: on its own line.
    const unplacedCommission = property.units.length === 0 ? (fixedShares[0] ?? 0) : 0;
    if (wholeProperty.length || unplacedCommission) {
      lines.push({
        unitId: WHOLE_PROPERTY_UNIT_ID,
        unitLabel: WHOLE_PROPERTY_LABEL,
        propertyName: property.name,
        collectedHalalas: 0,
        expensesHalalas: sum(wholeProperty.map((charge) => charge.amountHalalas)),
        commissionHalalas: unplacedCommission,
      });
    }
  }
  const collectedHalalas = sum(lines.map((line) => line.collectedHalalas));
  const expensesHalalas = sum(lines.map((line) => line.expensesHalalas));
  const commissionHalalas = sum(lines.map((line) => line.commissionHalalas));
  const carriedHalalas = Math.min(0, input.carriedHalalas ?? 0);
  return { collectedHalalas, expensesHalalas, commissionHalalas, carriedHalalas, netHalalas: collectedHalalas - expensesHalalas - commissionHalalas + carriedHalalas, lines };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
