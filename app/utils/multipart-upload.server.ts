import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import type { RequestBodyState } from "~/context.ts";
import { SMALL_FORM_BODY_LIMIT } from "./body-limits.ts";
import { MESSAGES } from "./messages.ts";
import { BodyTooLargeError, readBodyWithLimit } from "./request-body.server.ts";

/** How a page answers one kind of refused upload: the status, its Arabic message, and the field it shows under (else above the form). */
export interface UploadAnswer {
  status: 400 | 413;
  message: string;
  field?: string;
}

/** One upload form's limits and answers (decision 012: the total is the path's body limit). */
export interface UploadRules {
  /** The whole body: a declared length over it is refused before a byte is read. */
  maxTotalSize: number;
  /** One file. */
  maxFileSize: number;
  /** Every part, files and text fields together. */
  maxParts: number;
  /** The longest text field kept (longer ones are cut); no cut without it. */
  maxTextLength?: number;
  /**
   * The files read: those of one field, `max` at most. An empty part is the one a file input sends
   * when nothing is chosen and is skipped, unless `keepEmpty` (the schema then tells it apart).
   */
  files: { field: string; max: number; keepEmpty?: boolean };
  /** A NUL character in a text field (PostgreSQL text cannot hold it): refused with 400, once the body is read; the fields given back go without it. */
  refuseNul?: boolean;
  answers: {
    /** The body over `maxTotalSize`: declared so, cut by the request handler, or counted by the parser. */
    tooLarge: UploadAnswer;
    /** A file over `maxFileSize`. */
    fileTooLarge: UploadAnswer;
    /** A file past `files.max`; without it, such files are passed over. */
    tooManyFiles?: UploadAnswer;
    /** More parts than `maxParts`. */
    tooManyParts: UploadAnswer;
    /** A body that is not readable multipart form data. */
    unreadable: UploadAnswer;
    /** With it, a post that is not multipart (no file at all) is read as a plain form within 64 KiB, and one past that gets this answer; without it, such a post is `unreadable`. */
    plainForm?: UploadAnswer;
  };
}

export interface UploadedFile {
  fileName: string;
  mediaType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A refused upload: its answer, and the text fields read before it, to give back. */
type UploadRefusal = UploadAnswer & { ok: false; fields: URLSearchParams };
export type UploadReading = { ok: true; fields: URLSearchParams; files: UploadedFile[] } | UploadRefusal;

/** An uploaded file as a `File`, for a form's schema. */
export function asFile(upload: UploadedFile): File {
  return new File([upload.bytes], upload.fileName, { type: upload.mediaType });
}

/**
 * Reads an upload form as it streams in, never holding more than its rules allow: a file over its
 * size, one file too many, too many parts or a body over its total stops the reading at that
 * point (the rest of the body is never read) and is refused with the page's answer, the text
 * fields read before it given back. `body` (the request handler's state of the path's limit)
 * lets a body the handler has cut count as too large, whatever error the reading then meets.
 */
export async function readUpload(request: Request, rules: UploadRules, body?: RequestBodyState): Promise<UploadReading> {
  const { answers } = rules;
  const fields = new URLSearchParams();
  const files: UploadedFile[] = [];
  const refuse = (answer: UploadAnswer): UploadRefusal => ({ ...answer, ok: false, fields });
  let hasNul = false;
  const addText = (name: string, value: string) => {
    const text = value.slice(0, rules.maxTextLength);
    hasNul ||= name.includes("\0") || text.includes("\0");
    if (rules.refuseNul) fields.append(name.replaceAll("\0", ""), text.replaceAll("\0", ""));
    else fields.append(name, text);
  };
  if (body?.tooLarge || Number(request.headers.get("content-length") ?? 0) > rules.maxTotalSize) return refuse(answers.tooLarge);

  if (answers.plainForm && !isMultipartRequest(request)) {
    let text: string;
    try {
      text = (await readBodyWithLimit(request, SMALL_FORM_BODY_LIMIT)).toString("utf8");
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(answers.plainForm);
      throw error;
    }
    for (const [name, value] of new URLSearchParams(text)) addText(name, value);
  } else {
    const decoder = new TextDecoder();
    try {
      const { maxFileSize, maxParts, maxTotalSize } = rules;
      for await (const part of parseMultipartRequest(request, { maxFileSize, maxParts, maxTotalSize })) {
        if (!part.name) continue;
        if (!part.isFile) {
          addText(part.name, decoder.decode(part.bytes));
          continue;
        }
        if (part.name !== rules.files.field || (part.size === 0 && !rules.files.keepEmpty)) continue;
        if (files.length >= rules.files.max) {
          if (answers.tooManyFiles) return refuse(answers.tooManyFiles);
          continue;
        }
        files.push({ fileName: part.filename ?? "", mediaType: part.mediaType ?? "", bytes: new Uint8Array(part.arrayBuffer) });
      }
    } catch (error) {
      // Over the limits here, or cut by the request handler at the same total (app/framework/request-handler.server.ts).
      if (error instanceof BodyTooLargeError || body?.tooLarge) return refuse(answers.tooLarge);
      if (error instanceof MaxFileSizeExceededError) return refuse(answers.fileTooLarge);
      if (error instanceof MaxTotalSizeExceededError) return refuse(answers.tooLarge);
      if (error instanceof MaxPartsExceededError) return refuse(answers.tooManyParts);
      if (error instanceof MultipartParseError) return refuse(answers.unreadable);
      throw error;
    }
  }
  return rules.refuseNul && hasNul ? refuse({ status: 400, message: MESSAGES.nulRefused }) : { ok: true, fields, files };
}
