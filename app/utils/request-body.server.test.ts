import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { requestBodyContext } from "~/context.ts";
import { FINANCE_LIMITS } from "~/modules/finance/finance-messages.ts";
import { OFFER_PHOTO_LIMITS } from "~/modules/images/photo-limits.ts";
import { SUBMISSION_PHOTOS } from "~/modules/submissions/limits.ts";
import { UPLOAD_LIMITS } from "~/modules/submissions/read-upload.server.ts";
import { bodyLimitFor } from "../../tests/setup/route-table.ts";
import { FINANCE_REQUEST_BODY_LIMIT, OFFER_PHOTO_BODY_LIMIT, SMALL_FORM_BODY_LIMIT, SUBMISSION_BODY_LIMIT } from "./body-limits.ts";
import { MESSAGES } from "./messages.ts";
import { BodyTooLargeError, containsNul, limitedRequestBody, readForm } from "./request-body.server.ts";

const KiB = 1024;

function contextWith(state?: { limit: number; tooLarge: boolean }) {
  const context = new RouterContextProvider();
  if (state) context.set(requestBodyContext, state);
  return context;
}

function formPost(body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" }) {
  return new Request("http://localhost/contact", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

/** A body that streams `total` bytes of "a" without a length, counting what was pulled from it. */
function countingStream(total: number) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(16 * KiB).fill(97);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe("bodyLimitFor", () => {
  it("gives the upload routes their documented limits and every other path 64 KiB", () => {
    expect(SMALL_FORM_BODY_LIMIT).toBe(64 * KiB);
    expect(bodyLimitFor("/api/submissions")).toBe(SUBMISSION_BODY_LIMIT);
    expect(bodyLimitFor("/list-your-property")).toBe(SUBMISSION_BODY_LIMIT);
    expect(bodyLimitFor("/list-your-property.data")).toBe(SUBMISSION_BODY_LIMIT);
    expect(bodyLimitFor("/API/Submissions/")).toBe(SUBMISSION_BODY_LIMIT);
    expect(bodyLimitFor("/admin/offers/photos")).toBe(OFFER_PHOTO_BODY_LIMIT);
    for (const path of ["/admin/finance", "/admin/finance.data", "/admin/finance/request"]) expect(bodyLimitFor(path), path).toBe(FINANCE_REQUEST_BODY_LIMIT);
    expect(bodyLimitFor("/admin/finance/events")).toBe(SMALL_FORM_BODY_LIMIT);
    for (const path of ["/admin/offers/new", "/admin/offers/new.data", "/admin/offers/edit/12", "/admin/offers/edit/12.data"]) {
      expect(bodyLimitFor(path), path).toBe(2 * 1024 * KiB);
    }
    for (const path of [
      "/contact",
      "/contact.data",
      "/offer/3",
      "/offer/3.data",
      "/login",
      "/admin/profile",
      "/admin/offers",
      "/admin/offers/edit/12/x",
      "/_root.data",
      "/no-such-page",
    ]) {
      expect(bodyLimitFor(path), path).toBe(SMALL_FORM_BODY_LIMIT);
    }
  });

  it("matches the limits the domain modules check themselves", () => {
    expect(SUBMISSION_BODY_LIMIT).toBe(SUBMISSION_PHOTOS.max * SUBMISSION_PHOTOS.maxBytes + 256 * KiB);
    expect(UPLOAD_LIMITS.maxTotalSize).toBe(SUBMISSION_BODY_LIMIT);
    expect(OFFER_PHOTO_BODY_LIMIT).toBe(OFFER_PHOTO_LIMITS.maxBytes);
    // One receipt and a little room for the request's short fields.
    expect(FINANCE_REQUEST_BODY_LIMIT).toBe(FINANCE_LIMITS.receiptBytes + 64 * KiB);
  });
});

describe("readForm", () => {
  it("reads a small form", async () => {
    const read = await readForm(formPost("intent=inquiry&phone=0500000000&message=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7"), contextWith());
    expect(read.ok).toBe(true);
    if (read.ok) expect(Object.fromEntries(read.form)).toEqual({ intent: "inquiry", phone: "0500000000", message: "مرحبا" });
  });

  it("refuses a form over the request's limit with 413 and the Arabic message, without reading on", async () => {
    const declared = await readForm(formPost(`message=${"a".repeat(70 * KiB)}`), contextWith());
    expect(declared).toMatchObject({ ok: false, status: 413, message: MESSAGES.bodyTooLarge });

    const { stream, counter } = countingStream(10 * 1024 * KiB);
    const streamed = await readForm(formPost(stream), contextWith());
    expect(streamed).toMatchObject({ ok: false, status: 413, message: MESSAGES.bodyTooLarge });
    expect(counter.pulled).toBeLessThan(256 * KiB);
  });

  it("holds a text form to `maxBytes` on a path that allows more (the finance page's decisions)", async () => {
    const context = contextWith({ limit: 10 * 1024 * KiB, tooLarge: false });
    const { stream, counter } = countingStream(10 * 1024 * KiB);
    expect(await readForm(formPost(stream), context, { maxBytes: SMALL_FORM_BODY_LIMIT })).toMatchObject({ ok: false, status: 413, message: MESSAGES.bodyTooLarge });
    expect(counter.pulled).toBeLessThan(256 * KiB);
    expect((await readForm(formPost(`notes=${"a".repeat(70 * KiB)}`), context)).ok).toBe(true);
  });

  it("answers 413 when the request handler already refused the body", async () => {
    const refused = new ReadableStream<Uint8Array>({ pull: (controller) => controller.error(new Error("cut")) });
    const read = await readForm(formPost(refused), contextWith({ limit: SMALL_FORM_BODY_LIMIT, tooLarge: true }));
    expect(read).toMatchObject({ ok: false, status: 413, message: MESSAGES.bodyTooLarge });
  });

  it("refuses a NUL character with 400, giving back the fields without it", async () => {
    const read = await readForm(formPost("phone=0500000000&message=%D9%85%00%D8%B1"), contextWith());
    expect(read).toMatchObject({ ok: false, status: 400, message: MESSAGES.nulRefused });
    if (!read.ok) expect(Object.fromEntries(read.form)).toEqual({ phone: "0500000000", message: "مر" });

    const multipart = new FormData();
    multipart.set("name", "a\0b");
    expect(await readForm(formPost(multipart, {}), contextWith())).toMatchObject({ ok: false, status: 400, message: MESSAGES.nulRefused });
  });

  it("refuses a body that is not a form with 400", async () => {
    expect(await readForm(formPost("{}", { "Content-Type": "application/json" }), contextWith())).toMatchObject({ ok: false, status: 400 });
  });
});

describe("containsNul", () => {
  it("looks into strings, arrays and keys of parsed JSON", () => {
    expect(containsNul({ title: "شقة", units: [{ note: "ok" }], price: 5 })).toBe(false);
    expect(containsNul({ title: "a\u0000b" })).toBe(true);
    expect(containsNul({ units: [{ note: "x\0" }] })).toBe(true);
    expect(containsNul({ ["k\0"]: 1 })).toBe(true);
  });
});

describe("limitedRequestBody (the request handler's cut)", () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server that reads each body through limitedRequestBody and answers with what happened. */
  async function start(limit: number) {
    server = http.createServer((req, res) => void answer(req, res));
    async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
      let refused = false;
      const body = limitedRequestBody(req, limit, () => (refused = true));
      let bytes = 0;
      let error = "";
      try {
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
      } catch (caught) {
        error = caught instanceof BodyTooLargeError ? "too-large" : String(caught);
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ bytes, refused, error, complete: req.complete }));
      // As the request handler does, the rest is thrown away rather than the connection reset.
      req.on("data", () => {});
      req.resume();
    }
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  /** Posts `total` bytes, declared or chunked, and stops sending once answered. */
  function post(url: string, total: number, declare: boolean): Promise<{ answer: { bytes: number; refused: boolean; error: string }; sent: number }> {
    return new Promise((resolve, reject) => {
      const request = http.request(url, { method: "POST", headers: declare ? { "Content-Length": String(total) } : {} });
      let sent = 0;
      let answered = false;
      request.on("response", (response) => {
        answered = true;
        const sentAtAnswer = sent;
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => {
          resolve({ answer: JSON.parse(Buffer.concat(parts).toString("utf8")) as { bytes: number; refused: boolean; error: string }, sent: sentAtAnswer });
          request.destroy();
        });
      });
      request.on("error", (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(64 * KiB, "a");
      const pump = () => {
        while (!answered && sent < total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
          sent += piece.length;
          if (!request.write(piece)) return void request.once("drain", pump);
        }
        if (!answered) request.end();
      };
      pump();
    });
  }

  it("passes a body within the limit whole", async () => {
    const url = await start(64 * KiB);
    const { answer } = await post(url, 64 * KiB, false);
    expect(answer).toEqual({ bytes: 64 * KiB, refused: false, error: "", complete: true });
  });

  it("refuses a declared length over the limit without reading a byte", async () => {
    const url = await start(64 * KiB);
    const { answer, sent } = await post(url, 200 * 1024 * KiB, true);
    expect(answer).toMatchObject({ bytes: 0, refused: true, error: "too-large" });
    expect(sent).toBeLessThan(100 * 1024 * KiB);
  });

  it("cuts a streamed body once it passes the limit", async () => {
    const url = await start(64 * KiB);
    const { answer, sent } = await post(url, 200 * 1024 * KiB, false);
    expect(answer).toMatchObject({ refused: true, error: "too-large" });
    expect(answer.bytes).toBeLessThanOrEqual(64 * KiB);
    expect(sent).toBeLessThan(100 * 1024 * KiB);
  });
});
