import { useEffect, useState } from "react";
import type { Toast } from "~/utils/toast.ts";

/** Confirmations stay for 3 seconds. */
export const TOAST_MS = 3000;

/**
 * The one-time message a redirect left (readToast in the page's loader): shown for 3 seconds,
 * errors until the next page. A new toast (another save) shows again.
 */
export function ToastMessage({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast || toast.tone === "error") return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!shown) return null;
  return shown.tone === "error" ? (
    <p role="alert" className="mb-4 rounded-xl bg-red-50 p-3 font-bold text-red-800">
      {shown.text}
    </p>
  ) : (
    <p role="status" className="mb-4 rounded-xl bg-emerald-50 p-3 font-bold leading-7 text-emerald-900">
      {shown.text}
    </p>
  );
}
