// Two app instances on one PostgreSQL, as a firm runs them behind a load balancer (README,
// production): one PostgreSQL server of their own (the embedded one, started here, standing in for
// a managed one), two production servers (`node server.ts`, the production build) started at the
// same moment on it with DATABASE_URL, each with a data folder of its own (nothing on disk is
// shared), the photos in one S3-compatible bucket. Own ports and folders: it never meets the main
// suite's server.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../../app/db/client.server.ts";
import { freePort } from "../setup/free-port.ts";

export interface InstanceInfo {
  name: string;
  /** http://localhost:PORT: both on one host name, so the browser holds one cookie jar for both (as behind one balancer). */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  log: string;
}

/** What the specs read (through CLUSTER_FILE, written by the global setup). */
export interface ClusterInfo {
  databaseUrl: string;
  /** The folder of the run (PostgreSQL, each instance's data folder and log). */
  root: string;
  /** The photo store both instances use (STORAGE_URL): s3://… on a local S3-compatible server. */
  storageUrl: string;
  a: InstanceInfo;
  b: InstanceInfo;
}

export const CLUSTER_FILE_VARIABLE = "AQAR_CLUSTER_FILE";

/** The cluster the global setup started (for the specs). */
export function readCluster(): ClusterInfo {
  const file = process.env[CLUSTER_FILE_VARIABLE];
  if (!file) throw new Error(`${CLUSTER_FILE_VARIABLE} is not set: run these specs with playwright.instances.config.ts`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ClusterInfo;
}

/** The last lines of a log, for a failure's message. */
function tail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, "utf8").trim().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

async function answers(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a process to end; SIGKILL after `ms`. */
export async function stopProcess(child: ChildProcess | number, ms = 25_000): Promise<void> {
  const pid = typeof child === "number" ? child : child.pid;
  if (!pid) return;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + ms;
  while (alive() && Date.now() < deadline) await sleep(100);
  if (alive()) process.kill(pid, "SIGKILL");
}

export interface StartedInstance extends InstanceInfo {
  child: ChildProcess;
}

/** The cookie secret both instances are given (the toast cookie is signed with it). */
const CLUSTER_COOKIE_SECRET = "two-instances-share-this-cookie-secret";

/** Starts one production server on the cluster's database; see startCluster. */
export function startInstance(options: { name: string; port: number; root: string; databaseUrl: string; storageUrl: string; drainSeconds?: number }): StartedInstance {
  const dataDir = path.join(options.root, options.name.toLowerCase());
  fs.mkdirSync(dataDir, { recursive: true });
  const log = path.join(options.root, `${options.name.toLowerCase()}.log`);
  const fd = fs.openSync(log, "w");
  const child = spawn(process.execPath, ["server.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_MODE: "1",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: `http://localhost:${options.port}`,
      LOG_LEVEL: "warn",
      // As behind the balancer: the client's address comes from X-Forwarded-For.
      TRUST_PROXY: "1",
      DRAIN_SECONDS: String(options.drainSeconds ?? 0),
      STORAGE_URL: options.storageUrl,
      // One secret for every instance (README: configuration), as a real deployment sets it.
      COOKIE_SECRET: CLUSTER_COOKIE_SECRET,
    },
  });
  fs.closeSync(fd);
  return { name: options.name, url: `http://localhost:${options.port}`, port: options.port, pid: child.pid ?? 0, dataDir, log, child };
}

/** Resolves once the instance answers GET /healthz/ready with 200; throws when it exits first or the time is up. */
export async function waitUntilReady(instance: StartedInstance, deadline: number): Promise<void> {
  for (;;) {
    if (instance.child.exitCode !== null) throw new Error(`Instance ${instance.name} exited (${instance.child.exitCode}) while starting:\n${tail(instance.log)}`);
    if ((await answers(`http://127.0.0.1:${instance.port}/healthz/ready`)) === 200) return;
    if (Date.now() > deadline) throw new Error(`Instance ${instance.name} was not ready in time:\n${tail(instance.log)}`);
    await sleep(250);
  }
}

interface StartedCluster {
  info: ClusterInfo;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL, then both instances at once (they take turns migrating and seeding under the
 * start lock), and resolves when both answer GET /healthz/ready with 200.
 */
export async function startCluster(options: { storageUrl: string; timeoutMs?: number }): Promise<StartedCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aqar-instances-"));
  fs.chmodSync(root, 0o755); // run as root, the embedded PostgreSQL runs as 'postgres' and must reach its folder
  const ports = {
    a: Number(process.env.INSTANCES_PORT_A) || (await freePort()),
    b: Number(process.env.INSTANCES_PORT_B) || (await freePort()),
    pg: Number(process.env.INSTANCES_PG_PORT) || (await freePort()),
  };
  const instances: StartedInstance[] = [];
  let postgres: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  const stop = async () => {
    await Promise.all(instances.map((instance) => stopProcess(instance.child)));
    await postgres?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    postgres = await startEmbeddedPostgres(path.join(root, "pg"), ports.pg);
    const databaseUrl = postgres.url;
    // The same moment: the start lock, not the order, keeps them from migrating and seeding together.
    for (const [name, port] of [["A", ports.a] as const, ["B", ports.b] as const]) {
      instances.push(startInstance({ name, port, root, databaseUrl, storageUrl: options.storageUrl }));
    }
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    for (const instance of instances) await waitUntilReady(instance, deadline);
    const [a, b] = instances.map(({ child: _child, ...info }) => info) as [InstanceInfo, InstanceInfo];
    return { info: { databaseUrl, storageUrl: options.storageUrl, root, a, b }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
