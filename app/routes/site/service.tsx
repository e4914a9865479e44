import { data, isRouteErrorResponse, Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { CheckIcon, ChevronEndIcon } from "~/components/ui/icons.tsx";
import { ServiceCard } from "~/modules/services/components/service-card.tsx";
import { findService, SERVICES, serviceArtwork } from "~/modules/services/services.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
import { NotFoundContent } from "./not-found.tsx";
import type { Route } from "./+types/service";

// One module for the four service pages; the copy travels as loader data (services.ts stays out of the page's JavaScript).
export function loader({ params }: Route.LoaderArgs) {
  const service = findService(params.slug);
  if (!service) throw data(null, { status: 404 });
  const others = SERVICES.filter((s) => s.slug !== service.slug).map(({ slug, title, summary }) => ({ slug, title, summary, artwork: serviceArtwork(slug) }));
  return { service, artwork: serviceArtwork(service.slug), others };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: MESSAGES.notFound }, { name: "robots", content: "noindex" }];
  const { service, artwork } = loaderData;
  return pageMeta({
    site: siteFromMatches(matches),
    title: service.title,
    description: service.summary,
    path: `/services/${service.slug}`,
    image: { url: artwork.largest, width: artwork.width, height: artwork.height, alt: service.artworkAlt },
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, artwork, others } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "خدماتنا", to: "/services" }, { label: service.title }]} />

      <section aria-labelledby="service-title" className="relative isolate mt-4 overflow-hidden rounded-3xl bg-brand-900">
        <img
          src={artwork.src}
          srcSet={artwork.srcSet}
          sizes="(min-width: 1280px) 1248px, calc(100vw - 2rem)"
          width={artwork.width}
          height={artwork.height}
          alt={service.artworkAlt}
          fetchPriority="high"
          loading="eager"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-t from-brand-900/95 via-brand-900/55 to-brand-900/5" />
        <div className="flex aspect-[4/3] flex-col justify-end gap-2 p-5 text-white sm:aspect-[2/1] sm:p-10 lg:aspect-[5/2]">
          <p className="font-bold text-gold-300">خدماتنا</p>
          <h1 id="service-title" className="text-3xl leading-tight font-bold sm:text-5xl">
            {service.title}
          </h1>
        </div>
      </section>

      <div className="mt-8 max-w-4xl">
        <p className="text-lg leading-9 text-stone-700 sm:text-xl sm:leading-10">{service.intro}</p>
        <Link to={service.cta.to} className="mt-5 inline-flex items-center gap-2 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          {service.cta.label}
          <ChevronEndIcon className="size-5" />
        </Link>
      </div>

      <section aria-labelledby="service-items" className="mt-14">
        <h2 id="service-items" className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {service.itemsTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {service.items.map((item) => (
            <li key={item.title} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <CheckIcon className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-brand-800">{item.title}</h3>
                <p className="mt-1 leading-7 text-stone-600">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="service-steps" className="mt-14">
        <h2 id="service-steps" className="text-2xl font-bold text-brand-900 sm:text-3xl">
          {service.stepsTitle}
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-none lg:auto-cols-fr lg:grid-flow-col">
          {service.steps.map((step, i) => (
            <li key={step.title} className="flex gap-4 rounded-2xl bg-sand-100 p-5 ring-1 ring-sand-200 lg:flex-col lg:gap-3">
              <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-400 text-lg font-bold text-brand-900">
                {formatNumberArabic(i + 1)}
              </span>
              <div>
                <h3 className="text-lg font-bold text-brand-800">{step.title}</h3>
                <p className="mt-1 leading-7 text-stone-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="service-cta" className="mt-14 flex flex-col items-start gap-5 rounded-3xl bg-brand-900 p-6 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
            {service.cta.title}
          </h2>
          <p className="mt-2 text-lg leading-9 text-brand-100">{service.cta.text}</p>
        </div>
        <Link to={service.cta.to} className="flex shrink-0 items-center gap-2 rounded-xl bg-gold-400 px-6 py-3 font-bold text-brand-900 shadow-lg hover:bg-gold-300">
          {service.cta.label}
          <ChevronEndIcon className="size-5" />
        </Link>
      </section>

      <section aria-labelledby="other-services" className="mt-14">
        <h2 id="other-services" className="text-2xl font-bold text-brand-900">
          خدمات أخرى
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((other) => (
            <li key={other.slug}>
              <ServiceCard service={other} headingLevel={3} sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}
