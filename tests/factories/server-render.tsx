import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { KeptMarkupContext } from "~/framework/kept-markup.tsx";
import { keptMarkup } from "~/framework/kept-markup.server.ts";

/**
 * `page` as the server renders it at `path` (React Router's static router, as a document's render
 * has it), with the server's kept markup (`kept`) or without, as the browser renders it.
 */
export async function serverRender(path: string, page: ReactNode, { kept }: { kept: boolean }): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element: page }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const tree = <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />;
  return renderToString(kept ? <KeptMarkupContext.Provider value={keptMarkup}>{tree}</KeptMarkupContext.Provider> : tree);
}
