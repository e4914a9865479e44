import { createContext, createElement, useContext, type HTMLAttributes, type ReactNode } from "react";

/**
 * On the server, the markup of a part of a page made once and kept (entry.server.tsx provides it:
 * kept-markup.server.ts); absent in the browser, where the part is rendered and hydrated as usual.
 */
export const KeptMarkupContext = createContext<((key: string, children: ReactNode) => string) | null>(null);

type KeptProps = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | number | undefined };

/**
 * An element whose content is the same for every visitor while `keptKey` is the same (an offer's
 * card: its data is its key). The server writes the content's kept markup into the element; the
 * browser renders the content itself and hydrates it against that markup, which is what the
 * content renders (decision 028). `keptKey` null: rendered as usual (content that asks React to
 * put something in the page's head, such as a preloaded photo, must be: a second render's head is
 * its own).
 */
export function KeptMarkup({ as, keptKey, children, ...props }: { as: "article" | "div" | "ul"; keptKey: string | null; children: ReactNode } & KeptProps) {
  const keep = useContext(KeptMarkupContext);
  if (keep && keptKey !== null) return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: keep(keptKey, children) } });
  return createElement(as, props, children);
}
