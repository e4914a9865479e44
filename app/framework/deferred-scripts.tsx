import { cloneElement, Fragment, isValidElement, use, useEffect, type ReactElement, type ReactNode } from "react";
import { Scripts, UNSAFE_FrameworkContext as FrameworkContext, useMatches } from "react-router";
import { defersScripts } from "./deferred-routes.ts";

type ScriptsProps = Parameters<typeof Scripts>[0];

/** What React Router's <Scripts> renders before hydration, taken apart. */
export interface ScriptsParts {
  /** The route modules and their chunks (its <link rel="modulepreload">s), in its order. */
  preloads: string[];
  /** The inline module that imports the route modules and then the client entry. */
  moduleCode: string;
  /** Everything else it renders (the router context script), kept as it is. */
  others: ReactElement[];
}

/** The elements (and any text) of a rendered tree, fragments opened, in order. */
function flatten(node: ReactNode, out: ReactNode[]) {
  if (Array.isArray(node)) for (const child of node as ReactNode[]) flatten(child, out);
  else if (isValidElement<{ children?: ReactNode }>(node) && node.type === Fragment) flatten(node.props.children, out);
  else if (node !== null && node !== undefined && typeof node !== "boolean") out.push(node);
}

/**
 * Takes apart <Scripts>' output; undefined when it is not the shape this code knows (nothing to
 * defer after hydration, or a React Router version that renders something else: then the caller
 * renders <Scripts> unchanged, and deferred-scripts.test.tsx fails).
 */
