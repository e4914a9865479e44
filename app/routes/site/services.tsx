import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { PageTitle } from "~/components/ui/page-title.tsx";
import { HomeIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { useSiteData } from "~/modules/content/site-meta.ts";
import { ServiceCard } from "~/modules/services/components/service-card.tsx";
import { SERVICES, SERVICES_PAGE, serviceArtwork } from "~/modules/services/services.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import type { Route } from "./+types/services";

// The copy travels as loader data, so the service texts stay out of the page's JavaScript.
export function loader() {
  return {
    page: SERVICES_PAGE,
    services: SERVICES.map(({ slug, title, summary }) => ({ slug, title, summary, artwork: serviceArtwork(slug) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.intro ?? "",
    path: "/services",
  });

export default function Services({ loaderData }: Route.ComponentProps) {
  const { page, services } = loaderData;
  const { companyWhatsapp } = useSiteData();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: page.title }]} />
      <header className="mt-3 max-w-3xl">
        <PageTitle title={page.title} rule="start" />
        <p className="mt-4 text-lg leading-9 text-stone-600">{page.intro}</p>
      </header>

      <ul className="mt-8 grid gap-6 sm:grid-cols-2" data-testid="service-cards">
        {services.map((service, i) => (
          <li key={service.slug}>
            <ServiceCard service={service} eager={i < 2} />
          </li>
        ))}
      </ul>

      <section aria-labelledby="feasibility-title" className="mt-14 overflow-hidden rounded-3xl bg-brand-900 text-white">
        <div className="grid gap-8 p-6 sm:p-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-center">
          <div>
            <h2 id="feasibility-title" className="text-2xl font-bold sm:text-3xl">
              {page.feasibilityTitle}
            </h2>
            <p className="mt-3 text-lg leading-9 text-brand-100">{page.feasibilityText}</p>
            <WhatsappLink
              number={companyWhatsapp}
              message={page.feasibilityMessage}
              className="mt-5 inline-flex items-center gap-2 rounded-xl bg-[#15803d] px-6 py-3 font-bold text-white shadow-lg hover:bg-[#166534]"
            >
              <WhatsappIcon className="size-6" />
              {page.feasibilityButton}
            </WhatsappLink>
          </div>
          <div className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/15">
            <p className="leading-8 text-brand-50">{page.listPropertyText}</p>
            <Link to="/list-your-property" className="mt-4 inline-flex items-center gap-2 rounded-xl bg-gold-400 px-5 py-3 font-bold text-brand-900 hover:bg-gold-300">
              <HomeIcon className="size-5" />
              {page.listPropertyButton}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
