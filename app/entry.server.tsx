import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { nonceContext } from "~/context.ts";
import { NonceContext } from "~/utils/nonce.tsx";
import { log } from "~/utils/log.server.ts";
import { ListsBootContext } from "~/modules/visitor-lists/components/list-buttons.tsx";
import { IconSpriteContext } from "~/components/ui/icons.tsx";
import { ICON_SPRITE_HTML } from "~/components/ui/icon-sprite.server.ts";
import { bootVisitorLists } from "~/modules/visitor-lists/lists-boot.ts";
import { documentMarkupOf, ServerMarkupContext } from "~/framework/server-markup.tsx";
import { KeptMarkupContext } from "~/framework/kept-markup.tsx";
import { keptMarkup } from "~/framework/kept-markup.server.ts";

/** The public layout's inline script that marks the visitor's favourites and compare buttons (lists-boot.ts). */
const listsBoot = `(${bootVisitorLists.toString()})();`;

export const streamTimeout = 5_000;

/** The size at which a joined chunk goes out without waiting for the end of the turn. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Joins the renderer's writes (React flushes a page in pieces of a few KB: a hundred for /offers) into
 * one chunk per turn of the event loop, or per 64 KiB. Each chunk costs its own trip through the web
 * stream React Router answers with, the compression middleware and the socket; what React writes in
 * one go still leaves in that turn, so nothing waits longer than before (decision 020).
 */
function joinedChunks(onEnd: () => void): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= CHUNK_BYTES) push();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          push();
        });
      }
      callback();
    },
    flush(callback) {
      push();
      onEnd();
      callback();
    },
  });
  function push() {
    if (size === 0) return;
    stream.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
  }
  return stream;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ListsBootContext.Provider value={{ source: listsBoot, nonce }}>
          <IconSpriteContext.Provider value={ICON_SPRITE_HTML}>
            <ServerMarkupContext.Provider value={documentMarkupOf(loadContext)}>
              {/* Production only: in development a part's code changes while its key does not. */}
              <KeptMarkupContext.Provider value={import.meta.env.PROD ? keptMarkup : null}>
                <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
              </KeptMarkupContext.Provider>
            </ServerMarkupContext.Provider>
          </IconSpriteContext.Provider>
        </ListsBootContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // Never "outline" a finished Suspense boundary (React does so past 12,800 bytes: the
        // fallback is painted first and the content swapped in by a script a frame or more later).
        // Our loaders have all the data before rendering, so it only moved /offers' grid in after
        // its footer had been painted: layout shift 0.175 (decision 019).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = joinedChunks(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error("render error", { error: String(error) });
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    // React Router's cross-site check refused an action: expected, not a fault of ours.
    log.warn("cross-site action refused", { url: new URL(request.url).pathname, origin: request.headers.get("origin") });
    return;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    // A request the app answered as it should (a GET on an action-only route is 405): not a fault.
    log.warn("request refused", { url: new URL(request.url).pathname, status: error.status });
    return;
  }
  log.error("request error", {
    url: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
