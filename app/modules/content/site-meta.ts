import { useRouteLoaderData } from "react-router";
import type { SiteContent } from "./defaults.ts";

/** The public layout's route id (app/routes.ts): its loader's data is every public page's. */
const SITE_LAYOUT_ID = "routes/site/layout";

/** What the public layout's loader gives every public page: site content and the firm's numbers. */
export interface SiteData {
  /** The footer's texts (each page reads its own: decision 028). */
  content: Pick<SiteContent, "footer_about_title" | "footer_about_text">;
  companyName: string;
  companyWhatsapp: string;
  publicUrl: string;
  /** The firm's public details (settings) as markup the server built for the footer; "" when none is given, null in a document's data (server-markup.tsx). */
  firmFooterHtml: string | null;
  /** The firm as a schema.org RealEstateAgent: the JSON-LD of the home and contact pages. */
  firmJsonLd: Record<string, unknown>;
}

/** What a page's meta function reads of it (see utils/meta.ts's pageMeta). */
type SiteMatchData = Pick<SiteData, "companyName" | "publicUrl"> & Partial<Pick<SiteData, "firmJsonLd">>;

/** Reads the public layout's data from a meta function's matches. */
export function siteFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteMatchData {
  const data = matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as SiteMatchData | undefined;
  // React Router calls a page's meta only with its parents' data (a layout whose loader failed cuts
  // the matches at its error boundary): a guard, not a page's real names.
  return data ?? { companyName: "", publicUrl: "" };
}

/** Site content and the firm's numbers, for any public page (the public layout's loader data). */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData<SiteData>(SITE_LAYOUT_ID);
  if (!data) throw new Error("useSiteData must be used inside the public layout");
  return data;
}
