import type { ReactNode } from "react";
import { Link } from "react-router";
import { compareFigures, type Change } from "../report-view.ts";

/** Whether a rise is good news (more inquiries), bad news (later replies) or neither (the colour only; the words say the change). */
export type Better = "higher" | "lower" | "neither";

const ARROWS: Record<Change["direction"], string> = { up: "▲", down: "▼", same: "■", new: "●", none: "–" };

/** The colour of a change (app.css `.change-text`): good or bad news, or neither. */
function tone(change: Change, better: Better): "good" | "bad" | "neutral" {
  if (better === "neither" || change.direction === "same" || change.direction === "none" || change.direction === "new") return "neutral";
  const good = (change.direction === "up") === (better === "higher");
  return good ? "good" : "bad";
}

/** The change from the previous period: an arrow and the words ("ارتفاع ١٢٪"); the colour only repeats them. */
export function ChangeText({ current, previous, better = "higher" }: { current: number | null; previous: number | null; better?: Better }) {
  const change = compareFigures(current, previous);
  return (
    <span className="change-text" data-tone={tone(change, better)} data-change={change.direction}>
      <span aria-hidden="true">{ARROWS[change.direction]}</span>
      {change.text}
    </span>
  );
}

/**
 * A figure of the period beside the previous period's (`figure`), both written by `format`; the
 * change between them is shown as FigureCard shows it.
 */
export function ComparedFigure<Value extends number | null>({
  figure,
  format,
  ...card
}: { figure: { current: Value; previous: Value }; format: (value: Value) => string } & Omit<Parameters<typeof FigureCard>[0], "value" | "previousText" | "current" | "previous">) {
  return <FigureCard {...card} value={format(figure.current)} previousText={format(figure.previous)} current={figure.current} previous={figure.previous} />;
}

/**
 * A figure of the period: its label, its value, and under it the previous period's value with the
 * change. `previousText` is the previous value as shown (null: the figure is "now" and has none).
 */
export function FigureCard({
  label,
  value,
  previousText,
  current,
  previous,
  better = "higher",
  note,
  testId,
  to,
}: {
  label: string;
  value: ReactNode;
  previousText?: string | null;
  current?: number | null;
  previous?: number | null;
  better?: Better;
  note?: ReactNode;
  testId?: string;
  /** The list of what the figure counts: the label links to it (the whole card is its target). */
  to?: string;
}) {
  return (
    <div
      className="relative rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 has-[a:hover]:bg-brand-50/60 has-[a:hover]:ring-brand-300 print:shadow-none print:break-inside-avoid"
      data-testid={testId}
    >
      <dt className="text-stone-600">
        {to ? (
          <Link to={to} className="font-bold text-brand-800 underline-offset-4 after:absolute after:inset-0 after:rounded-2xl hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-1 grid gap-1">
        <span className="text-xl font-bold text-brand-900 sm:text-2xl" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </span>
        {previousText !== undefined && previousText !== null ? (
          <span className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
            <span>الفترة السابقة: {previousText}</span>
            <ChangeText current={current ?? null} previous={previous ?? null} better={better} />
          </span>
        ) : null}
        {note ? <span className="text-sm text-stone-600">{note}</span> : null}
      </dd>
    </div>
  );
}

/** A grid of figure cards (a description list). */
export function FigureGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-3 xl:grid-cols-4 print:grid-cols-4">{children}</dl>;
}

/** A titled section of the report; printed from a new page (but the first). */
export function ReportSection({ id, title, intro, children, first = false }: { id: string; title: string; intro?: ReactNode; children: ReactNode; first?: boolean }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`grid gap-4 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200 sm:p-5 print:bg-white print:p-0 print:ring-0 ${first ? "" : "print:break-before-page"}`}
      id={id}
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-xl font-bold text-brand-900">
          {title}
        </h2>
        {intro ? <p className="text-sm leading-6 text-stone-600">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A sub-heading inside a section, with an optional line under it. */
export function SubHeading({ children, note }: { children: ReactNode; note?: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <h3 className="font-bold text-stone-800">{children}</h3>
      {note ? <p className="text-sm text-stone-600">{note}</p> : null}
    </div>
  );
}
