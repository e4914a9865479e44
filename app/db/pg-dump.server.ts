// pg_dump for PostgreSQL 18 without installing PostgreSQL's client programs (decision 010): the
// WebAssembly pg_dump of @electric-sql/pglite-tools runs in a worker thread (pg-dump-worker.server.ts)
// and this thread carries its wire protocol over a real connection, TLS included.
import net from "node:net";
import tls from "node:tls";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import pg from "pg";
import type { PgDumpWorkerData, PgDumpWorkerResult } from "./pg-dump-worker.server.ts";

/** The server-to-pg_dump bytes held in memory before reading from the socket pauses. */
const MAX_BUFFERED = 8 * 1024 * 1024;
const OUTPUT = "/tmp/dump.pgdump";

/** A libpq connection string value, quoted. */
const quote = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

async function openConnection(client: pg.Client): Promise<net.Socket> {
  const host = client.host || "localhost";
  const socket = host.startsWith("/") ? net.connect(`${host}/.s.PGSQL.${client.port}`) : net.connect(client.port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  if (!client.ssl) return socket;
  // SSLRequest (what libpq sends first): the server answers one byte, S to go on in TLS.
  socket.write(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]));
  const answer = await new Promise<number>((resolve, reject) => {
    socket.once("data", (data: Buffer) => resolve(data[0]!));
    socket.once("error", reject);
  });
  if (answer !== 0x53) {
    socket.destroy();
    throw new Error("The database server does not accept TLS, which the connection string asks for (sslmode).");
  }
  const options = typeof client.ssl === "object" ? client.ssl : {};
  const secure = tls.connect({ ...options, socket, servername: net.isIP(host) ? undefined : host });
  await new Promise<void>((resolve, reject) => {
    secure.once("secureConnect", resolve);
    secure.once("error", reject);
  });
  return secure;
}

/**
 * The TLS is ours, not libpq's: libpq believes it talks in clear, and refuses a server that offers
 * SCRAM with channel binding (SCRAM-SHA-256-PLUS) there. This drops that mechanism from the
 * server's AuthenticationSASL list, leaving SCRAM-SHA-256 (the server's certificate is checked
 * by Node as for the app's connections).
 */
function withoutChannelBinding(message: Buffer): Buffer {
  if (message[0] !== 0x52 || message.readInt32BE(5) !== 10) return message;
  const mechanisms = message
    .subarray(9)
    .toString("utf8")
    .split("\0")
    .filter((name) => name && !name.endsWith("-PLUS"));
  const body = Buffer.from(`${mechanisms.join("\0")}\0\0`, "utf8");
  const rewritten = Buffer.alloc(9 + body.length);
  rewritten[0] = 0x52;
  rewritten.writeInt32BE(8 + body.length, 1);
  rewritten.writeInt32BE(10, 5);
  body.copy(rewritten, 9);
  return rewritten;
}

/**
 * Runs pg_dump 18 against the database at `url` and returns the file it wrote. `args` are
 * pg_dump's options (for example --format=custom); the connection comes from the URL, with the
 * same defaults and TLS settings as the app's own connections (node-postgres).
 */
export async function runPgDump(url: string, args: string[]): Promise<Buffer> {
  const client = new pg.Client({ connectionString: url });
  const socket = await openConnection(client);
  const shared = new SharedArrayBuffer(16);
  const wakeups = new Int32Array(shared, 0, 1);
  const consumed = new BigInt64Array(shared, 8, 1);
  const { port1, port2 } = new MessageChannel();
  let sent = 0;
  const wake = () => {
    Atomics.add(wakeups, 0, 1);
    Atomics.notify(wakeups, 0);
  };
  let pausedTimer: NodeJS.Timeout | undefined;
  const deliver = (bytes: Buffer) => {
    port1.postMessage(new Uint8Array(bytes));
    sent += bytes.length;
    wake();
  };
  // Until authentication is over, messages pass through withoutChannelBinding (with TLS only).
  let authenticating = Boolean(client.ssl);
  let pending = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    if (!authenticating) deliver(chunk);
    else {
      pending = Buffer.concat([pending, chunk]);
      while (authenticating && pending.length >= 5 && pending.length >= 1 + pending.readInt32BE(1)) {
        const end = 1 + pending.readInt32BE(1);
        const message = pending.subarray(0, end);
        pending = pending.subarray(end);
        const authentication = message[0] === 0x52 ? message.readInt32BE(5) : -1;
        if (authentication === 0 || message[0] === 0x45) authenticating = false; // AuthenticationOk, or an error
        deliver(withoutChannelBinding(message));
      }
      if (!authenticating && pending.length > 0) {
        deliver(pending);
        pending = Buffer.alloc(0);
      }
    }
    if (sent - Number(Atomics.load(consumed, 0)) > MAX_BUFFERED && !pausedTimer) {
      socket.pause();
      pausedTimer = setInterval(() => {
        if (sent - Number(Atomics.load(consumed, 0)) > MAX_BUFFERED / 2) return;
        clearInterval(pausedTimer);
        pausedTimer = undefined;
        socket.resume();
      }, 5);
    }
  });
  let socketError: Error | undefined;
  socket.on("error", (error) => (socketError = error));
  socket.on("close", () => {
    port1.postMessage(null);
    wake();
  });

  const password = typeof client.password === "string" ? client.password : "";
  const host = client.host || "localhost";
  const conninfo = [
    // libpq never opens these: its bytes go through this thread. They name the server in its messages.
    `host=${quote(host.startsWith("/") ? "localhost" : host)}`,
    ...(socket.remoteAddress ? [`hostaddr=${quote(socket.remoteAddress)}`] : []),
    `port=${client.port}`,
    `user=${quote(client.user ?? "")}`,
    `dbname=${quote(client.database ?? "")}`,
    "sslmode=disable",
    "gssencmode=disable",
    "application_name=aqar-backup",
  ].join(" ");
  const workerData: PgDumpWorkerData = {
    port: port2,
    shared,
    args: [...args, `--file=${OUTPUT}`, "--no-password", `--dbname=${conninfo}`],
    env: password ? { PGPASSWORD: password } : {},
    output: OUTPUT,
  };
  const worker = new Worker(new URL("./pg-dump-worker.server.ts", import.meta.url), { workerData, transferList: [port2] });
  try {
    const result = await new Promise<PgDumpWorkerResult>((resolve, reject) => {
      const handle = (message: Uint8Array | PgDumpWorkerResult) => {
        if (message instanceof Uint8Array) socket.write(message);
        else resolve(message);
      };
      port1.on("message", handle);
      worker.once("error", reject);
      worker.once("exit", (code) => {
        // The worker's last message may still wait in the port when its exit is reported.
        for (let left = receiveMessageOnPort(port1); left; left = receiveMessageOnPort(port1)) handle(left.message as PgDumpWorkerResult);
        reject(new Error(`pg_dump stopped unexpectedly (worker exit ${code}).`));
      });
    });
    if (result.exitCode !== 0 || !result.archive) {
      throw new Error(`pg_dump failed (exit ${result.exitCode}): ${result.stderr || socketError?.message || "no message"}`);
    }
    return Buffer.from(result.archive.buffer, result.archive.byteOffset, result.archive.byteLength);
  } finally {
    clearInterval(pausedTimer);
    port1.close();
    socket.destroy();
    await worker.terminate();
  }
}
