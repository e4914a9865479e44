import { useEffect, useRef } from "react";
import { adminDangerButtonClass, adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import { imageUrl, type ImageRef } from "~/utils/image-ref.ts";
import { OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES, type OfferPhotoResult } from "../../offer-photos.ts";

/** A photo of the form: already stored, uploading, or refused (named, with its reason). */
export type PhotoItem =
  | { key: string; state: "stored"; image: ImageRef; name?: string }
  | { key: string; state: "uploading"; name: string; preview: string; progress: number; file: File }
  | { key: string; state: "failed"; name: string; preview: string; error: string; file: File };

const UPLOADS_AT_ONCE = 2;

/** Posts one photo as the request body, with its progress. */
async function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<OfferPhotoResult> {
  const answer = await uploadWithProgress<OfferPhotoResult>("/admin/offers/photos", file, { onProgress, contentType: file.type || "application/octet-stream" });
  return answer ?? { ok: false, error: OFFER_PHOTO_MESSAGES.uploadFailed };
}

/**
 * Photos of an offer (a main photo is required): chosen from the camera roll or the disk, previewed at once and
 * uploaded one by one with a progress bar. The first photo is the main one; staff can move photos
 * and make another the main one. A refused photo shows its name and reason and keeps its place
 * until removed or retried; the others and the typed form are untouched.
 */
export function PhotoManager({
  items,
  onChange,
  error,
  errorId,
}: {
  items: PhotoItem[];
  onChange: (update: (items: PhotoItem[]) => PhotoItem[]) => void;
  error?: string;
  errorId: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  /** The photos whose upload is under way. */
  const active = useRef(new Set<string>());

  // The photos waiting to upload are those "uploading" and not under way: start them in their order,
  // a couple at a time. An upload's end changes `items`, which starts the next.
  useEffect(() => {
    for (const item of items) {
      if (active.current.size >= UPLOADS_AT_ONCE) break;
      if (item.state !== "uploading" || active.current.has(item.key)) continue;
      const key = item.key;
      active.current.add(key);
      void uploadPhoto(item.file, (progress) => onChange((all) => all.map((i) => (i.key === key && i.state === "uploading" ? { ...i, progress } : i)))).then((result) => {
        active.current.delete(key);
        onChange((all) =>
          all.map((i) => {
            if (i.key !== key || i.state !== "uploading") return i;
            if (result.ok) {
              URL.revokeObjectURL(i.preview);
              return { key, state: "stored", image: result.image, name: i.name };
            }
            return { key, state: "failed", name: i.name, preview: i.preview, error: result.error, file: i.file };
          }),
        );
      });
    }
  }, [items, onChange]);

  function add(files: FileList | null) {
    if (!files?.length) return;
    const added: PhotoItem[] = [...files].map((file) => {
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      if (file.size > OFFER_PHOTO_LIMITS.maxBytes) return { key, state: "failed", name: file.name, preview, error: OFFER_PHOTO_MESSAGES.tooLarge, file };
      return { key, state: "uploading", name: file.name, preview, progress: 0, file };
    });
    onChange((all) => [...all, ...added]);
    if (inputRef.current) inputRef.current.value = "";
  }

  function retry(key: string) {
    onChange((all) => all.map((i) => (i.key === key && i.state === "failed" ? { key, state: "uploading", name: i.name, preview: i.preview, progress: 0, file: i.file } : i)));
  }

  function remove(key: string) {
    onChange((all) => {
      const item = all.find((i) => i.key === key);
      if (item && item.state !== "stored") URL.revokeObjectURL(item.preview);
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

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className={`${adminSecondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-500`}>
          إضافة صور
          <input
            ref={inputRef}
            type="file"
            accept={OFFER_PHOTO_LIMITS.accept}
            multiple
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => add(event.currentTarget.files)}
          />
        </label>
        <p className="text-sm text-stone-600">الصورة الأولى هي الصورة الرئيسية للعرض.</p>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-bold text-red-700">
          {error}
        </p>
      ) : null}
      {items.length ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="صور العرض">
          {items.map((item, index) => {
            const src = item.state === "stored" ? imageUrl(item.image, 400) : item.preview;
            const label = item.name || `الصورة ${index + 1}`;
            return (
              <li key={item.key} className={`overflow-hidden rounded-xl bg-white ring-1 ${item.state === "failed" ? "ring-red-400" : "ring-stone-200"}`} data-testid="offer-photo">
                <div className="relative aspect-[4/3] bg-stone-200">
                  <img src={src} alt={label} className={`size-full object-cover ${item.state === "uploading" ? "opacity-60" : ""}`} />
                  {index === 0 ? <span className="absolute top-2 start-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">الرئيسية</span> : null}
                  {item.state === "uploading" ? (
                    <progress className="absolute inset-x-2 bottom-2 h-2 w-[calc(100%-1rem)] accent-brand-600" max={1} value={item.progress} aria-label={`رفع ${label}`} />
                  ) : null}
                </div>
                <div className="grid gap-2 p-2 text-sm">
                  {item.state === "failed" ? (
                    <p role="alert" className="font-bold text-red-700">
                      <bdi>{item.name}</bdi>: {item.error}
                    </p>
                  ) : null}
                  <div className="flex flex-wrap gap-1">
                    {index > 0 ? (
                      <button type="button" className="rounded-lg px-2 py-1 font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50" onClick={() => move(item.key, 0)}>
                        اجعلها الرئيسية
                      </button>
                    ) : null}
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
                    {item.state === "failed" && item.error !== OFFER_PHOTO_MESSAGES.tooLarge ? (
                      <button type="button" className="rounded-lg px-2 py-1 font-bold text-brand-800 ring-1 ring-brand-200" onClick={() => retry(item.key)}>
                        إعادة المحاولة
                      </button>
                    ) : null}
                    <button type="button" aria-label={`حذف ${label}`} className={`${adminDangerButtonClass} px-2 py-1`} onClick={() => remove(item.key)}>
                      حذف
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
