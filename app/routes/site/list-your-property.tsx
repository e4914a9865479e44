import { Link } from "react-router";
import { Breadcrumb } from "~/components/ui/breadcrumb.tsx";
import { PageTitle } from "~/components/ui/page-title.tsx";
import { clientAddressContext, servicesContext } from "~/context.ts";
import { listCities, listPropertyTypeChoices } from "~/modules/lookups/lookups.server.ts";
import { SubmissionForm } from "~/modules/submissions/components/submission-form.tsx";
import { handleSubmissionPost } from "~/modules/submissions/submission-post.server.ts";
import { siteFromMatches } from "~/modules/content/site-meta.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { pageMeta } from "~/utils/meta.ts";
import { passRetryAfter } from "~/utils/form-reply.server.ts";
import type { Route } from "./+types/list-your-property";

const TITLE = "اعرض عقارك لدينا";
const INTRO = "أرسل لنا بيانات عقارك وصوره، وسيتواصل معك أحد مستشارينا لدراسة احتياجك وتقديم العرض المناسب لإدارته أو تسويقه وبيعه أو تأجيره.";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [cities, propertyTypes] = await Promise.all([listCities(db), listPropertyTypeChoices(db)]);
  return { cities, propertyTypes };
}

/** The form's post before JavaScript has loaded (with JavaScript it uploads to /api/submissions). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSubmissionPost(context.get(servicesContext), context.get(clientAddressContext), request);
}

/** A limit's Retry-After reaches a post sent without JavaScript too. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ site: siteFromMatches(matches), title: TITLE, description: INTRO, path: "/list-your-property" });

const STEPS = [
  { title: "أرسل بيانات عقارك", text: "املأ النموذج وأرفق صورًا واضحة للعقار." },
  { title: "نراجع طلبك", text: "يدرس فريقنا بيانات العقار وموقعه وأسعار السوق المحيطة." },
  { title: "نتواصل معك", text: "نعرض عليك خطة الإدارة أو التسويق المناسبة ونتفق على التفاصيل." },
] as const;

export default function ListYourProperty({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Breadcrumb items={[{ label: "الرئيسية", to: "/" }, { label: "خدماتنا", to: "/services" }, { label: TITLE }]} />
      <header className="mt-4 mb-6">
        <PageTitle title={TITLE} />
        <p className="mt-3 max-w-3xl text-lg leading-8 text-stone-700">{INTRO}</p>
      </header>
      <ol className="mb-8 grid gap-3 sm:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 font-bold text-white">
              {formatNumberArabic(i + 1)}
            </span>
            <span>
              <span className="block font-bold text-ink">{step.title}</span>
              <span className="text-sm leading-6 text-stone-600">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <SubmissionForm cities={loaderData.cities} propertyTypes={loaderData.propertyTypes} lastResult={actionData} />
      <p className="mt-6 text-sm text-stone-600">
        لديك سؤال قبل الإرسال؟{" "}
        <Link to="/contact" className="font-bold text-brand-700 underline">
          تواصل معنا
        </Link>
      </p>
    </div>
  );
}
