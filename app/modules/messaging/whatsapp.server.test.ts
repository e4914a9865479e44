import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env.server.ts";
import { readOutbox } from "./outbox.server.ts";
import { createWhatsappSender, WHATSAPP_NOT_CONFIGURED, WhatsappSendError } from "./whatsapp.server.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-whatsapp-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const REPORT = { to: "966500000001", body: "*التقرير اليومي*\n• استفسارات جديدة: ٣" };

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A real local HTTP server standing in for the WhatsApp Cloud API. */
async function fakeCloudApi(answer: (res: http.ServerResponse) => void) {
  const received: Array<{ url: string | undefined; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`, received };
}

const cloudEnv = (base: string) => ({
  ...parseEnv({}),
  DATA_DIR: dataDir,
  WHATSAPP_TRANSPORT: "cloud" as const,
  WHATSAPP_API_URL: base,
  WHATSAPP_TOKEN: "EAAG-secret",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
});

describe("WhatsApp outbox", () => {
  it("writes one JSON line per message to DATA_DIR/outbox/whatsapp.jsonl", async () => {
    await createWhatsappSender({ ...parseEnv({}), DATA_DIR: dataDir }).send(REPORT);
    const lines = fs
      .readFileSync(path.join(dataDir, "outbox", "whatsapp.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(["to", "body", "at"]);
    const [line] = await readOutbox(dataDir, "whatsapp");
    expect(line).toMatchObject(REPORT);
    expect(Date.parse(line!.at)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("WhatsApp Business Cloud API", () => {
  it("posts a text message as JSON to {base}/{phone number id}/messages with the bearer token", async () => {
    const api = await fakeCloudApi((res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ messages: [{ id: "wamid.1" }] })));
    await createWhatsappSender(cloudEnv(api.base)).send(REPORT);
    expect(api.received).toHaveLength(1);
    const [request] = api.received;
    expect(request!.url).toBe("/v23.0/106540352242922/messages");
    expect(request!.headers.authorization).toBe("Bearer EAAG-secret");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "966500000001",
      type: "text",
      text: { preview_url: false, body: REPORT.body },
    });
  });

  it("keeps the provider's refusal: its message and details", async () => {
    const api = await fakeCloudApi((res) =>
      res.writeHead(400, { "content-type": "application/json" }).end(
        JSON.stringify({
          error: {
            message: "(#131047) Re-engagement message",
            type: "OAuthException",
            code: 131047,
            error_data: { messaging_product: "whatsapp", details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number." },
          },
        }),
      ),
    );
    const error = await createWhatsappSender(cloudEnv(api.base))
      .send(REPORT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsappSendError);
    expect(error).toMatchObject({
      status: 400,
      message: "(#131047) Re-engagement message — Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    });
    expect((error as WhatsappSendError).providerMessage).toBe((error as WhatsappSendError).message);
  });

  it("falls back to the status when the answer is not the API's JSON", async () => {
    const api = await fakeCloudApi((res) => res.writeHead(502).end("<html>Bad Gateway</html>"));
    await expect(createWhatsappSender(cloudEnv(api.base)).send(REPORT)).rejects.toMatchObject({ message: "WhatsApp Cloud API answered 502", providerMessage: undefined });
  });

  it("gives up after the timeout when the API never answers", async () => {
    const api = await fakeCloudApi(() => {});
    const started = Date.now();
    const error = await createWhatsappSender(cloudEnv(api.base), { timeoutMs: 200 })
      .send(REPORT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsappSendError);
    expect((error as Error).message).toMatch(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("fails every send, saying so, in production without WhatsApp settings", async () => {
    const sender = createWhatsappSender({ ...parseEnv({}), DATA_DIR: dataDir, WHATSAPP_TRANSPORT: "off" });
    await expect(sender.send(REPORT)).rejects.toMatchObject({ name: "WhatsappSendError", message: WHATSAPP_NOT_CONFIGURED });
  });
});
