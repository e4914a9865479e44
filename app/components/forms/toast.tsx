import { useEffect, useState } from "react";
import { useLocation } from "react-router";
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
