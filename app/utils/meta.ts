import type { MetaDescriptor } from "react-router";

/** The site a page belongs to: its name (appended to titles) and public address (for absolute URLs). */
interface SiteIdentity {
  companyName: string;
  publicUrl: string;
}

/** Title, description, canonical URL, Open Graph and Twitter card tags for a public page. */
export function pageMeta({
  site,
  title,
  description,
  path,
  image,
  type = "website",
}: {
  site: SiteIdentity;
  title: string;
  description: string;
  path: string;
  image?: { url: string; width: number; height: number; alt: string };
  type?: string;
}): MetaDescriptor[] {
  const url = `${site.publicUrl}${path}`;
  const fullTitle = site.companyName && !title.includes(site.companyName) ? `${title} | ${site.companyName}` : title;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:locale", content: "ar_SA" },
    { property: "og:site_name", content: site.companyName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) {
    const imageUrl = image.url.startsWith("http") ? image.url : `${site.publicUrl}${image.url}`;
    tags.push(
      { property: "og:image", content: imageUrl },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { property: "og:image:alt", content: image.alt },
      { name: "twitter:image", content: imageUrl },
    );
  }
  return tags;
}

/** A meta description from a longer text: at most `max` characters, cut at a word. */
export function shortDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[،,.:؛\s]+$/, "")}…`;
}
