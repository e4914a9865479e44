import { formatNumberArabic } from "~/utils/format.ts";

/**
 * A form's upload as it goes (uploadWithProgress): «جارٍ رفع الصور... ٤٢٪» with a bar while the
 * bytes go (`percent`), then the server's part («جارٍ معالجة الصور...», an indeterminate bar) once
 * they are all sent (`percent` null). Announced politely to screen readers.
 */
export function UploadProgress({ percent, uploading, afterUpload, label }: { percent: number | null; uploading: string; afterUpload: string; label: string }) {
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-bold text-brand-900">{percent === null ? afterUpload : `${uploading} ${formatNumberArabic(percent)}٪`}</p>
      <progress max={100} value={percent ?? undefined} aria-label={label} className="h-2 w-full overflow-hidden rounded-full bg-stone-200 accent-brand-700" />
    </div>
  );
}