export function scriptsParts(rendered: ReactNode): ScriptsParts | undefined {
  const nodes: ReactNode[] = [];
  flatten(rendered, nodes);
  const elements = nodes.filter((node): node is ReactElement => isValidElement(node));
  const parts: ScriptsParts = { preloads: [], moduleCode: "", others: [] };
  for (const element of elements) {
    const props = element.props as Record<string, unknown>;
    if (element.type === "link" && props.rel === "modulepreload" && typeof props.href === "string") {
      if (props.integrity) return undefined; // subresource integrity would need the attribute copied too
      parts.preloads.push(props.href);
    } else if (element.type === "script" && props.type === "module") {
      const html = (props.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
      if (typeof html !== "string" || parts.moduleCode) return undefined;
      parts.moduleCode = html;
    } else if (element.type === "script" && props.type === "importmap") {
      return undefined;
    } else parts.others.push(element);
  }
  return parts.moduleCode ? parts : undefined;
}

const isModulePreload = (node: ReactNode): node is ReactElement<{ rel?: string }> =>
  isValidElement<{ rel?: string }>(node) && node.type === "link" && node.props.rel === "modulepreload";

/**
 * What React Router's <Scripts> renders, its module preloads asked for at a low priority. As React
 * Router writes them (high priority, as soon as the HTML is read), the page's 130 KiB of JavaScript
 * competes on a phone's connection with the largest photo and the fonts, and a browser counts
 * high-priority scripts as holding back the first paint (decision 019). At a low priority they
 * still start at once, nothing waits for a paint or an event, and the module that starts React
 * reads the same files: what a visitor taps before hydration behaves as it always did.
 */
export function withLowPriorityPreloads(rendered: ReactNode): ReactNode[] {
  const nodes: ReactNode[] = [];
  flatten(rendered, nodes);
  return nodes.map((node, i) => <Fragment key={i}>{isModulePreload(node) ? cloneElement(node, { fetchPriority: "low" } as object) : node}</Fragment>);
}

/** Dispatched on the window once React has hydrated the page (its effects run after the hydration's commit). */
const HYDRATED_EVENT = "app:hydrated";

/** JSON that is safe inside an inline <script> (no "</script>", no "<!--"). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const ENTRY_IMPORT = /^\s*import\(("[^"\\]*")\);?\s*$/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\\]*")\s*;?\s*$/;

/**
 * React Router's inline module as a classic script's function: its `import * as route0 from "…"`
 * lines become dynamic imports, awaited together, and the rest (the manifest, the route modules'
 * table, then `import(entry)`) runs after them as it did; the expression's promise settles once
 * the client entry has run (React has begun to hydrate). Undefined for code of another shape.
 * (A classic script, not a new inline module: the page cache's Content-Security-Policy allows
 * only the inline scripts the HTML holds, by their hashes — decision 020.)
 */
export function dynamicImportCode(moduleCode: string): string | undefined {
  const urls: string[] = [];
  const names: string[] = [];
  const rest: string[] = [];
  let entry = "";
  for (const line of moduleCode.split("\n")) {
    // The first line may hold two statements (an HMR runtime import, then ";" or the manifest's import).
    const statements = rest.length === 0 && urls.length === 0 ? line.split(/;(?=\s*import\b)/) : [line];
    for (const statement of statements) {
      const match = STATIC_IMPORT.exec(statement);
      if (match) {
        urls.push(JSON.parse(match[2]!) as string);
        names.push(match[1] ?? `_${urls.length}`);
      } else if (/^\s*;?\s*$/.test(statement)) continue;
      else if (entry)
        return undefined; // the client entry's import comes last
      else if (ENTRY_IMPORT.test(statement)) entry = statement.replace(ENTRY_IMPORT, "return import($1);");
      else if (/^\s*(import\s*[^(\s]|export\b)/.test(statement)) return undefined;
      else rest.push(statement);
    }
  }
  if (!urls.length || !entry) return undefined;
  return `Promise.all(${scriptJson(urls)}.map(function(u){return import(u)})).then(function(m){var ${names.map((name, i) => `${name}=m[${i}]`).join(",")};\n${compactManifest(rest.join("\n"))}\n${entry}})`;
}

const MANIFEST = "window.__reactRouterManifest = ";

/**
 * React Router writes the routes' manifest as indented JSON (4 KB on /offers, half of it spaces):
 * the same value in one line. Left as it is when it is not the JSON this expects.
 */
export function compactManifest(code: string): string {
  const start = code.indexOf(MANIFEST);
  if (start < 0) return code;
  const from = start + MANIFEST.length;
  const end = code.indexOf("\n};", from);
  if (end < 0) return code;
  try {
    return code.slice(0, from) + scriptJson(JSON.parse(code.slice(from, end + 2))) + code.slice(end + 2);
  } catch {
    return code;
  }
}

/** The window property through which the early-input script (in the head) and the loader (at the end of the body) meet. */
const EARLY = "__earlyInput";

/**
 * The inline script at the top of the head of a page whose JavaScript is deferred: it keeps what the
 * visitor does before React can answer it, from the first painted pixel on (the loader at the end
 * of the body comes too late for a tap on a button painted above it), and gives each thing to React
 * exactly once (docs/decisions/025-early-input.md).
 *
 * The rule: until React has hydrated the page (its `app:hydrated` event) and the element itself
 * (React's own key on the node: a Suspense boundary whose code is not in yet is hydrated later),
 * this script owns the element's input; after that, React alone does. What it owns, it keeps in
 * one queue, in order:
 *  - a click on a JavaScript button (`button[type=button]`: nothing else happens on it without
 *    JavaScript), or on a link marked `data-keep-early` (its handler does more than its address:
 *    it changes the visitor's lists, or copies the address), is stopped before React's own
 *    listener sees it (React, once listening, would otherwise hydrate at once and run the handler,
 *    and the replay would run it a second time), and the link not followed;
 *  - a form sent is stopped the same way (and not sent);
 *  - a value typed or chosen is noted (not stopped: React's own handling of it is idempotent),
 *    a file chosen is noted and stopped (its change event adds the files);
 *  - the first touch or key asks the loader to start the JavaScript at once.
 * Once React has the element, each is done again with `pass` set (so it is not kept again), one a
 * task (React renders a change before the next is done: a controlled field's new value is in the
 * form before the form is sent), the first in a task after the hydrated event, never inside it (it
 * is sent from React's effects, where a change is answered with the controlled field's old value
 * written back: a choice made between React's commit and its effects was lost): the value set
 * with its event (React may have put back a controlled field's value), the button clicked, the form sent with its submitter (so it gets the browser's and the form's checks and
 * the bot check's proof of work, not a round trip). An element React has not hydrated 5 s after
 * the page has is given the event anyway. A form still waiting 8 s after it was sent, while
 * React has not even started (the scripts never came), or at once when they failed to load, is
 * sent as it would be without JavaScript.
 */
export function earlyInputScript(): string {
  return `(function(d,w){var q=[],ready=0,pass=0,timer=0,E=w.${EARLY}={want:0,go:null,failed:nojs};
function start(){E.want=1;if(E.go)E.go()}
["pointerdown","keydown","touchstart"].forEach(function(t){w.addEventListener(t,start,{once:true,capture:true,passive:true})});
function has(t,p){return Object.keys(t).some(function(k){return k.indexOf(p)===0})}
function own(t){return !pass&&(!ready||!has(t,"__reactFiber$"))}
function keep(x,e){if(e)e.stopImmediatePropagation();q=q.filter(function(y){return y.k==="c"||y.k==="f"||y.t!==x.t});q.push(x);start();flush()}
function run(x){var t=x.t;pass=1;try{if(x.k==="c")t.click();else if(x.k==="f")t.requestSubmit(x.s&&x.s.form===t&&x.s.isConnected?x.s:undefined);else if(x.k==="file")t.dispatchEvent(new Event("change",{bubbles:true}));else if(x.c){if(t.checked!==x.v)t.click()}else{var P=t.tagName==="SELECT"?HTMLSelectElement:t.tagName==="TEXTAREA"?HTMLTextAreaElement:HTMLInputElement;Object.getOwnPropertyDescriptor(P.prototype,"value").set.call(t,x.v);t.dispatchEvent(new Event(t.tagName==="SELECT"?"change":"input",{bubbles:true}))}}catch(e){}pass=0}
function later(ms){timer=setTimeout(function(){timer=0;flush()},ms)}
function flush(){if(!ready||timer||!q.length)return;var x=q[0];if(x.t.isConnected&&!has(x.t,"__reactFiber$")&&(x.w=x.w||Date.now())>Date.now()-5000)return later(50);q.shift();if(x.t.isConnected)run(x);later(0)}
function nojs(){if(ready)return;var f=q.filter(function(x){return x.k==="f"&&x.t.isConnected})[0];q=[];ready=1;pass=1;if(f)f.t.requestSubmit(f.s&&f.s.form===f.t?f.s:undefined)}
function late(){if(ready)return;if(has(d,"__reactContainer$"))setTimeout(late,4000);else nojs()}
w.addEventListener(${scriptJson(HYDRATED_EVENT)},function(){ready=1;later(0)},{once:true});
function note(e){var t=e.target;if(!t||!/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)||!own(t))return;if(t.type==="file")return keep({t:t,k:"file"},e);var c=t.type==="checkbox"||t.type==="radio";keep({t:t,k:"v",c:c,v:c?t.checked:t.value})}
d.addEventListener("input",note,true);d.addEventListener("change",note,true);
d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest('button[type="button"],[data-keep-early]');if(b&&own(b)){e.preventDefault();keep({t:b,k:"c"},e)}},true);
d.addEventListener("submit",function(e){var f=e.target;if(!own(f))return;e.preventDefault();keep({t:f,k:"f",s:e.submitter},e);setTimeout(late,8000)},true)})(document,window)`;
}

/**
 * The inline script that starts the page's JavaScript once the page has painted: after the load
 * event (the photos above the fold and the fonts are in), once the largest paint has settled (no
 * new largest-contentful-paint entry for 100 ms; at most 1.5 s), or at once when the visitor
 * touches or types first (earlyInputScript asks for it, also before this script is parsed).
 * (The next frame after the load event was not enough: the photo's paint often comes later, and
 * chunks fetched before it count against the largest paint.) It adds the modulepreload links React
 * Router would have written (the chunks download in parallel, not one import level at a time), then
 * runs React Router's module code with dynamic imports; if they fail, the forms the visitor sent
 * meanwhile are sent without JavaScript at once. What the visitor did before the page hydrated is
 * earlyInputScript's.
 */
export function deferredLoader(preloads: string[], code: string): string {
  return `(function(d,w){var p=${scriptJson(preloads)},E=w.${EARLY}||{},done=0;
function go(){if(done)return;done=1;for(var i=0;i<p.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=p[i];d.head.appendChild(l)}
(${code}).catch(function(){if(E.failed)E.failed()})}
E.go=go;if(E.want)go();
function painted(){var t;function settle(){if(done)return;clearTimeout(t);t=setTimeout(go,100)}settle();try{new PerformanceObserver(settle).observe({type:"largest-contentful-paint",buffered:true})}catch(e){}setTimeout(go,1500)}
if(d.readyState==="complete")painted();else w.addEventListener("load",painted,{once:true})})(document,window)`;
}

/** earlyInputScript's text, written once. */
let earlyInput: string | undefined;

/** Whether a route of the page declares `deferScripts` (app/route-facts.ts, as deferred-routes.ts gives it to the browser). */
const isDeferred = (matches: ReturnType<typeof useMatches>) => defersScripts(matches.map((match) => match.id));

/** The back office's layout route (every staff page is under it) and the sign-in pages before it. */
const STAFF_ROUTES: readonly string[] = ["routes/admin/layout", "routes/auth/login", "routes/auth/reset-request", "routes/auth/reset-password"];

/**
 * Whether the page keeps what is done before it has hydrated: a page whose JavaScript is deferred,
 * and every back-office and sign-in page. The back office loads its scripts with the page, but its
 * bundle is larger and its people act at once (a phone on a slow network, a page opened to add a
 * unit or to delete a licence): a tap on a JavaScript button made before hydration was lost there,
 * a form sent was posted without the page's script (issue 31, decision 025) — on /login without
 * its bot check, answered «فشل في إعداد التحقق».
 */
const keepsEarlyInput = (matches: ReturnType<typeof useMatches>) => isDeferred(matches) || matches.some((match) => STAFF_ROUTES.includes(match.id));

/**
 * earlyInputScript, at the top of the head of the pages that keep early input (nothing elsewhere).
 * Its text is the server's only: the browser keeps it when React hydrates.
 */
export function EarlyInput({ nonce }: { nonce?: string }) {
  if (!keepsEarlyInput(useMatches())) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? (earlyInput ??= earlyInputScript()) : "" }} />;
}

