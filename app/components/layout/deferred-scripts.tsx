import { cloneElement, Fragment, isValidElement, useEffect, type ReactElement, type ReactNode } from "react";
import { Scripts, useMatches } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];

/** A route whose `handle` has this flag (the public site's layout) starts its JavaScript after the page has painted. */
export interface DeferScriptsHandle {
  deferScripts?: boolean;
}

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
  return `Promise.all(${scriptJson(urls)}.map(function(u){return import(u)})).then(function(m){var ${names.map((name, i) => `${name}=m[${i}]`).join(",")};\n${rest.join("\n")}\n${entry}})`;
}

/**
 * The inline script that starts the page's JavaScript once the page has painted: after the load
 * event (the photos above the fold and the fonts are in), once the largest paint has settled (no
 * new largest-contentful-paint entry for 100 ms; at most 1.5 s), or at once when the visitor
 * touches or types first. (The next frame after the load event was not enough: the photo's paint
 * often comes later, and chunks fetched before it count against the largest paint.) It adds the
 * modulepreload links React Router would have written (the chunks download in parallel, not one
 * import level at a time), then runs React Router's module code with dynamic imports.
 *
 * What the visitor does before the page has hydrated is done again once it has (HYDRATED_EVENT),
 * so an early tap gets what it would a moment later: a field's value chosen or typed is set again
 * with its event (React may have put back a controlled field's value, and missed the change: the
 * filters' city, which fills the neighbourhoods), then a click on a JavaScript button
 * (type="button": the gallery's arrows, the menu, «نسخ الرابط») is clicked again and a form sent
 * is sent again, so it gets the browser's checks, not a round trip. A form still waiting after
 * 8 s (the JavaScript did not load) is sent as it would be without JavaScript.
 */
export function deferredLoader(preloads: string[], code: string): string {
  return `(function(d,w){var p=${scriptJson(preloads)},done=0;
function go(){if(done)return;done=1;for(var i=0;i<p.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=p[i];d.head.appendChild(l)}
${code}}
function painted(){var t;function settle(){if(done)return;clearTimeout(t);t=setTimeout(go,100)}settle();try{new PerformanceObserver(settle).observe({type:"largest-contentful-paint",buffered:true})}catch(e){}setTimeout(go,1500)}
if(d.readyState==="complete")painted();else w.addEventListener("load",painted,{once:true});
["pointerdown","keydown","touchstart"].forEach(function(t){w.addEventListener(t,go,{once:true,capture:true,passive:true})});
var early,ready=0,changed=[];
function restore(x){var t=x.t;if(!t.isConnected)return;if(x.c){if(t.checked!==x.v)t.click();return}var P=t.tagName==="SELECT"?HTMLSelectElement:t.tagName==="TEXTAREA"?HTMLTextAreaElement:HTMLInputElement;Object.getOwnPropertyDescriptor(P.prototype,"value").set.call(t,x.v);t.dispatchEvent(new Event(t.tagName==="SELECT"?"change":"input",{bubbles:true}))}
function replay(){if(ready)return;ready=1;changed.forEach(restore);var e=early;early=null;if(e&&e.f){if(e.f.isConnected)e.f.requestSubmit(e.s&&e.s.form===e.f?e.s:undefined)}else if(e&&e.b.isConnected)e.b.click()}
function note(e){var t=e.target;if(ready||!t||!/^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)||t.type==="file")return;var c=t.type==="checkbox"||t.type==="radio";changed=changed.filter(function(x){return x.t!==t});changed.push({t:t,c:c,v:c?t.checked:t.value});go()}
d.addEventListener("input",note,true);d.addEventListener("change",note,true);
w.addEventListener(${scriptJson(HYDRATED_EVENT)},replay,{once:true});
d.addEventListener("click",function(e){if(ready)return;var b=e.target&&e.target.closest&&e.target.closest('button[type="button"]');if(b){early={b:b};go()}},true);
d.addEventListener("submit",function(e){if(ready)return;e.preventDefault();early={f:e.target,s:e.submitter};go();setTimeout(replay,8000)},true)})(document,window)`;
}

/**
 * React Router's <Scripts>, its module preloads at a low priority; on pages whose route asks for it
 * (`handle.deferScripts`: the public site) started only once the page has painted. There
 * the JavaScript (about 130 KiB) no longer competes with the HTML's first paint, the fonts and the
 * largest photo for a phone's bandwidth. React Router preloads every chunk with a high priority as
 * soon as the head is read, which on a slow connection holds back the first paint and the photo
 * (docs/decisions/019-first-paint.md). The page works before it: links, forms and the server-drawn
 * markup need no JavaScript (decision 004), and a tap on a JavaScript button, a field filled or a
 * form sent meanwhile is done again once the page has hydrated (deferredLoader).
 */
export function DeferredScripts(props: ScriptsProps) {
  const defer = useMatches().some((match) => (match.handle as DeferScriptsHandle | undefined)?.deferScripts === true);
  // <Scripts> is called, not rendered, to read what it would render; it is called on every render
  // (it uses hooks), so the hooks run in the same order whatever `defer` is.
  const rendered = Scripts(props);
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  const parts = defer ? scriptsParts(rendered) : undefined;
  // In the browser this renders only while hydrating, where the script keeps the server's text, so
  // the code that writes it stays out of the browser's bundle.
  const loader = parts && (import.meta.env.SSR ? serverLoader(parts) : "");
  if (!parts || loader === undefined) return <>{withLowPriorityPreloads(rendered)}</>;
  return (
    <>
      {parts.others.map((element, i) => (
        <Fragment key={i}>{element}</Fragment>
      ))}
      <script nonce={props.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}

function serverLoader(parts: ScriptsParts): string | undefined {
  const code = dynamicImportCode(parts.moduleCode);
  return code && deferredLoader(parts.preloads, code);
}
