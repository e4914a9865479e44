import { useRouteLoaderData } from "react-router";
import { SITE_LAYOUT_ID, type SiteData } from "../site-meta.ts";

/** Site content and the firm's numbers, for any public page (the public layout's loader data). */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData<SiteData>(SITE_LAYOUT_ID);
  if (!data) throw new Error("useSiteData must be used inside the public layout");
  return data;
}
