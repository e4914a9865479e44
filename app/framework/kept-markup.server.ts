import { createElement, use, type Context, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { LRUCache } from "lru-cache";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router";

/** Kept markup by key: a few pages of cards of every list and sort (each about 2 KB). */
const kept = new LRUCache<string, string>({ max: 2000 });

/**
 * The contexts a kept part may read, given again to its own render (a second React root does not
 * see the page's): React Router's, which its links read to write their address.
 */
const CARRIED: Context<unknown>[] = [
  UNSAFE_FrameworkContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_NavigationContext,
  UNSAFE_LocationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
] as Context<unknown>[];

/**
 * The markup of `children`, rendered once per key. Called while the page renders (from
 * `KeptMarkup`), so it reads the page's context values with `use` and gives them to its own render.
 */
export function keptMarkup(key: string, children: ReactNode): string {
  let html = kept.get(key);
  if (html === undefined) {
    let tree = children;
    for (const context of CARRIED) tree = createElement(context.Provider, { value: use(context) }, tree);
    kept.set(key, (html = renderToString(tree)));
  }
  return html;
}