/**
 * React Router's <Scripts>, its module preloads at a low priority; on pages whose route asks for it
 * (`deferScripts` in app/route-facts.ts: the public site) started only once the page has painted. There
 * the JavaScript (about 130 KiB) no longer competes with the HTML's first paint, the fonts and the
 * largest photo for a phone's bandwidth. React Router preloads every chunk with a high priority as
 * soon as the head is read, which on a slow connection holds back the first paint and the photo
 * (docs/decisions/019-first-paint.md). The page works before it: links, forms and the server-drawn
 * markup need no JavaScript (decision 004), and a tap on a JavaScript button, a field filled or a
 * form sent meanwhile is done once the page has hydrated (EarlyInput, decision 025).
 */
export function DeferredScripts(props: ScriptsProps) {
  const matches = useMatches();
  const defer = isDeferred(matches);
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  // The production server has written this page's scripts before: only the router's data is new.
  // (`use`, not useContext: read on the server only, none of this is in the browser's bundle.)
  const framework = import.meta.env.SSR ? use(FrameworkContext) : undefined;
  const key = import.meta.env.SSR && import.meta.env.PROD && defer ? scriptsKey(matches) : undefined;
  const kept = key === undefined ? undefined : keptScripts.get(key);
  const handoff = framework?.serverHandoffString;
  if (kept && handoff !== undefined) {
    markScriptsRendered(framework);
    return deferredElements([kept.context(props.nonce ?? framework?.nonce, handoff)], kept.loader, props.nonce);
  }
  // <Scripts> is called, not rendered, to read what it would render (it uses hooks: in the browser
  // it is called on every render, so the hooks run in the same order whatever `defer` is).
  const rendered = Scripts(props);
  const parts = defer ? scriptsParts(rendered) : undefined;
  // In the browser this renders only while hydrating, where the script keeps the server's text, so
  // the code that writes it stays out of the browser's bundle.
  const loader = parts && (import.meta.env.SSR ? serverLoader(parts) : "");
  if (!parts || loader === undefined) return <>{withLowPriorityPreloads(rendered)}</>;
  const context = key !== undefined && handoff !== undefined ? contextScriptTemplate(parts.others, handoff) : undefined;
  if (key !== undefined && context) {
    if (keptScripts.size >= 200) keptScripts.clear();
    keptScripts.set(key, { loader, context });
  }
  return deferredElements(parts.others, loader, props.nonce);
}

