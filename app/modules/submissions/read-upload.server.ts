import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { SMALL_FORM_BODY_LIMIT, SUBMISSION_BODY_LIMIT } from "~/utils/body-limits.ts";
import { BodyTooLargeError, readBodyWithLimit } from "~/utils/request-body.server.ts";
import { SUBMISSION_MESSAGES, SUBMISSION_PHOTOS } from "./limits.ts";

export interface UploadedPhoto {
  fileName: string;
  bytes: Uint8Array;
}

export interface SubmissionUpload {
  fields: Map<string, string>;
  photos: UploadedPhoto[];
}

/** An upload refused while it streamed in; `fields` holds the text read so far, to give back. */
export class UploadRefusedError extends Error {
  readonly status: number;
  readonly fields: Map<string, string>;
  constructor(message: string, status: number, fields: Map<string, string>) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
}

/** Text fields are small; every photo is at most 5 MB; 10 photos; a little room for the rest. */
export const UPLOAD_LIMITS = {
  maxFileSize: SUBMISSION_PHOTOS.maxBytes,
  maxParts: SUBMISSION_PHOTOS.max + 30,
  maxTotalSize: SUBMISSION_BODY_LIMIT,
  maxTextField: 20_000,
} as const;

/**
 * Reads an owner submission as it streams in, never holding more than the limits allow: a photo
 * over 5 MB, an 11th photo or an oversized request stops the reading at that point (the rest of
 * the body is never read) and is refused with its Arabic message.
 */
export async function readSubmissionUpload(request: Request): Promise<SubmissionUpload> {
  const fields = new Map<string, string>();
  const photos: UploadedPhoto[] = [];
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > UPLOAD_LIMITS.maxTotalSize) throw new UploadRefusedError(SUBMISSION_MESSAGES.requestTooLarge, 413, fields);

  if (!isMultipartRequest(request)) {
    // A plain form post (no photos at all): read the text, the photo check refuses it later.
    let text: string;
    try {
      text = (await readBodyWithLimit(request, SMALL_FORM_BODY_LIMIT)).toString("utf8");
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new UploadRefusedError(SUBMISSION_MESSAGES.requestTooLarge, 413, fields);
      throw error;
    }
    for (const [key, value] of new URLSearchParams(text)) fields.set(key, value.slice(0, UPLOAD_LIMITS.maxTextField));
    return { fields, photos };
  }

  const decoder = new TextDecoder();
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: UPLOAD_LIMITS.maxFileSize,
      maxParts: UPLOAD_LIMITS.maxParts,
      maxTotalSize: UPLOAD_LIMITS.maxTotalSize,
    })) {
      const name = part.name;
      if (!name) continue;
      if (part.isFile) {
        if (name !== SUBMISSION_PHOTOS.field) continue;
        const bytes = part.bytes;
        if (bytes.byteLength === 0) continue; // the empty part a file input sends when nothing is chosen
        if (photos.length >= SUBMISSION_PHOTOS.max) throw new UploadRefusedError(SUBMISSION_MESSAGES.tooManyPhotos, 413, fields);
        photos.push({ fileName: part.filename ?? "", bytes });
      } else {
        fields.set(name, decoder.decode(part.bytes).slice(0, UPLOAD_LIMITS.maxTextField));
      }
    }
  } catch (error) {
    if (error instanceof UploadRefusedError) throw error;
    // Cut by the request handler at the same total (server/request-handler.ts).
    if (error instanceof BodyTooLargeError) throw new UploadRefusedError(SUBMISSION_MESSAGES.requestTooLarge, 413, fields);
    if (error instanceof MaxFileSizeExceededError) throw new UploadRefusedError(SUBMISSION_MESSAGES.photoTooLarge, 413, fields);
    if (error instanceof MaxTotalSizeExceededError || error instanceof MaxPartsExceededError) {
      throw new UploadRefusedError(SUBMISSION_MESSAGES.requestTooLarge, 413, fields);
    }
    if (error instanceof MultipartParseError) throw new UploadRefusedError(SUBMISSION_MESSAGES.photosUnreadable, 400, fields);
    throw error;
  }
  return { fields, photos };
}
