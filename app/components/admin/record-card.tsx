import { useId, type ReactNode } from "react";
import { formatDateTimeArabic } from "~/utils/format.ts";
import { adminCardClass } from "./styles.ts";
import { IdentifierText } from "~/components/ui/identifier-text.tsx";
import { dialablePhone, formatPhoneForReading } from "~/utils/phone.ts";

/**
 * One record of a back-office list (an inquiry, an owner's submission), named by the person who
 * wrote: their name and the record's badges, how to reach them and the record's `facts`, what they
 * wrote (`text`), then the rest (history, photos, actions).
 */
export function RecordCard({
  testId,
  anchor,
  name,
  badges,
  contact,
  facts,
  text,
  children,
}: {
  testId: string;
  /** The element's id, for links to this record (`#anchor`); the phone's sticky bar does not cover it. */
  anchor?: string;
  name: string;
  badges: ReactNode;
  contact: { phone: string; email: string; at: string };
  facts: ReactNode;
  text: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <li id={anchor} className={`${adminCardClass} grid scroll-mt-20 gap-3`} data-testid={testId} aria-labelledby={`${id}-name`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-name`} className="text-lg font-bold text-stone-900">
          <bdi>{name}</bdi>
        </h2>
        {badges}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <ContactFacts {...contact} />
        {facts}
      </dl>
      {text ? (
        <p className="rounded-xl bg-stone-50 p-3 leading-7 whitespace-pre-line">
          <bdi>{text}</bdi>
        </p>
      ) : null}
      {children}
    </li>
  );
}

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
function ContactFacts({ phone, email, at }: { phone: string; email: string; at: string }) {
  return (
    <>
      <Fact label="الهاتف">
        <a href={`tel:${dialablePhone(phone)}`} className="font-bold text-brand-800 underline">
          <IdentifierText value={formatPhoneForReading(phone)} />
        </a>
      </Fact>
      {email ? (
        <Fact label="البريد">
          <a href={`mailto:${email}`} dir="ltr" className="text-brand-800 underline wrap-anywhere">
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
