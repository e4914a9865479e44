import type { ReactNode } from "react";
import { formatDateTimeArabic } from "~/utils/format.ts";

/** One "label: value" line of a back-office card. */
export function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`flex gap-2 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-stone-600">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** How to reach a person who wrote to the firm, and when they did: phone as a call link, e-mail if any. */
export function ContactFacts({ phone, email, at }: { phone: string; email: string; at: string }) {
  return (
    <>
      <Fact label="الهاتف">
        <a href={`tel:${phone}`} dir="ltr" className="font-bold text-brand-800 underline">
          {phone}
        </a>
      </Fact>
      {email ? (
        <Fact label="البريد">
          <a href={`mailto:${email}`} dir="ltr" className="text-brand-800 underline">
            {email}
          </a>
        </Fact>
      ) : null}
      <Fact label="التاريخ">
        <time dateTime={at}>{formatDateTimeArabic(at)}</time>
      </Fact>
    </>
  );
}

/** "Last action: … by … at …" from the audit log. */
export function LastAction({ entry, labels }: { entry: { action: string; actorName: string; at: string } | null; labels: Record<string, string> }) {
  if (!entry) return null;
  return (
    <p className="text-sm text-stone-500">
      آخر إجراء: {labels[entry.action] ?? entry.action} بواسطة <bdi>{entry.actorName}</bdi> في {formatDateTimeArabic(entry.at)}
    </p>
  );
}
