import { Link } from "react-router";
import { formatDigitsArabic } from "~/utils/format.ts";
import { KeptMarkup } from "~/framework/kept-markup.tsx";
import { markupAttributes, useServerMarkup } from "~/framework/server-markup.tsx";
import { FOOTER_LINKS, SERVICE_LINKS } from "./nav-links.ts";

/** A column of the footer: a titled list of links, named by its title. */
function LinkList({ title, links }: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-lg font-bold text-gold-300">{title}</h2>
      {/* The same on every page: its server markup is made once (kept-markup.tsx). */}
      <KeptMarkup as="ul" className="grid gap-2" keptKey={`footer ${title}`}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-gold-300">
              {link.label}
            </Link>
          </li>
        ))}
      </KeptMarkup>
    </nav>
  );
}

/**
 * `contactsHtml`: the firm's details (phone, address, licence numbers…) as markup the server built
 * from the settings, so the browser loads no code for them; "" when there are none, null when the
 * page it was served in holds it (server-markup.tsx).
 */
export function SiteFooter({
  companyName,
  aboutTitle,
  aboutText,
  contactsHtml: given,
}: {
  companyName: string;
  aboutTitle: string;
  aboutText: string;
  contactsHtml: string | null;
}) {
  const contactsHtml = useServerMarkup("site.firmFooterHtml", given);
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className={`mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-3 ${contactsHtml ? "lg:grid-cols-4" : ""}`}>
        <section>
          <h2 className="mb-3 text-lg font-bold text-gold-300">{aboutTitle}</h2>
          <p className="leading-8 text-brand-100">{aboutText}</p>
        </section>
        <LinkList title="روابط سريعة" links={FOOTER_LINKS} />
        <LinkList title="خدماتنا" links={SERVICE_LINKS} />
        {contactsHtml ? <div {...markupAttributes("site.firmFooterHtml", contactsHtml)} /> : null}
      </div>
      <div className="border-t border-brand-800 py-4 text-center text-sm text-brand-100">
        © {formatDigitsArabic(new Date().getFullYear())} {companyName}. جميع الحقوق {/* The staff entrance: the word 'محفوظة' leads to /login. */}
        <Link to="/login" rel="nofollow" className="text-brand-100 no-underline hover:text-brand-100">
          محفوظة
        </Link>
        .
      </div>
    </footer>
  );
}
