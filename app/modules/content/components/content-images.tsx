import { useEffect, useRef, useState } from "react";
import { adminDangerButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import { OFFER_PHOTO_MESSAGES, type OfferPhotoResult } from "~/modules/offers/offer-photos.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { imageUrl } from "~/utils/image-ref.ts";
import { CONTENT_IMAGE_LIMITS, CONTENT_MESSAGES, type ContentField } from "../content-sections.ts";
import type { ContentImage } from "../content-view.ts";

/** An image of the field: stored (posted back by its token), uploading, or refused (named, with its reason). */
export type ImageItem =
  | { key: string; state: "stored"; token: string; src: string }
  | { key: string; state: "uploading"; name: string; preview: string; progress: number; file: File }
  | { key: string; state: "failed"; name: string; preview: string; error: string; file: File };

let nextKey = 0;
const newKey = () => `image-${++nextKey}`;

/** The editor's items for a field's stored images: our own shown from their 400 px variant, links as they are. */
export function storedImageItems(images: ContentImage[]): ImageItem[] {
  return images.map((item) => ({ key: newKey(), state: "stored", token: item.token, src: item.image ? imageUrl(item.image, 400) : item.url }));
}

const UPLOADS_AT_ONCE = 2;

async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<OfferPhotoResult> {
  const answer = await uploadWithProgress<OfferPhotoResult>("/admin/content/images", file, { onProgress, contentType: file.type || "application/octet-stream" });
  return answer ?? { ok: false, error: OFFER_PHOTO_MESSAGES.uploadFailed };
}

/**
 * The images of one content field (the hero's or contact page's one image, an about gallery):
 * chosen from the disk or camera roll, previewed at once and uploaded one by one with a progress
 * bar, then shown from the stored variant. Each can be moved, removed or (a single image)
 * replaced. The stored ones are posted in order as hidden fields under the field's name; the
 * server accepts only images this manager uploaded or the content already uses.
 */
export function ContentImages({
  field,
  items,
  onChange,
  error,
  errorId,
  hintId,
}: {
  field: ContentField;
  items: ImageItem[];
  onChange: (update: (items: ImageItem[]) => ImageItem[]) => void;
  error?: string;
  errorId: string;
  hintId: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const active = useRef(new Set<string>());
  const [overflow, setOverflow] = useState(false);
  const max = field.maxItems ?? 1;
  const single = max === 1;

  // Waiting uploads start in their order, a couple at a time; an upload's end changes `items`, which starts the next.
  useEffect(() => {
    for (const item of items) {
      if (active.current.size >= UPLOADS_AT_ONCE) break;
      if (item.state !== "uploading" || active.current.has(item.key)) continue;
      const key = item.key;
      active.current.add(key);
      void uploadImage(item.file, (progress) => onChange((all) => all.map((i) => (i.key === key && i.state === "uploading" ? { ...i, progress } : i)))).then((result) => {
        active.current.delete(key);
        onChange((all) =>
          all.map((i) => {
            if (i.key !== key || i.state !== "uploading") return i;
            if (!result.ok) return { key, state: "failed", name: i.name, preview: i.preview, error: result.error, file: i.file };
            URL.revokeObjectURL(i.preview);
            return { key, state: "stored", token: result.image.id, src: imageUrl(result.image, 400) };
          }),
        );
      });
    }
  }, [items, onChange]);

  function add(files: FileList | null) {
    if (!files?.length) return;
    const room = single ? 1 : Math.max(0, max - items.length);
    const chosen = [...files].slice(0, room);
    setOverflow(files.length > room);
    const added: ImageItem[] = chosen.map((file) => {
      const key = newKey();
      const preview = URL.createObjectURL(file);
      if (file.size > CONTENT_IMAGE_LIMITS.maxBytes) return { key, state: "failed", name: file.name, preview, error: OFFER_PHOTO_MESSAGES.tooLarge, file };
      return { key, state: "uploading", name: file.name, preview, progress: 0, file };
    });
    // One image: the new one takes the old one's place.
    onChange((all) => {
      if (single) all.forEach(release);
      return single ? added : [...all, ...added];
    });
    if (inputRef.current) inputRef.current.value = "";
  }

  function release(item: ImageItem) {
    if (item.state !== "stored") URL.revokeObjectURL(item.preview);
  }

  function retry(key: string) {
    onChange((all) => all.map((i) => (i.key === key && i.state === "failed" ? { key, state: "uploading", name: i.name, preview: i.preview, progress: 0, file: i.file } : i)));
  }

  function remove(key: string) {
    setOverflow(false);
    onChange((all) => {
      const item = all.find((i) => i.key === key);
      if (item) release(item);
      return all.filter((i) => i.key !== key);
    });
  }

  function move(key: string, to: number) {
    onChange((all) => {
      const from = all.findIndex((i) => i.key === key);
      if (from < 0 || to < 0 || to >= all.length) return all;
      const next = [...all];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
  }

  const full = !single && items.length >= max;
  const action = single ? (items.length ? "استبدال الصورة" : "اختيار صورة") : "إضافة صور";
  const message = error ?? (overflow ? CONTENT_MESSAGES.tooManyImages(max) : undefined);
  const describedBy = [hintId, message ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className={`${adminSecondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 ${full ? "pointer-events-none opacity-60" : ""}`}>
          {action}
          <input
            ref={inputRef}
            type="file"
            accept={CONTENT_IMAGE_LIMITS.accept}
            multiple={!single}
            disabled={full}
            className="sr-only"
            aria-label={`${action}: ${field.label}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => add(event.currentTarget.files)}
          />
        </label>
        {!single ? <p className="text-sm text-stone-600">{`الصور: ${formatNumberArabic(items.length)} من ${formatNumberArabic(max)}`}</p> : null}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-sm font-bold text-red-700">
          {message}
        </p>
      ) : null}
      {items.length ? (
        <ol className={`grid gap-3 ${single ? "max-w-sm" : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"}`} aria-label={field.label}>
          {items.map((item, index) => {
            const src = item.state === "stored" ? item.src : item.preview;
            const label = `${field.label}: الصورة ${index + 1}`;
            return (
              <li
                key={item.key}
                data-upload-state={item.state}
                className={`overflow-hidden rounded-xl bg-white ring-1 ${item.state === "failed" ? "ring-red-400" : "ring-stone-200"}`}
                data-testid="content-image"
              >
                <div className="relative aspect-[4/3] bg-stone-200">
                  <img src={src} alt={label} className={`size-full object-cover ${item.state === "uploading" ? "opacity-60" : ""}`} />
                  {item.state === "uploading" ? (
                    <progress className="absolute inset-x-2 bottom-2 h-2 w-[calc(100%-1rem)] accent-brand-600" max={1} value={item.progress} aria-label={`رفع ${item.name}`} />
                  ) : null}
                </div>
                <div className="grid gap-2 p-2 text-sm">
                  {item.state === "failed" ? (
                    <p role="alert" className="font-bold text-red-700">
                      <bdi>{item.name}</bdi>: {item.error}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-1">
                    {!single ? (
                      <>
                        <button
                          type="button"
                          aria-label={`تقديم ${label}`}
                          disabled={index === 0}
                          className="rounded-lg px-2 py-1 ring-1 ring-stone-300 disabled:opacity-40"
                          onClick={() => move(item.key, index - 1)}
                        >
                          →
                        </button>
                        <button
                          type="button"
                          aria-label={`تأخير ${label}`}
                          disabled={index === items.length - 1}
                          className="rounded-lg px-2 py-1 ring-1 ring-stone-300 disabled:opacity-40"
                          onClick={() => move(item.key, index + 1)}
                        >
                          ←
                        </button>
                      </>
                    ) : null}
                    {item.state === "failed" && item.error !== OFFER_PHOTO_MESSAGES.tooLarge ? (
                      <button type="button" className="rounded-lg px-2 py-1 font-bold text-brand-800 ring-1 ring-brand-200" onClick={() => retry(item.key)}>
                        إعادة المحاولة
                      </button>
                    ) : null}
                    <button type="button" aria-label={`إزالة ${label}`} className={`${adminDangerButtonClass} px-2 py-1`} onClick={() => remove(item.key)}>
                      إزالة
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
