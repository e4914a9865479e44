import { Link } from "react-router";
import { ArrowLink, ContactOutlineLink } from "~/components/ui/links.tsx";
import { HeroImage } from "~/components/ui/hero-image.tsx";
import { WhatsappLink } from "~/components/ui/whatsapp-link.tsx";
import { ChartIcon, HomeIcon, HouseSearchIcon, KeyIcon, MegaphoneIcon, SearchIcon, WhatsappIcon } from "~/components/ui/icons.tsx";
import { servicesContext } from "~/context.ts";
import { OWNER_LINK } from "~/components/layout/nav-links.ts";
import { useSiteData } from "~/modules/content/site-meta.ts";
import { FilterBar } from "~/modules/offers/components/filter-bar.tsx";
import { offerFilterChoices } from "~/modules/offers/filter-view.server.ts";
import { OfferCard } from "~/modules/offers/components/offer-card.tsx";
import { listOffers } from "~/modules/offers/offers.server.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { getPageContent } from "~/modules/content/content.server.ts";
import { storedImageOf } from "~/modules/content/stored-image.server.ts";
import { pageMeta } from "~/utils/meta.ts";
import { useLiveOffers } from "~/modules/offers/components/use-live-offers.ts";
import type { Route } from "./+types/home";

/** The home page shows 3 offers. */
const HOME_OFFER_COUNT = 3;

const QUICK_REQUESTS = [
  {
    title: "تسويق عقار",
    text: "اعرض عقارك على آلاف الباحثين مع تصوير احترافي وخطة تسويق مدروسة.",
    message: "السلام عليكم، أرغب في تسويق عقاري عن طريقكم.",
    icon: MegaphoneIcon,
  },
  {
    title: "تأجير عقار",
    text: "نجد لك المستأجر المناسب ونتولى العقود والتحصيل بكل احترافية.",
    message: "السلام عليكم، أرغب في تأجير عقاري عن طريقكم.",
    icon: KeyIcon,
  },
  {
    title: "دراسة إدارة عقار",
    text: "احصل على دراسة جدوى مجانية لإدارة عقارك ورفع عوائده.",
    message: "السلام عليكم، أرغب في الحصول على دراسة لإدارة عقاري.",
    icon: ChartIcon,
  },
  {
    title: "البحث عن عقار",
    text: "أخبرنا بما تبحث عنه وسنرشح لك أنسب الخيارات المتاحة.",
    message: "السلام عليكم، أبحث عن عقار وأرغب في مساعدتكم في إيجاد الخيار المناسب.",
    icon: HouseSearchIcon,
  },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [featured, choices, content] = await Promise.all([
    listOffers(db, { page: 1 }, HOME_OFFER_COUNT),
    offerFilterChoices(db),
    getPageContent(db, ["marquee_texts", "home_hero_title", "home_hero_subtitle", "home_hero_image", "home_featured_title", "home_featured_subtitle"]),
  ]);
  // The hero is the page's largest paint: its AVIF files, when it is a stored photo (decision 019).
  const hero = await storedImageOf(db, content.home_hero_image);
  return { offers: featured.offers, cities: choices.cities, propertyTypes: choices.propertyTypes, statuses: choices.statuses, hero, content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  // The firm itself (schema.org RealEstateAgent) for search engines, here and on /contact.
  return [
    ...pageMeta({ site, title: loaderData?.content.home_hero_title ?? "", description: loaderData?.content.home_hero_subtitle ?? "", path: "/" }),
    { "script:ld+json": site.firmJsonLd },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  useLiveOffers();
  const { content } = loaderData;
  const { companyWhatsapp } = useSiteData();
  const marquee = content.marquee_texts
    .split("|")
    .map((text) => text.trim())
    .filter(Boolean);

  return (
    <>
      {marquee.length > 0 && (
        <div className="overflow-hidden bg-gold-400 py-2 text-sm font-bold text-brand-900" aria-label="إعلانات">
          <div className="animate-marquee flex w-max gap-12 whitespace-nowrap">
            {[...marquee, ...marquee].map((text, i) => (
              <span key={i} aria-hidden={i >= marquee.length} className="flex items-center gap-12">
                {text}
                <span aria-hidden className="text-brand-700">
                  ◆
                </span>
              </span>
            ))}
          </div>
        </div>
      )}

      <section className="relative isolate overflow-hidden bg-brand-900">
        <HeroImage url={content.home_hero_image} image={loaderData.hero} />
        <div className="absolute inset-0 bg-gradient-to-l from-brand-900/90 via-brand-900/60 to-brand-900/20" aria-hidden />
        <div className="relative mx-auto flex min-h-[68vh] max-w-7xl flex-col justify-center gap-5 px-4 py-20 text-white sm:min-h-[560px]">
          <h1 className="max-w-3xl text-4xl leading-tight font-bold sm:text-5xl">{content.home_hero_title}</h1>
          <p className="max-w-2xl text-lg leading-9 text-brand-50 sm:text-xl">{content.home_hero_subtitle}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/offers" className="flex items-center gap-2 rounded-xl bg-gold-400 px-6 py-3 font-bold text-brand-900 shadow-lg hover:bg-gold-300">
              <SearchIcon className="size-5" />
              تصفح العروض
            </Link>
            <ContactOutlineLink className="px-6 py-3" />
          </div>
        </div>
      </section>

      <section aria-labelledby="quick-requests" className="relative z-10 mx-auto -mt-12 max-w-7xl px-4">
        <h2 id="quick-requests" className="sr-only">
          طلبات سريعة عبر واتساب
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_REQUESTS.map((card) => (
            <li key={card.title}>
              <WhatsappLink
                number={companyWhatsapp}
                message={card.message}
                className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-stone-200 transition hover:-translate-y-1 hover:ring-brand-600"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <card.icon className="size-7" />
                </span>
                <span className="text-lg font-bold text-brand-800">{card.title}</span>
                <span className="text-sm leading-7 text-stone-600">{card.text}</span>
                <span className="mt-auto flex items-center gap-1 pt-2 text-sm font-bold text-[#15803d]">
                  <WhatsappIcon className="size-5" />
                  اطلب عبر واتساب
                </span>
              </WhatsappLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="owners-title" className="mx-auto max-w-7xl px-4 pt-12">
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 id="owners-title" className="text-2xl font-bold text-brand-900">
              تملك عقارًا؟
            </h2>
            <p className="mt-2 leading-8 text-stone-700">أرسل لنا بيانات عقارك وصوره، واختر ما تريده له: بيع أو تأجير أو إدارة، وسيتواصل معك فريقنا.</p>
          </div>
          <ArrowLink to={OWNER_LINK.to} className="flex shrink-0 items-center gap-2 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
            {OWNER_LINK.label}
          </ArrowLink>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 pt-16">
        <div className="mb-6 text-center">
          <h2 id="featured-title" className="text-3xl font-bold text-brand-900">
            {content.home_featured_title}
          </h2>
          <p className="mt-2 text-lg text-stone-600">{content.home_featured_subtitle}</p>
        </div>
        <FilterBar cities={loaderData.cities} propertyTypes={loaderData.propertyTypes} statuses={loaderData.statuses} idPrefix="home-filters" />
        {loaderData.offers.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.offers.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-8 flex items-center justify-center gap-2 text-stone-600">
            <HomeIcon /> لا توجد عروض حاليًا
          </p>
        )}
        <div className="mt-8 text-center">
          <ArrowLink to="/offers" className="inline-flex items-center gap-2 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
            المزيد من العروض
          </ArrowLink>
        </div>
      </section>
    </>
  );
}
