import { Outlet, useMatches, useNavigation } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer.tsx";
import { SiteHeader } from "~/components/layout/site-header.tsx";
import { WhatsappButton } from "~/components/layout/whatsapp-button.tsx";
import { servicesContext } from "~/context.ts";
import { getPageContent } from "~/modules/content/content.server.ts";
import { COMPANY_NAME } from "~/utils/company.ts";
import type { SiteData } from "~/modules/content/site-meta.ts";
import { firmContactsHtml, firmJsonLd } from "~/modules/settings/firm-details.server.tsx";
import { getSettings } from "~/modules/settings/settings.server.ts";
import { CompareTrayLayer, FavouritesLink, ListsBoot } from "~/modules/visitor-lists/components/list-buttons.tsx";
import { documentMarkup } from "~/framework/server-markup.tsx";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  // The footer's texts only: each page's loader reads its own (decision 028).
  const [content, settings] = await Promise.all([getPageContent(db, ["footer_about_title", "footer_about_text"]), getSettings(db)]);
  const site = { companyName: COMPANY_NAME, publicUrl: env.PUBLIC_URL };
  return {
    ...site,
    content,
    companyWhatsapp: settings.companyWhatsapp,
    // Sent once in a document: in the page, not again in its data (server-markup.tsx).
    ...documentMarkup(request, context, "site", { firmFooterHtml: firmContactsHtml(settings, "footer") }),
    firmJsonLd: firmJsonLd(settings, site),
  } satisfies SiteData;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { content, companyName, companyWhatsapp, firmFooterHtml } = loaderData;
  const navigating = useNavigation().state === "loading";
  // A page's loader may give the floating WhatsApp button its opening line (the offer page: the offer and its link).
  const chat = useMatches().at(-1)?.loaderData as { whatsappMessage?: string } | undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* A thin bar while the next page loads. */}
      <div aria-hidden className={`fixed inset-x-0 top-0 z-50 h-1 origin-right bg-gold-500 transition-transform duration-500 ${navigating ? "scale-x-75" : "scale-x-0"}`} />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        تخطَّ إلى المحتوى
      </a>
      <SiteHeader companyName={companyName} favourites={(inMenu) => <FavouritesLink inMenu={inMenu} />} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter companyName={companyName} aboutTitle={content.footer_about_title} aboutText={content.footer_about_text} contactsHtml={firmFooterHtml} />
      <WhatsappButton number={companyWhatsapp} message={chat?.whatsappMessage} />
      <CompareTrayLayer />
      {/* Last in the layout: it marks the favourites and compare buttons above it before they are painted. */}
      <ListsBoot />
    </div>
  );
}