function deferredElements(others: ReactElement[], loader: string, nonce: string | undefined) {
  return (
    <>
      {others.map((element, i) => (
        <Fragment key={i}>{element}</Fragment>
      ))}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}

/**
 * <Scripts>' module code and preloads depend on the page's routes and, for its part of the route
 * manifest, on the routes of the address's parent paths (React Router's getPartialManifest): the
 * same for every page of a route in a deploy. Writing them again on each render (the manifest
 * matched and written out, then read back here) was a twentieth of an uncached render's CPU
 * (decision 028). Production only: in development the manifest changes as files do.
 */
function scriptsKey(matches: ReturnType<typeof useMatches>): string {
  // The deepest match's path is the whole address's (a splat route's too).
  const parent = (matches.at(-1)?.pathname ?? "").split("/").filter(Boolean).slice(0, -1).join("/");
  return `${matches.map((match) => match.id).join(" ")}\n${parent}`;
}

/** What <Scripts> does besides rendering: React Router streams the router's data after a page that has its scripts. */
function markScriptsRendered(framework: { renderMeta?: { didRenderScripts?: boolean } } | null | undefined) {
  if (framework?.renderMeta) framework.renderMeta.didRenderScripts = true;
}

interface KeptScripts {
  loader: string;
  /** The context script with this request's nonce and router data. */
  context: (nonce: string | undefined, handoff: string) => ReactElement;
}

const keptScripts = new Map<string, KeptScripts>();

/**
 * The one element of <Scripts>' output besides the preloads and the module, the router's context
 * script, as a template around the request's part (React Router's serverHandoffString); undefined
 * for anything else (then nothing is kept and <Scripts> runs on every render, as before).
 */
export function contextScriptTemplate(others: ReactElement[], handoff: string): KeptScripts["context"] | undefined {
  const [element] = others;
  if (others.length !== 1 || !element || element.type !== "script") return undefined;
  const html = (element.props as { dangerouslySetInnerHTML?: { __html?: unknown } }).dangerouslySetInnerHTML?.__html;
  const at = typeof html === "string" && handoff ? html.indexOf(handoff) : -1;
  if (typeof html !== "string" || at < 0 || html.indexOf(handoff, at + 1) >= 0) return undefined;
  const before = html.slice(0, at);
  const after = html.slice(at + handoff.length);
  return (nonce, next) => cloneElement(element, { nonce, dangerouslySetInnerHTML: { __html: before + next + after } } as object);
}

/** The loaders written so far, by React Router's code: a route's pages all have the same one (a render costs a millisecond less). */
const loaders = new Map<string, string | undefined>();

function serverLoader(parts: ScriptsParts): string | undefined {
  const key = `${parts.preloads.join(" ")}\n${parts.moduleCode}`;
  if (loaders.has(key)) return loaders.get(key);
  const code = dynamicImportCode(parts.moduleCode);
  const loader = code && deferredLoader(parts.preloads, code);
  // Bounded: a deploy's route combinations are few, but nothing a visitor sends may grow it without end.
  if (loaders.size >= 200) loaders.clear();
  loaders.set(key, loader);
  return loader;
}
