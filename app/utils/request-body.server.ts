import type { IncomingMessage } from "node:http";
import type { RouterContextProvider } from "react-router";
import { requestBodyContext } from "~/context.ts";
import { MESSAGES } from "./messages.ts";

/** A request body larger than the caller allows; reading stopped at the limit. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
  }
}

/** Reads a request body into memory, refusing (without reading on) once it passes `maxBytes`. */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The body of a Node request as a web stream that never passes `limit` bytes, for the request
 * handler (app/framework/request-handler.server.ts) to give to React Router. A declared Content-Length over the
 * limit is refused without reading a byte; otherwise the stream fails with BodyTooLargeError as soon
 * as the count passes the limit, and reading from the connection stops there. `onRefused` runs
 * once, at that moment. Cancelling the stream only stops reading: the answer still has to go out.
 */
export function limitedRequestBody(req: IncomingMessage, limit: number, onRefused: () => void): ReadableStream<Uint8Array> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    onRefused();
    return new ReadableStream({ pull: (controller) => controller.error(new BodyTooLargeError()) });
  }
  let received = 0;
  let stop = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > limit) {
            stop();
            onRefused();
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          stop();
          controller.close();
        };
        const onError = (error: unknown) => {
          stop();
          controller.error(error);
        };
        // A request closed before its end was cut off by the client: not a complete body.
        const onClose = () => {
          if (!req.complete) onError(new Error("request body cut off by the client"));
        };
        stop = () => {
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
          req.off("close", onClose);
          req.pause();
        };
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        req.on("close", onClose);
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

export type FormRefusal = { ok: false; status: 400 | 413; message: string; form: FormData };
export type FormReading = { ok: true; form: FormData } | FormRefusal;

/**
 * The one way a page action reads its form: within the request's body limit (64 KiB for every
 * text form), and never with a NUL character (PostgreSQL text cannot store it). A refusal
 * carries its status, its Arabic message and what can be given back (the fields without NUL;
 * nothing of a body that was too large), so the page answers in its own form. `maxBytes` holds
 * a page whose path allows an upload (the finance page's receipt) to less for its text forms.
 */
export async function readForm(request: Request, context: Readonly<RouterContextProvider>, { maxBytes = Infinity }: { maxBytes?: number } = {}): Promise<FormReading> {
  const body = context.get(requestBodyContext);
  const refuse = (status: 400 | 413, message: string, form = new FormData()): FormRefusal => ({ ok: false, status, message, form });
  let bytes: Buffer;
  try {
    bytes = await readBodyWithLimit(request, Math.min(body.limit, maxBytes));
  } catch (error) {
    if (error instanceof BodyTooLargeError || body.tooLarge) return refuse(413, MESSAGES.bodyTooLarge);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    return refuse(400, MESSAGES.badRequest);
  }
  let hasNul = false;
  const cleaned = new FormData();
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      cleaned.append(name.replaceAll("\0", ""), value);
    } else if (name.includes("\0") || value.includes("\0")) {
      hasNul = true;
      cleaned.append(name.replaceAll("\0", ""), value.replaceAll("\0", ""));
    } else {
      cleaned.append(name, value);
    }
  }
  return hasNul ? refuse(400, MESSAGES.nulRefused, cleaned) : { ok: true, form };
}

/** True if any string inside a parsed JSON value holds a NUL character (keys included). */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\0") || containsNul(item));
  return false;
}
