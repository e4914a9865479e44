import { useState } from "react";
import { MoveButtons, takeChosenFiles, UploadTile, uploadKey, usePhotoUploads, type UploadItem } from "~/components/admin/photo-uploads.tsx";
import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { OFFER_PHOTO_MESSAGES } from "~/modules/images/photo-limits.ts";
import { formatNumberArabic } from "~/utils/format.ts";
import { imageUrl, type ImageRef } from "~/utils/image-ref.ts";
import { CONTENT_IMAGE_LIMITS, CONTENT_MESSAGES, type ContentField } from "../content-sections.ts";
import type { ContentImage } from "../content-view.ts";

/** An image of the field: stored (posted back by its token), uploading, or refused (named, with its reason). */
export type ImageItem = UploadItem<{ token: string; src: string }>;

/** The editor's items for a field's stored images: our own shown from their 400 px variant, links as they are. */
export function storedImageItems(images: ContentImage[]): ImageItem[] {
  return images.map((item) => ({ key: uploadKey(), state: "stored", token: item.token, src: item.image ? imageUrl(item.image, 400) : item.url }));
}

/** What the editor keeps of an uploaded image: its id (posted back) and its 400 px variant. */
const storedImage = (image: ImageRef) => ({ token: image.id, src: imageUrl(image, 400) });

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
  const [overflow, setOverflow] = useState(false);
  const max = field.maxItems ?? 1;
  const single = max === 1;
  const uploads = usePhotoUploads({
    items,
    onChange,
    url: "/admin/content/images",
    maxBytes: CONTENT_IMAGE_LIMITS.maxBytes,
    messages: OFFER_PHOTO_MESSAGES,
    stored: storedImage,
  });

  function add(files: File[]) {
    if (!files.length) return;
    const room = single ? 1 : Math.max(0, max - items.length);
    setOverflow(files.length > room);
    // One image: the new one takes the old one's place.
    uploads.add(files.slice(0, room), { replace: single });
  }

  function remove(key: string) {
    setOverflow(false);
    uploads.remove(key);
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
            type="file"
            accept={CONTENT_IMAGE_LIMITS.accept}
            multiple={!single}
            disabled={full}
            className="sr-only"
            aria-label={`${action}: ${field.label}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => add(takeChosenFiles(event.currentTarget))}
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
            const label = `${field.label}: الصورة ${formatNumberArabic(index + 1)}`;
            return (
              <UploadTile key={item.key} item={item} uploads={uploads} src={src} label={label} testId="content-image" removeText="إزالة" onRemove={() => remove(item.key)}>
                {!single ? <MoveButtons label={label} index={index} count={items.length} onMove={(to) => uploads.move(item.key, to)} /> : null}
              </UploadTile>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
