import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";

const argon2Raw = promisify(crypto.argon2);

/**
 * How much argon2 work may run at once, and how much may wait. Each hash takes a libuv thread
 * (the pool compression and file reads share) and 19 MiB; a flood of sign-ins must not take them
 * all, so beyond the queue a request is refused at once (`PasswordWorkBusyError`, a 429).
 */
export const ARGON2_CONCURRENCY = {
  /** Half the cores (one on a 2-core machine): the other half serves pages meanwhile. */
  running: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  waiting: 8,
} as const;

/** Too much password work is already running or waiting: try again in a moment. */
export class PasswordWorkBusyError extends Error {
  constructor() {
    super("password work busy");
  }
}

let running = 0;
const waiting: (() => void)[] = [];

async function argon2(...args: Parameters<typeof argon2Raw>): Promise<Buffer> {
  if (running >= ARGON2_CONCURRENCY.running) {
    if (waiting.length >= ARGON2_CONCURRENCY.waiting) throw new PasswordWorkBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await argon2Raw(...args);
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Password work running and waiting now (tests and logs). */
export const passwordWorkLoad = () => ({ running, waiting: waiting.length });

/** True when a new password check would be refused right now: callers skip their other work. */
export const isPasswordWorkFull = () => running >= ARGON2_CONCURRENCY.running && waiting.length >= ARGON2_CONCURRENCY.waiting;

/**
 * argon2id with OWASP's first recommended setting (Password Storage Cheat Sheet): 19 MiB of
 * memory, 2 passes, 1 lane. Measured on the 2-core AMD EPYC build machine with Node 24.21: one
 * hash or check takes about 36 ms (median of 20; 33-49 ms), 8 at once about 125 ms. It runs on
 * libuv's thread pool (19 MiB each while it runs), so it does not block the event loop.
 * Every stored hash names its own parameters (PHC string), so raising them later only needs
 * `needsRehash` at the next successful sign-in.
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;
/** Node implements Argon2 version 1.3 (0x13) only. */
const ARGON2_VERSION = 19;

/** What a stored hash may ask for; anything beyond is treated as malformed, not computed. */
const LIMITS = { memory: 262_144, passes: 10, parallelism: 16, minSaltBytes: 8, minTagLength: 16, maxTagLength: 64 };

interface Argon2Hash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

/** Passwords are hashed as NFKC Unicode, so the same Arabic text typed on two devices matches. */
function passwordBytes(plain: string): Buffer {
  return Buffer.from(plain.normalize("NFKC"), "utf8");
}

/** PHC strings use unpadded standard base64. */
const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

function decodeB64(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, "base64");
  return b64(bytes) === text ? bytes : undefined;
}

function format(parts: Argon2Hash): string {
  return `$argon2id$v=${ARGON2_VERSION}$m=${parts.memory},t=${parts.passes},p=${parts.parallelism}$${b64(parts.salt)}$${b64(parts.hash)}`;
}

const PHC = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parse(stored: string): Argon2Hash | undefined {
  const match = PHC.exec(stored);
  if (!match) return undefined;
  const [, version, m, t, p, saltText, hashText] = match;
  if (Number(version) !== ARGON2_VERSION) return undefined;
  const memory = Number(m);
  const passes = Number(t);
  const parallelism = Number(p);
  const salt = decodeB64(saltText!);
  const hash = decodeB64(hashText!);
  if (!salt || !hash) return undefined;
  if (parallelism < 1 || parallelism > LIMITS.parallelism) return undefined;
  if (memory < 8 * parallelism || memory > LIMITS.memory) return undefined;
  if (passes < 1 || passes > LIMITS.passes) return undefined;
  if (salt.length < LIMITS.minSaltBytes || hash.length < LIMITS.minTagLength || hash.length > LIMITS.maxTagLength) return undefined;
  return { memory, passes, parallelism, salt, hash };
}

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, a fresh random salt each time. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const hash = await argon2("argon2id", { message: passwordBytes(plain), nonce: salt, ...ARGON2_PARAMETERS });
  return format({ memory: ARGON2_PARAMETERS.memory, passes: ARGON2_PARAMETERS.passes, parallelism: ARGON2_PARAMETERS.parallelism, salt, hash });
}

/** True only when `plain` hashes to `stored`; a malformed or unknown stored value is false. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = parse(stored);
  if (!parts) return false;
  const computed = await argon2("argon2id", {
    message: passwordBytes(plain),
    nonce: parts.salt,
    memory: parts.memory,
    passes: parts.passes,
    parallelism: parts.parallelism,
    tagLength: parts.hash.length,
  }).catch((error: unknown) => {
    if (error instanceof PasswordWorkBusyError) throw error;
    return undefined;
  });
  return computed !== undefined && crypto.timingSafeEqual(computed, parts.hash);
}

/** A stored hash made with other (older) parameters: hash the password again after it verifies. */
export function needsRehash(stored: string): boolean {
  const parts = parse(stored);
  return (
    !parts ||
    parts.memory !== ARGON2_PARAMETERS.memory ||
    parts.passes !== ARGON2_PARAMETERS.passes ||
    parts.parallelism !== ARGON2_PARAMETERS.parallelism ||
    parts.hash.length !== ARGON2_PARAMETERS.tagLength ||
    parts.salt.length < SALT_BYTES
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * A sign-in for an unknown account (or one without a password) calls this instead of
 * `verifyPassword`: the same work against a hash of a random secret, so the answer takes as long
 * as a real check and timing does not reveal which accounts exist. Always false.
 */
export async function verifyAgainstDummy(plain: string): Promise<false> {
  // A refused first hash (password work busy) must not stay cached as a rejection.
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString("base64url")).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  await verifyPassword(plain, await dummyHash);
  return false;
}
