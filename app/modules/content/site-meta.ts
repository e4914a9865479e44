import { useRouteLoaderData } from "react-router";
import type { SiteContent } from "./defaults.ts";

/** The public layout's route id (app/routes.ts): its loader's data is every public page's. */
const SITE_LAYOUT_ID = "routes/site/layout";

/** What the public layout's loader gives every public page: site content and the firm's numbers. */
export interface SiteData {
  content: SiteContent;
  companyName: string;
  companyWhatsapp: string;
  publicUrl: string;
  /** The firm's public details (settings) as markup the server built for the footer; "" when none is given. */
  firmFooterHtml: string;
  /** The firm as a schema.org RealEstateAgent: the JSON-LD of the home and contact pages. */
  firmJsonLd: Record<string, unknown>;
}

/** What a page's meta function reads of it (see utils/meta.ts's pageMeta). */
type SiteMatchData = Omit<SiteData, "companyWhatsapp" | "firmFooterHtml" | "firmJsonLd"> & Partial<Pick<SiteData, "firmJsonLd">>;

/**
 * Content with every text empty. React Router calls a page's meta only with its parents' data (a
 * layout whose loader failed cuts the matches at its error boundary), so this is a guard, not a page's
 * real texts; it stands in for SITE_CONTENT_DEFAULTS, which would put every default text (1.5 KiB
 * compressed) in the JavaScript of every public page.
 */
const NO_CONTENT = new Proxy({}, { get: () => "" }) as SiteContent;

/** Reads the public layout's data from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteMatchData {
  const data = matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as SiteMatchData | undefined;
  return data ?? { companyName: "", publicUrl: "", content: NO_CONTENT };
}

/** Site content and the firm's numbers, for any public page (the public layout's loader data). */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData<SiteData>(SITE_LAYOUT_ID);
  if (!data) throw new Error("useSiteData must be used inside the public layout");
  return data;
}
