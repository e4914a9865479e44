import { useEffect, useState } from "react";

const POLL_MS = 5000;

/**
 * Development only (the product has no preview workspace): the original site's "preview notice",
 * reporting whether the server and its database answer. Its texts are the original's, in English, for the developer.
 */
export function PreviewNotice() {
  const [connected, setConnected] = useState<boolean | null>(null);
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const ok = await fetch("/healthz/ready", { cache: "no-store" })
        .then((response) => response.ok)
        .catch(() => false);
      if (!stopped) setConnected(ok);
    };
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (connected === null) return null;
  return (
    <div
      role="status"
      lang="en"
      dir="ltr"
      data-testid="preview-notice"
      className={`fixed start-3 top-20 z-50 flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold shadow ${connected ? "bg-sky-100 text-sky-900" : "bg-amber-100 text-amber-900"}`}
    >
      <span aria-hidden="true">{connected ? "ℹ" : "⚠"}</span>
      {connected ? "Preview backend running in this workspace." : "Preview backend disconnected."}
    </div>
  );
}
