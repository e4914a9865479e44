import { useEffect, useState } from "react";
import { useFetchers, useLocation } from "react-router";
import type { FormReply } from "~/utils/form-submission.ts";
import type { Toast } from "~/utils/toast.ts";

/** Confirmations stay for 3 seconds. */
const TOAST_MS = 3000;

/**
 * The one-time message a redirect left (readToast in the page's loader), or the confirmation of a
 * form that stays on the page (useSuccessToast): shown for 3 seconds, errors until the next page.
 * A new toast (another save) shows again; the page's data fetched again without one (a live list
 * refreshing) leaves the one shown alone until its time is up.
 */
export function ToastMessage({ toast, className = "mb-4" }: { toast: Toast | null; className?: string }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState(toast);
  const [seen, setSeen] = useState({ toast, pathname });
  if (seen.toast !== toast || seen.pathname !== pathname) {
    setSeen({ toast, pathname });
    if (toast) setShown(toast);
    else if (seen.pathname !== pathname) setShown(null);
  }
  useEffect(() => {
    if (!shown || shown.tone === "error") return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;
  return shown.tone === "error" ? (
    <p role="alert" className={`${className} rounded-xl bg-red-50 p-3 font-bold text-red-800`}>
      {shown.text}
    </p>
  ) : (
    <p role="status" className={`${className} rounded-xl bg-emerald-50 p-3 font-bold leading-7 text-emerald-900`}>
      {shown.text}
    </p>
  );
}

/**
 * The confirmation of a form that stays on the page (its action answered `replySuccess`), as a
 * toast for <ToastMessage>: `text`, as the page gave it when the reply arrived, once for each
 * successful reply; nothing otherwise.
 */
export function useSuccessToast(reply: FormReply | null | undefined, text: string): Toast | null {
  const toastOf = (answer: typeof reply): Toast | null => (answer?.status === "success" ? { tone: "success", text } : null);
  const [state, setState] = useState(() => ({ reply, toast: toastOf(reply) }));
  if (state.reply !== reply) setState({ reply, toast: toastOf(reply) });
  return state.toast;
}

/** The toast in an action's reply (a back-office save answered in place, decision 030), if any. */
function toastIn(reply: unknown): Toast | null {
  const toast = (reply as { toast?: Partial<Toast> } | null | undefined)?.toast;
  return toast && (toast.tone === "success" || toast.tone === "error") && typeof toast.text === "string" ? { tone: toast.tone, text: toast.text } : null;
}

/**
 * The toast to show now: the newest of the one a redirect left (the loader's `loaderToast`) and
 * those the page's saves answered with (their fetchers' replies, decision 030), each once, from
 * the moment its answer arrives, before the page's data is loaded again.
 */
export function useLatestToast(loaderToast: Toast | null): Toast | null {
  const fetchers = useFetchers();
  const [state, setState] = useState(() => ({
    loader: loaderToast,
    shown: loaderToast,
    /** A reply's toast shown, whose cookie twin the reload after it brings: not shown twice. */
    twin: null as Toast | null,
    seen: new Set<unknown>(fetchers.map((fetcher) => fetcher.data as unknown)),
  }));
  let next = state;
  if (next.loader !== loaderToast) {
    const twin = loaderToast !== null && next.twin?.text === loaderToast.text;
    next = { ...next, loader: loaderToast, shown: twin ? next.shown : (loaderToast ?? next.shown), twin: loaderToast ? null : next.twin };
  }
  for (const fetcher of fetchers) {
    const toast = toastIn(fetcher.data);
    if (toast && !next.seen.has(fetcher.data)) next = { ...next, shown: toast, twin: toast, seen: new Set(next.seen).add(fetcher.data) };
  }
  if (next !== state) setState(next);
  return next.shown;
}
