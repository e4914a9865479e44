import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/utils/env.server.ts";
import { readOutbox } from "./outbox.server.ts";
import { createSmsSender, SmsSendError } from "./sms.server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-sms-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const CODE_MESSAGE = { to: "+966500000001", body: "رمز الدخول: 482913" };

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real local HTTP server standing in for the SMS provider. */
async function fakeProvider(answer: (req: Received, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = { method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}/2010-04-01/Accounts/AC1/Messages.json`, received, port };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const httpEnv = (url: string) => ({
  ...parseEnv({}),
  DATA_DIR: dataDir,
  SMS_TRANSPORT: "http" as const,
  SMS_API_URL: url,
  SMS_API_USER: "AC1",
  SMS_API_PASSWORD: "s3cret:with colon",
  SMS_SENDER: "AQAR",
});

describe("SMS outbox", () => {
  it("writes one JSON line per message to DATA_DIR/outbox/sms.jsonl", async () => {
    const sms = createSmsSender({ ...parseEnv({}), DATA_DIR: dataDir });
    await sms.send(CODE_MESSAGE);
    const lines = fs
      .readFileSync(path.join(dataDir, "outbox", "sms.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(["to", "body", "at"]);
    expect(entry).toMatchObject(CODE_MESSAGE);
    expect(new Date(String(entry.at)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await readOutbox(dataDir, "sms")).toEqual([expect.objectContaining(CODE_MESSAGE)]);
  });
});

describe("SMS over HTTP", () => {
  it("posts To, From and Body as a form with Basic authentication", async () => {
    const provider = await fakeProvider((_req, res) => {
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ sid: "SM1", status: "queued" }));
    });
    await createSmsSender(httpEnv(provider.url)).send(CODE_MESSAGE);

    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request).toMatchObject({ method: "POST", url: "/2010-04-01/Accounts/AC1/Messages.json" });
    expect(request!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from("AC1:s3cret:with colon").toString("base64")}`);
    const form = new URLSearchParams(request!.body);
    expect(Object.fromEntries(form)).toEqual({ To: "+966500000001", From: "AQAR", Body: "رمز الدخول: 482913" });
  });

  it("logs the recipient and status, never the message body", async () => {
    let status = 200;
    const provider = await fakeProvider((_req, res) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ message: "refused" })));
    const sms = createSmsSender(httpEnv(provider.url));
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, "write").mockImplementation(capture);
    vi.spyOn(process.stderr, "write").mockImplementation(capture);
    vi.stubEnv("LOG_LEVEL", "debug");
    try {
      await sms.send(CODE_MESSAGE);
      status = 500;
      await expect(sms.send(CODE_MESSAGE)).rejects.toBeInstanceOf(SmsSendError);
    } finally {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ level: "info", msg: "sms sent", to: "+966500000001", status: 200 }),
      expect.objectContaining({ level: "warn", msg: "sms failed", to: "+966500000001", status: 500 }),
    ]);
    expect(lines.join("")).not.toContain("482913");
  });

  it("surfaces the provider's own message when it refuses", async () => {
    const provider = await fakeProvider((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number." }));
    });
    const sending = createSmsSender(httpEnv(provider.url)).send(CODE_MESSAGE);
    await expect(sending).rejects.toBeInstanceOf(SmsSendError);
    await expect(sending).rejects.toMatchObject({
      message: "The 'To' number is not a valid phone number.",
      providerMessage: "The 'To' number is not a valid phone number.",
      status: 400,
    });
  });

  it("reads an `error` field too, and falls back to the status without one", async () => {
    let answer = JSON.stringify({ success: false, error: "Insufficient balance" });
    const provider = await fakeProvider((_req, res) => res.writeHead(402, { "content-type": "application/json" }).end(answer));
    const sms = createSmsSender(httpEnv(provider.url));
    await expect(sms.send(CODE_MESSAGE)).rejects.toMatchObject({ message: "Insufficient balance", providerMessage: "Insufficient balance" });

    answer = "<html>Bad Gateway</html>";
    const error = await sms.send(CODE_MESSAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ message: "SMS provider answered 402", providerMessage: undefined, status: 402 });
  });

  it("does not pass on a one-time code that the provider quotes back", async () => {
    const provider = await fakeProvider((req, res) => {
      const body = new URLSearchParams(req.body).get("Body");
      res.writeHead(422, { "content-type": "application/json" }).end(JSON.stringify({ message: `Refused content: ${body}` }));
    });
    const error = await createSmsSender(httpEnv(provider.url))
      .send(CODE_MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).message).toMatch(/^Refused content:/);
    expect((error as SmsSendError).message).not.toContain("482913");
  });

  it("gives up after the timeout when the provider never answers", async () => {
    const provider = await fakeProvider(() => {
      // Never answers.
    });
    const started = Date.now();
    const error = await createSmsSender(httpEnv(provider.url), { timeoutMs: 200 })
      .send(CODE_MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).message).toMatch(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(provider.received).toHaveLength(1);
  });

  it("fails with SmsSendError when nothing listens on the port", async () => {
    const provider = await fakeProvider(() => {});
    const url = provider.url;
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    const error = await createSmsSender(httpEnv(url))
      .send(CODE_MESSAGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).message).toMatch(/unreachable: ECONNREFUSED/);
  });

  it("uses the outbox when no provider address is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-sms-fallback-"));
    try {
      await createSmsSender({ ...httpEnv(""), SMS_API_URL: undefined, DATA_DIR: dir }).send(CODE_MESSAGE);
      expect(await readOutbox(dir, "sms")).toEqual([expect.objectContaining(CODE_MESSAGE)]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
