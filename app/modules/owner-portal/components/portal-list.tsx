import type { ReactNode } from "react";
import { unitTitle } from "~/modules/property-management/index.ts";

/**
 * One of the portal's list pages (leases ending, maintenance, marketed units): its heading, the
 * line that says what it holds, and a card a unit; `empty`: what it says when it holds none
 * (nothing where the line above already says «لا توجد …»).
 */
export function PortalList<Item>({
  title,
  intro,
  items,
  itemKey,
  itemTestId,
  empty,
  children,
}: {
  title: string;
  intro: ReactNode;
  items: Item[];
  itemKey: (item: Item) => number;
  itemTestId?: string;
  empty?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      <p className="text-stone-700">{intro}</p>
      {items.length ? (
        <ul className="grid gap-3">
          {items.map((item) => (
            <li key={itemKey(item)} className="grid gap-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid={itemTestId}>
              {children(item)}
            </li>
          ))}
        </ul>
      ) : empty ? (
        <p className="rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">{empty}</p>
      ) : null}
    </>
  );
}

/** A card's first line: the property and the unit. */
export function PortalUnitHeading({ propertyName, unitLabel }: { propertyName: string; unitLabel: string }) {
  return (
    <p className="font-bold text-brand-900">
      <bdi>{propertyName}</bdi> · {unitTitle(unitLabel)}
    </p>
  );
}
