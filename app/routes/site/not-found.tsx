import { data, Link } from "react-router";
import { MESSAGES } from "~/utils/messages.ts";
import type { Route } from "./+types/not-found";

// Any unknown path inside the public site: the 404 page with status 404.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: MESSAGES.notFound }, { name: "robots", content: "noindex" }];

export function NotFoundContent() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-bold text-gold-700" aria-hidden>
        ٤٠٤
      </p>
      <h1 className="text-3xl font-bold text-brand-900">{MESSAGES.notFound}</h1>
      <p className="text-stone-600">ربما نُقلت الصفحة أو أن الرابط غير صحيح.</p>
      <Link to="/" className="rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
        العودة إلى الرئيسية
      </Link>
    </div>
  );
}

export default function NotFound() {
  return <NotFoundContent />;
}
