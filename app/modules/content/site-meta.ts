import { SITE_CONTENT_DEFAULTS, type SiteContent } from "./defaults.ts";

/** What the public layout's loader gives every page's meta function (see utils/meta.ts's pageMeta). */
interface SiteMatchData {
  companyName: string;
  publicUrl: string;
  content: SiteContent;
}

/** Reads the public layout's data from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteMatchData {
  const data = matches.find((m) => m?.id === "routes/site/layout")?.loaderData as SiteMatchData | undefined;
  return data ?? { companyName: "", publicUrl: "", content: SITE_CONTENT_DEFAULTS };
}
