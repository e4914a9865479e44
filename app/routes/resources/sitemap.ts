import { servicesContext } from "~/context.ts";
import { listOfferSitemapEntries } from "~/modules/offers/offers.server.ts";
import type { Route } from "./+types/sitemap";

const PUBLIC_PATHS = [
  "/",
  "/offers",
  "/about",
  "/services",
  "/services/property-management",
  "/services/marketing-brokerage",
  "/services/valuation",
  "/services/development",
  "/licenses",
  "/contact",
  "/list-your-property",
];

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const offers = await listOfferSitemapEntries(db);
  const urls = [
    ...PUBLIC_PATHS.map((p) => `<url><loc>${escapeXml(env.PUBLIC_URL + p)}</loc></url>`),
    ...offers.map((o) => `<url><loc>${escapeXml(`${env.PUBLIC_URL}/offer/${o.id}`)}</loc><lastmod>${o.updatedAt.toISOString()}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
