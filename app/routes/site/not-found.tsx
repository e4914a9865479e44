import { data } from "react-router";
import { NotFoundContent } from "~/components/layout/not-found-content.tsx";
import { MESSAGES } from "~/utils/messages.ts";
import type { Route } from "./+types/not-found";

// Any unknown path inside the public site: the 404 page with status 404.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: MESSAGES.notFound }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundContent />;
}
