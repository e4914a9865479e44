import { useEffect, useState } from "react";

/** The copy-link confirmation («تم نسخ الرابط») lasts 2 s (SPEC). */
const COPY_CONFIRMATION_MS = 2000;

/** Whether a link was just copied: `true` after `setCopied(true)`, back to `false` 2 s later. */
export function useCopiedFlag() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return [copied, setCopied] as const;
}
