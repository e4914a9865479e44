import { publicStatusTone } from "../offer-views.ts";

const TONES = {
  green: "bg-emerald-600 text-white",
  blue: "bg-blue-600 text-white",
  yellow: "bg-yellow-300 text-yellow-950",
  orange: "bg-orange-500 text-white",
  red: "bg-red-600 text-white",
  grey: "bg-stone-500 text-white",
} as const;

export function StatusBadge({ status, className = "" }: { status: string; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-bold shadow-sm ${TONES[publicStatusTone(status)]} ${className}`}
      data-tone={publicStatusTone(status)}
    >
      {status}
    </span>
  );
}
