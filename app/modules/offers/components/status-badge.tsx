import { adminStatusTone, publicStatusTone } from "../offer-views.ts";

const TONES = {
  green: "bg-emerald-600 text-white",
  blue: "bg-blue-600 text-white",
  yellow: "bg-yellow-300 text-yellow-950",
  orange: "bg-orange-700 text-white",
  red: "bg-red-600 text-white",
  grey: "bg-stone-500 text-white",
} as const;

/** An offer's status; `admin` uses the back office's colours (for rent is green there, blue on the site). */
export function StatusBadge({ status, className = "", admin = false }: { status: string; className?: string; admin?: boolean }) {
  const tone = admin ? adminStatusTone(status) : publicStatusTone(status);
  return (
    <span className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-bold shadow-sm ${TONES[tone]} ${className}`} data-tone={tone}>
      {status}
    </span>
  );
}
