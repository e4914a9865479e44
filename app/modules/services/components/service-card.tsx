import { Link } from "react-router";
import { ChevronEndIcon } from "~/components/ui/icons.tsx";
import { ServiceArtwork, type ServiceArtworkData } from "./service-artwork.tsx";

export interface ServiceCardData {
  slug: string;
  title: string;
  summary: string;
  artwork: ServiceArtworkData;
}

/** A service with its artwork; the whole card leads to the service page (the title is the link). */
export function ServiceCard({
  service,
  headingLevel = 2,
  eager = false,
  sizes = "(min-width: 1280px) 620px, (min-width: 640px) 50vw, 100vw",
}: {
  service: ServiceCardData;
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** The card's width, for the artwork's srcset. */
  sizes?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:-translate-y-1 hover:shadow-lg hover:ring-brand-600">
      <div className="aspect-[16/9] overflow-hidden bg-sand-200">
        <ServiceArtwork
          artwork={service.artwork}
          alt=""
          sizes={sizes}
          loading={eager ? "eager" : "lazy"}
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-xl font-bold text-brand-900">
          <Link to={`/services/${service.slug}`} className="after:absolute after:inset-0">
            {service.title}
          </Link>
        </Heading>
        <p className="leading-8 text-stone-600">{service.summary}</p>
        <span aria-hidden className="mt-auto flex items-center gap-1 pt-2 font-bold text-brand-700 group-hover:text-brand-800">
          تفاصيل الخدمة
          <ChevronEndIcon className="size-5" />
        </span>
      </div>
    </article>
  );
}
