import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { ArrowLink, ContactOutlineLink } from "~/components/ui/links.tsx";
import { ImageGallery } from "~/modules/content/components/image-gallery.tsx";
import { parseImageList } from "~/modules/content/image-list.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { servicesContext } from "~/context.ts";
import { getPageContent } from "~/modules/content/content.server.ts";
import { pageMeta, shortDescription } from "~/utils/meta.ts";
import type { Route } from "./+types/about";

// All of this page is editable site content.
const ABOUT_KEYS = [
  "about_main_title",
  "about_section1_title",
  "about_section1_p1",
  "about_section1_p2",
  "about_section1_images",
  "about_section2_title",
  "about_section2_p1",
  "about_section2_images",
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  return { content: await getPageContent(context.get(servicesContext).db, ABOUT_KEYS) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ site, title: loaderData?.content.about_main_title ?? "", description: shortDescription(loaderData?.content.about_section1_p1 ?? ""), path: "/about" });
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  const sections = [
    {
      id: "about-section-1",
      title: content.about_section1_title,
      paragraphs: [content.about_section1_p1, content.about_section1_p2],
      images: parseImageList(content.about_section1_images),
    },
    {
      id: "about-section-2",
      title: content.about_section2_title,
      paragraphs: [content.about_section2_p1],
      images: parseImageList(content.about_section2_images),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: content.about_main_title }]} />
      <h1 className="mt-3 text-3xl font-bold text-brand-900 sm:text-4xl">{content.about_main_title}</h1>

      <div className="mt-8 grid gap-14 sm:mt-10 lg:gap-20">
        {sections.map((section, i) => (
          <section key={section.id} aria-labelledby={section.id} className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
            <div className={section.images.length > 0 ? (i % 2 === 1 ? "lg:order-2" : "") : "max-w-4xl lg:col-span-2"}>
              <h2 id={section.id} className="text-2xl font-bold text-brand-900 sm:text-3xl">
                {section.title}
              </h2>
              <span aria-hidden className="mt-3 block h-1 w-16 rounded-full bg-gold-500" />
              {section.paragraphs
                .filter((text) => text.trim())
                .map((text, j) => (
                  <p key={j} className="mt-4 text-lg leading-9 whitespace-pre-line text-stone-700">
                    {text}
                  </p>
                ))}
            </div>
            <ImageGallery urls={section.images} label={section.title} />
          </section>
        ))}
      </div>

      <aside
        aria-labelledby="about-next"
        className="mt-16 flex flex-col items-start gap-4 rounded-3xl bg-brand-900 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10"
      >
        <div>
          <h2 id="about-next" className="text-2xl font-bold">
            كيف نخدمك؟
          </h2>
          <p className="mt-2 leading-8 text-brand-100">تعرّف على خدماتنا في إدارة الأملاك والتسويق والتقييم والتطوير، أو تحدّث إلينا مباشرة.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ArrowLink to="/services" className="flex items-center gap-2 rounded-xl bg-gold-400 px-5 py-3 font-bold text-brand-900 hover:bg-gold-300">
            خدماتنا
          </ArrowLink>
          <ContactOutlineLink className="px-5 py-3" />
        </div>
      </aside>
    </div>
  );
}
