import { adminStatusTone, publicStatusTone } from "../offer-views.ts";

/**
 * An offer's status; `admin` uses the back office's colours (for rent is green there, blue on the
 * site). Its looks are app.css's .status-badge, its colour chosen there by `data-tone` (a list of 24
 * cards repeats it: decision 028).
 */
export function StatusBadge({ status, className = "", admin = false }: { status: string; className?: string; admin?: boolean }) {
  const tone = admin ? adminStatusTone(status) : publicStatusTone(status);
  return (
    <span className={className ? `status-badge ${className}` : "status-badge"} data-tone={tone}>
      {status}
    </span>
  );
}
