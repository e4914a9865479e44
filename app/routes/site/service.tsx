import type { ReactNode } from "react";
import { data } from "react-router";
import { NotFoundBoundary } from "~/components/layout/not-found-content.tsx";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { ArrowLink } from "~/components/ui/links.tsx";
import { CheckIcon } from "~/components/ui/icons.tsx";
import { ServiceArtwork } from "~/modules/services/components/service-artwork.tsx";
import { ServiceCard } from "~/modules/services/components/service-card.tsx";
import { findService, SERVICES, serviceArtwork } from "~/modules/services/services.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { MESSAGES } from "~/utils/messages.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta } from "~/utils/meta.ts";
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

/** A part of the page under its own heading, which names it. */
function PageSection({
  id,
  title,
  titleClassName = "text-2xl font-bold text-brand-900 sm:text-3xl",
  children,
}: {
  id: string;
  title: string;
  titleClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-14">
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One of the service's items or steps: its mark (a tick, the step's number), its title and its text. */
function Point({
  item,
  mark,
  markHidden,
  className,
  markClassName,
  textClassName,
}: {
  item: { title: string; text: string };
  mark: ReactNode;
  /** The mark says nothing a screen reader needs (the list already numbers its steps). */
  markHidden?: boolean;
  className: string;
  markClassName: string;
  textClassName: string;
}) {
  return (
    <li className={className}>
      <span aria-hidden={markHidden || undefined} className={markClassName}>
        {mark}
      </span>
      <div>
        <h3 className="text-lg font-bold text-brand-800">{item.title}</h3>
        <p className={`mt-1 leading-7 ${textClassName}`}>{item.text}</p>
      </div>
    </li>
  );
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, artwork, others } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "خدماتنا", to: "/services" }, { label: service.title }]} />

      <section aria-labelledby="service-title" className="relative isolate mt-4 overflow-hidden rounded-3xl bg-brand-900">
        <ServiceArtwork
          artwork={artwork}
          alt={service.artworkAlt}
          sizes="(min-width: 1280px) 1248px, calc(100vw - 2rem)"
          fetchPriority="high"
          loading="eager"
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
        <ArrowLink to={service.cta.to} className="mt-5 inline-flex items-center gap-2 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          {service.cta.label}
        </ArrowLink>
      </div>

      <PageSection id="service-items" title={service.itemsTitle}>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {service.items.map((item) => (
            <Point
              key={item.title}
              item={item}
              mark={<CheckIcon className="size-6" />}
              className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
              markClassName="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
              textClassName="text-stone-600"
            />
          ))}
        </ul>
      </PageSection>

      <PageSection id="service-steps" title={service.stepsTitle}>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-none lg:auto-cols-fr lg:grid-flow-col">
          {service.steps.map((step, i) => (
            <Point
              key={step.title}
              item={step}
              mark={formatNumberArabic(i + 1)}
              markHidden
              className="flex gap-4 rounded-2xl bg-sand-100 p-5 ring-1 ring-sand-200 lg:flex-col lg:gap-3"
              markClassName="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-400 text-lg font-bold text-brand-900"
              textClassName="text-stone-700"
            />
          ))}
        </ol>
      </PageSection>

      <section
        aria-labelledby="service-cta"
        className="mt-14 flex flex-col items-start gap-5 rounded-3xl bg-brand-900 p-6 text-white sm:p-10 lg:flex-row lg:items-center lg:justify-between"
      >
        <div className="max-w-2xl">
          <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
            {service.cta.title}
          </h2>
          <p className="mt-2 text-lg leading-9 text-brand-100">{service.cta.text}</p>
        </div>
        <ArrowLink to={service.cta.to} className="flex shrink-0 items-center gap-2 rounded-xl bg-gold-400 px-6 py-3 font-bold text-brand-900 shadow-lg hover:bg-gold-300">
          {service.cta.label}
        </ArrowLink>
      </section>

      <PageSection id="other-services" title="خدمات أخرى" titleClassName="text-2xl font-bold text-brand-900">
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((other) => (
            <li key={other.slug}>
              <ServiceCard service={other} headingLevel={3} sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundBoundary error={error} />;
}
