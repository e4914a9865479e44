import { adminSecondaryButtonClass } from "~/components/admin/styles.ts";
import { MoveButtons, takeChosenFiles, UploadTile, usePhotoUploads, type UploadItem } from "~/components/admin/photo-uploads.tsx";
import { imageUrl, type ImageRef } from "~/utils/image-ref.ts";
import { OFFER_PHOTO_LIMITS, OFFER_PHOTO_MESSAGES } from "~/modules/images/photo-limits.ts";
import { formatNumberArabic } from "~/utils/format.ts";

/** A photo of the form: already stored, uploading, or refused (named, with its reason). */
export type PhotoItem = UploadItem<StoredPhoto>;
type StoredPhoto = { image: ImageRef; name?: string };

/** What the form keeps of an uploaded photo: the stored image, and the file's name for its label. */
const storedPhoto = (image: ImageRef, name: string): StoredPhoto => ({ image, name });

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
  const uploads = usePhotoUploads({
    items,
    onChange,
    url: "/admin/offers/photos",
    maxBytes: OFFER_PHOTO_LIMITS.maxBytes,
    messages: OFFER_PHOTO_MESSAGES,
    stored: storedPhoto,
  });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className={`${adminSecondaryButtonClass} cursor-pointer focus-within:ring-2 focus-within:ring-brand-500`}>
          إضافة صور
          <input
            type="file"
            accept={OFFER_PHOTO_LIMITS.accept}
            multiple
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const files = takeChosenFiles(event.currentTarget);
              if (files.length) uploads.add(files);
            }}
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
            const label = item.name || `الصورة ${formatNumberArabic(index + 1)}`;
            return (
              <UploadTile
                key={item.key}
                item={item}
                uploads={uploads}
                src={src}
                label={label}
                testId="offer-photo"
                badge={index === 0 ? <span className="absolute top-2 start-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">الرئيسية</span> : null}
                removeText="حذف"
              >
                {index > 0 ? (
                  <button type="button" className="rounded-lg px-2 py-1 font-bold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50" onClick={() => uploads.move(item.key, 0)}>
                    اجعلها الرئيسية
                  </button>
                ) : null}
                <MoveButtons label={label} index={index} count={items.length} onMove={(to) => uploads.move(item.key, to)} />
              </UploadTile>
            );
          })}
        </ol>
      ) : null}
    </div>
  );
}
