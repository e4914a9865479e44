import { useEffect, useRef, type ReactNode } from "react";
import { uploadWithProgress } from "~/components/forms/upload-with-progress.ts";
import type { ImageRef } from "~/utils/image-ref.ts";
import { adminDangerButtonClass } from "./styles.ts";

/** A photo of an upload list: stored (with what its page keeps of it), uploading, or refused (named, with its reason). */
export type UploadItem<Stored> =
  | ({ key: string; state: "stored" } & Stored)
  | { key: string; state: "uploading"; name: string; preview: string; progress: number; file: File }
  | { key: string; state: "failed"; name: string; preview: string; error: string; file: File };

/** The photo endpoints' answer: the stored image, or the reason it was refused. */
type UploadAnswer = { ok: true; image: ImageRef } | { ok: false; error: string };

let nextKey = 0;
/** A key for a photo of the list that has no id of its own yet. */
export const uploadKey = () => `upload-${++nextKey}`;

const UPLOADS_AT_ONCE = 2;

/** The files just chosen in a file input, which is cleared so that the same file can be chosen again. */
export function takeChosenFiles(input: HTMLInputElement): File[] {
  const files = [...(input.files ?? [])];
  input.value = "";
  return files;
}

/**
 * The upload queue of a photo list (the offer form's photos, the content editor's images): each
 * chosen file is previewed at once and posted on its own to `url` with its progress, a couple at
 * a time, in their order; a file over `maxBytes` is refused before sending. The page holds the
 * items (`items`, `onChange`) and says what it keeps of a stored image (`stored`).
 */
export function usePhotoUploads<Stored>({
  items,
  onChange,
  url,
  maxBytes,
  messages,
  stored,
}: {
  items: UploadItem<Stored>[];
  onChange: (update: (items: UploadItem<Stored>[]) => UploadItem<Stored>[]) => void;
  url: string;
  maxBytes: number;
  /** The refusal of a file over `maxBytes` (not retried), and the one when the endpoint did not answer. */
  messages: { tooLarge: string; uploadFailed: string };
  stored: (image: ImageRef, name: string) => Stored;
}) {
  /** The photos whose upload is under way. */
  const active = useRef(new Set<string>());

  // The photos waiting to upload are those "uploading" and not under way: start them in their order,
  // a couple at a time. An upload's end changes `items`, which starts the next.
  useEffect(() => {
    for (const item of items) {
      if (active.current.size >= UPLOADS_AT_ONCE) break;
      if (item.state !== "uploading" || active.current.has(item.key)) continue;
      const key = item.key;
      const onProgress = (progress: number) => onChange((all) => all.map((i) => (i.key === key && i.state === "uploading" ? { ...i, progress } : i)));
      active.current.add(key);
      void uploadWithProgress<UploadAnswer>(url, item.file, { onProgress, contentType: item.file.type || "application/octet-stream" }).then((answer) => {
        const result = answer ?? { ok: false, error: messages.uploadFailed };
        active.current.delete(key);
        onChange((all) =>
          all.map((i): UploadItem<Stored> => {
            if (i.key !== key || i.state !== "uploading") return i;
            if (!result.ok) return { key, state: "failed", name: i.name, preview: i.preview, error: result.error, file: i.file };
            URL.revokeObjectURL(i.preview);
            return { key, state: "stored", ...stored(result.image, i.name) };
          }),
        );
      });
    }
  }, [items, onChange, url, messages, stored]);

  function release(item: UploadItem<Stored>) {
    if (item.state !== "stored") URL.revokeObjectURL(item.preview);
  }

  return {
    /** Adds the files after the others, or in place of them all (`replace`). */
    add(files: File[], { replace = false } = {}) {
      const added = files.map((file): UploadItem<Stored> => {
        const key = uploadKey();
        const preview = URL.createObjectURL(file);
        if (file.size > maxBytes) return { key, state: "failed", name: file.name, preview, error: messages.tooLarge, file };
        return { key, state: "uploading", name: file.name, preview, progress: 0, file };
      });
      onChange((all) => {
        if (replace) all.forEach(release);
        return replace ? added : [...all, ...added];
      });
    },
    /** A refused photo that may be sent again (not one too large). */
    canRetry: (item: UploadItem<Stored>) => item.state === "failed" && item.error !== messages.tooLarge,
    retry(key: string) {
      onChange((all) => all.map((i) => (i.key === key && i.state === "failed" ? { key, state: "uploading", name: i.name, preview: i.preview, progress: 0, file: i.file } : i)));
    },
    remove(key: string) {
      onChange((all) => {
        const item = all.find((i) => i.key === key);
        if (item) release(item);
        return all.filter((i) => i.key !== key);
      });
    },
    move(key: string, to: number) {
      onChange((all) => {
        const from = all.findIndex((i) => i.key === key);
        if (from < 0 || to < 0 || to >= all.length) return all;
        const next = [...all];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item!);
        return next;
      });
    },
  };
}

const smallButtonClass = "rounded-lg px-2 py-1 ring-1 ring-stone-300 disabled:opacity-40";

/** A photo's buttons to move it a place earlier or later in its list. */
export function MoveButtons({ label, index, count, onMove }: { label: string; index: number; count: number; onMove: (to: number) => void }) {
  return (
    <>
      <button type="button" aria-label={`تقديم ${label}`} disabled={index === 0} className={smallButtonClass} onClick={() => onMove(index - 1)}>
        →
      </button>
      <button type="button" aria-label={`تأخير ${label}`} disabled={index === count - 1} className={smallButtonClass} onClick={() => onMove(index + 1)}>
        ←
      </button>
    </>
  );
}

type PhotoUploads<Stored> = ReturnType<typeof usePhotoUploads<Stored>>;

/**
 * One photo of an upload list, named `label`: the picture (dimmed, with the upload's progress,
 * while it goes), a refused one's name and reason, then its buttons: the page's own (`children`),
 * «إعادة المحاولة» for a refused photo that may be sent again, and the remove button
 * (`removeText`; `onRemove` when the page does more than remove it).
 */
export function UploadTile<Stored>({
  item,
  uploads,
  src,
  label,
  testId,
  badge,
  removeText,
  onRemove,
  children,
}: {
  item: UploadItem<Stored>;
  uploads: Pick<PhotoUploads<Stored>, "canRetry" | "retry" | "remove">;
  src: string;
  label: string;
  testId: string;
  /** Shown over the picture (the offer's main photo). */
  badge?: ReactNode;
  removeText: string;
  onRemove?: () => void;
  children?: ReactNode;
}) {
  return (
    <li data-upload-state={item.state} className={`overflow-hidden rounded-xl bg-white ring-1 ${item.state === "failed" ? "ring-red-400" : "ring-stone-200"}`} data-testid={testId}>
      <div className="relative aspect-[4/3] bg-stone-200">
        <img src={src} alt={label} className={`size-full object-cover ${item.state === "uploading" ? "opacity-60" : ""}`} />
        {badge}
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
          {children}
          {uploads.canRetry(item) ? (
            <button type="button" className="rounded-lg px-2 py-1 font-bold text-brand-800 ring-1 ring-brand-200" onClick={() => uploads.retry(item.key)}>
              إعادة المحاولة
            </button>
          ) : null}
          <button type="button" aria-label={`${removeText} ${label}`} className={`${adminDangerButtonClass} px-2 py-1`} onClick={onRemove ?? (() => uploads.remove(item.key))}>
            {removeText}
          </button>
        </div>
      </div>
    </li>
  );
}
