import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { PageTitle } from "~/components/ui/page-title.tsx";
import { servicesContext } from "~/context.ts";
import { getPageContent } from "~/modules/content/content.server.ts";
import { LicenceGrid } from "~/modules/firm-licences/components/licence-grid.tsx";
import { listLicences } from "~/modules/firm-licences/licences.server.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { pageMeta, shortDescription } from "~/utils/meta.ts";
import type { Route } from "./+types/licenses";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [licences, content] = await Promise.all([listLicences(db), getPageContent(db, ["licenses_page_title", "licenses_page_subtitle"])]);
  return { licences, content };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: loaderData?.content.licenses_page_title ?? "",
    description: shortDescription(loaderData?.content.licenses_page_subtitle ?? ""),
    path: "/licenses",
  });
};

export default function Licenses({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: content.licenses_page_title }]} />
      <header className="mx-auto mt-6 mb-10 max-w-3xl text-center">
        <PageTitle title={content.licenses_page_title} rule="center" />
        {content.licenses_page_subtitle.trim() && <p className="mt-4 text-lg leading-9 text-stone-600">{content.licenses_page_subtitle}</p>}
      </header>
      {loaderData.licences.length > 0 ? (
        <LicenceGrid licences={loaderData.licences} />
      ) : (
        <div className="rounded-2xl bg-white p-12 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-xl font-bold text-ink">لا توجد تراخيص معروضة حاليًا</p>
          <p className="mt-2 text-stone-600">سنضيف تراخيصنا واعتماداتنا الرسمية هنا قريبًا.</p>
        </div>
      )}
    </div>
  );
}
