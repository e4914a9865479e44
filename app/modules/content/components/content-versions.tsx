import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { formatCountArabic, formatDateTimeArabic } from "~/utils/format.ts";
import { IMAGES, MARQUEE_SEPARATOR, type ContentSection } from "../content-sections.ts";
import type { ContentVersionView } from "../content-view.ts";
import { parseImageList } from "../image-list.ts";

/** What a saved value looked like, in a line: texts shortened, images counted, empty said so. */
function summary(kind: ContentSection["fields"][number]["kind"], value: string): string {
  if (kind === "image" || kind === "gallery") return value.trim() === "" ? "بدون صور" : formatCountArabic(parseImageList(value).length, IMAGES);
  if (value.trim() === "") return "فارغ (يظهر النص الافتراضي)";
  const text = kind === "texts" ? value.split(MARQUEE_SEPARATOR).join(" • ") : value;
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/**
 * A section's latest versions, newest first: when and by whom, what it held, and «استعادة»,
 * which belongs to the page's restore form (`formId`, outside the content form) and sends the
 * version's id. The version the site shows now has no button.
 */
export function ContentVersions({
  section,
  versions,
  current,
  formId,
  busy,
  onRestore,
}: {
  section: ContentSection;
  versions: ContentVersionView[];
  /** The section's stored values now, to mark the version the site shows. */
  current: Record<string, string>;
  formId: string;
  busy: boolean;
  onRestore: () => void;
}) {
  if (versions.length === 0) return <p className="text-sm text-stone-600">لم يُحفظ هذا القسم من قبل، وستظهر هنا نسخه بعد أول حفظ.</p>;
  const isCurrent = (version: ContentVersionView) => section.fields.every((field) => (version.values[field.key] ?? "") === (current[field.key] ?? ""));
  // Only the newest of equal versions is "the one shown now".
  const shownIndex = versions.findIndex(isCurrent);
  return (
    <ol className="grid gap-2" aria-label={`النسخ المحفوظة: ${section.title}`}>
      {versions.map((version, index) => {
        const shown = index === shownIndex;
        const who = version.original ? "المحتوى قبل أول حفظ من لوحة التحكم" : `حفظها ${version.savedByName}`;
        return (
          <li key={version.id} className="rounded-xl bg-stone-50 p-3 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <time dateTime={version.createdAt} className="font-bold text-stone-800">
                  {formatDateTimeArabic(version.createdAt)}
                </time>
                <span className="text-stone-600">
                  {" · "}
                  <bdi>{who}</bdi>
                </span>
              </p>
              {shown ? (
                <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-bold text-emerald-900 ring-1 ring-emerald-200">المعروضة الآن</span>
              ) : (
                <button
                  type="submit"
                  form={formId}
                  name="version"
                  value={version.id}
                  className={`${adminSecondaryButtonClass} px-3 py-1.5 text-sm`}
                  disabled={busy}
                  onClick={onRestore}
                  aria-label={`استعادة نسخة ${formatDateTimeArabic(version.createdAt)}`}
                >
                  استعادة
                </button>
              )}
            </div>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-bold text-brand-800">عرض المحتوى</summary>
              <dl className="mt-2 grid gap-1">
                {section.fields.map((field) => (
                  <div key={field.key} className="grid gap-x-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
                    <dt className="font-bold text-stone-700">{field.label}</dt>
                    <dd className="break-words text-stone-700">{summary(field.kind, version.values[field.key] ?? "")}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
