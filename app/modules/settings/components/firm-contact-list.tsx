import { IdentifierText } from "~/components/ui/identifier-text.tsx";

/** One of the firm's public details: a label, and its value (a link where it can be called, mailed or opened). */
export interface FirmContact {
  label: string;
  text: string;
  /** tel:, mailto:, a WhatsApp chat or a map (the last two open in a new tab). */
  href?: string;
  /** An e-mail address: written left to right. */
  ltr?: boolean;
  /** A phone or licence number: shown by IdentifierText, its groups in order. */
  identifier?: boolean;
}

const PLACES = {
  footer: { section: "", heading: "mb-3 text-lg font-bold text-gold-300", list: "grid gap-3 text-brand-100", title: "تواصل معنا", id: undefined },
  contact: {
    section: "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200",
    heading: "mb-3 text-xl font-bold text-brand-900",
    list: "grid gap-4 text-ink sm:grid-cols-2",
    title: "بيانات التواصل",
    id: "firm-contacts",
  },
} as const;

/**
 * The firm's details as the footer and the contact page show them. Rendered on the server only
 * (firm-details.server.tsx makes markup of it): the public pages load no code for it.
 */
export function FirmContactList({ contacts, place }: { contacts: readonly FirmContact[]; place: keyof typeof PLACES }) {
  const look = PLACES[place];
  return (
    <section aria-labelledby={look.id} className={look.section || undefined}>
      <h2 id={look.id} className={look.heading}>
        {look.title}
      </h2>
      <dl className={look.list}>
        {contacts.map(({ label, text, href, ltr, identifier }) => (
          <div key={label}>
            <dt className="text-sm opacity-75">{label}</dt>
            <dd className="font-bold break-words">
              {/* An inline element with dir: a number reads left to right, the line stays aligned right. */}
              {href ? (
                <a
                  href={href}
                  dir={ltr ? "ltr" : undefined}
                  {...(href.startsWith("https:") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="underline decoration-1 underline-offset-4"
                >
                  {identifier ? <IdentifierText value={text} /> : text}
                </a>
              ) : identifier ? (
                <IdentifierText value={text} />
              ) : (
                <span dir={ltr ? "ltr" : undefined}>{text}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
