import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS } from "../limits.ts";

/** Whether the first bytes are those of an image format the pipeline accepts. */
function looksLikeImage(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true; // JPEG
  if (head[0] === 0x89 && ascii(1, 4) === "PNG") return true;
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return true;
  if (ascii(0, 4) === "GIF8") return true;
  if (ascii(4, 8) === "ftyp") return /^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(ascii(8, 12)); // HEIC, AVIF
  return false;
}

/**
 * The browser's check before anything is uploaded (the server checks again): at least one
 * photo, at most ten, each at most 5 MB and really an image.
 */
export async function checkPhotos(files: readonly File[]): Promise<string | undefined> {
  if (files.length < SUBMISSION_PHOTOS.min) return SUBMISSION_MESSAGES.photosRequired;
  if (files.length > SUBMISSION_PHOTOS.max) return SUBMISSION_MESSAGES.tooManyPhotos;
  if (files.some((file) => file.size > SUBMISSION_PHOTOS.maxBytes)) return SUBMISSION_MESSAGES.photoTooLarge;
  for (const file of files) {
    let head: Uint8Array;
    try {
      head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    } catch {
      return SUBMISSION_MESSAGES.photosUnreadable;
    }
    if (!looksLikeImage(head)) return `${SUBMISSION_MESSAGES.photosUnreadable} الملف «${file.name}» ليس صورة صالحة.`;
  }
  return undefined;
}
