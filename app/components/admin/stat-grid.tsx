import { Link } from "react-router";
import { formatNumberArabic } from "~/utils/format.ts";

/** One figure of a dashboard; `to` opens the list it counts (the whole card is the link's target). */
export interface Stat {
  label: string;
  value: number;
  to: string;
}

/** A dashboard's figures as cards: the label, the number, and the link to the list it counts (every figure has one). Two a row on a phone, so the figures are seen together and not one a screen. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {stats.map((stat) => (
        <div
          key={stat.label}
          className="relative rounded-2xl bg-white p-4 shadow-sm sm:p-5 ring-1 ring-stone-200 has-[a:hover]:bg-brand-50/60 has-[a:hover]:ring-brand-300"
          data-testid="stat"
        >
          <dt className="text-stone-600">
            <Link to={stat.to} className="font-bold text-brand-800 underline-offset-4 after:absolute after:inset-0 after:rounded-2xl hover:underline">
              {stat.label}
            </Link>
          </dt>
          <dd className="mt-1 text-2xl font-bold sm:text-3xl text-brand-900">{formatNumberArabic(stat.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
