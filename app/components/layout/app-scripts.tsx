import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];

function flatten(node: ReactNode, out: ReactNode[]) {
  if (Array.isArray(node)) for (const child of node as ReactNode[]) flatten(child, out);
  else if (isValidElement<{ children?: ReactNode }>(node) && node.type === Fragment) flatten(node.props.children, out);
  else if (node !== null && node !== undefined && typeof node !== "boolean") out.push(node);
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

/** React Router's <Scripts> (called, not rendered, to read its output: it uses hooks, called in the same order every time). */
export function AppScripts(props: ScriptsProps) {
  return <>{withLowPriorityPreloads(Scripts(props))}</>;
}
