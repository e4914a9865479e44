import { isRouteErrorResponse } from "react-router";
import { NotFoundContent } from "./not-found-content.tsx";

/**
 * The error boundary of a page whose record may not exist (an offer, a service): the 404 page for
 * a 404; any other error goes on to the layout's boundary.
 */
export function NotFoundBoundary({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}
