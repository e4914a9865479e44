import type { ReactNode } from "react";

/** A titled card of a back-office page (a form, a list): a region named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
