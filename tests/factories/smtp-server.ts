import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";

type Outcome = "accept" | "refuse";

/**
 * A real SMTP server on a free local port for the tests of this file or describe block: started
 * before them, closed after. Each message arrives as its raw text; `answer` says whether the
 * server takes it (the default) or refuses it, and may keep the sender waiting meanwhile.
 * Returns a getter of its address, for SMTP_URL.
 */
export function useSmtpServer(answer: (text: string) => Outcome | Promise<Outcome> = () => "accept"): () => string {
  let server: SMTPServer | undefined;
  let url = "";

  beforeAll(async () => {
    const started = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          void Promise.resolve(answer(text)).then((outcome) => {
            if (outcome === "accept") callback();
            else callback(Object.assign(new Error("mailbox unavailable"), { responseCode: 554 }));
          });
        });
      },
    });
    await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
    server = started;
    url = `smtp://127.0.0.1:${(started.server.address() as { port: number }).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  return () => {
    if (!url) throw new Error("the SMTP server is not started yet (use it inside tests or hooks)");
    return url;
  };
}

/** A test SMTP server that a test stops and starts again on the same port (the mail server down, then back). */
export interface RestartableSmtpServer {
  url: string;
  /** The raw text of every message it took. */
  received: string[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRestartableSmtpServer(): Promise<RestartableSmtpServer> {
  const received: string[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    const started = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(text);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => started.listen(port, "127.0.0.1", resolve));
    port = (started.server.address() as { port: number }).port;
    server = started;
  };
  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => void (server = undefined)),
    start: listen,
  };
}
