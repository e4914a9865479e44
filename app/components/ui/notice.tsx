import type { ReactNode } from "react";

/** A form's answer: an error read out at once (alert), or a confirmation (status). */
export function Notice({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <p role="alert" className="rounded-xl bg-red-50 p-3 font-bold text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-xl bg-emerald-50 p-3 font-bold leading-7 text-emerald-900">
      {children}
    </p>
  );
}
