import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { ARGON2_PARAMETERS, hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password.server.ts";

// Every argon2 run is recorded (and still computed), so a test can tell which checks ran.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof import("node:crypto") }>();
  const argon2 = vi.fn(actual.default.argon2);
  return { ...actual, argon2, default: { ...actual.default, argon2 } };
});

/** The argon2id example of the reference implementation (phc-winner-argon2): "password", salt "somesalt". */
const REFERENCE_HASH = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc";

describe("password hashing (argon2id)", () => {
  it("stores a PHC string with its parameters and verifies the same password", async () => {
    const stored = await hashPassword("بيت-الرياض-2024");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword("بيت-الرياض-2024", stored)).toBe(true);
  });

  it("refuses a wrong password, including one that differs by case or one character", async () => {
    const stored = await hashPassword("Correct horse 7");
    expect(await verifyPassword("correct horse 7", stored)).toBe(false);
    expect(await verifyPassword("Correct horse 8", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash: the same password hashes differently each time, and both verify", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(first.split("$")[4]).not.toBe(second.split("$")[4]);
    expect(await verifyPassword("same password", first)).toBe(true);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("reads hashes made elsewhere with other parameters (the reference implementation's example)", async () => {
    expect(await verifyPassword("password", REFERENCE_HASH)).toBe(true);
    expect(await verifyPassword("passwore", REFERENCE_HASH)).toBe(false);
  });

  it("matches the same Arabic text whatever Unicode form the device sent", async () => {
    // "لا" as the presentation-form ligature (U+FEFB) and as two letters.
    const stored = await hashPassword("كلمة\uFEFBسر");
    expect(await verifyPassword("كلمة\u0644\u0627سر", stored)).toBe(true);
  });

  it("treats a malformed stored value as a wrong password", async () => {
    const good = await hashPassword("secret-123");
    const [, , version, params, salt, hash] = good.split("$");
    const malformed = [
      "",
      "secret-123",
      "$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy",
      good.slice(0, -5),
      `$argon2i$${version}$${params}$${salt}$${hash}`,
      `$argon2id$v=16$${params}$${salt}$${hash}`,
      `$argon2id$${version}$m=4194304,t=2,p=1$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=0,p=1$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=2,p=0$${salt}$${hash}`,
      `$argon2id$${version}$m=19456,t=2,p=1$${salt}$`,
      `$argon2id$${version}$m=19456,t=2,p=1$c2FsdA$${hash}`,
      `$argon2id$${version}$${params}$${salt}$${hash}==`,
      `$argon2id$${version}$${params}$${salt}$${hash}$extra`,
      ` ${good}`,
    ];
    for (const stored of malformed) expect(await verifyPassword("secret-123", stored), stored).toBe(false);
  });

  it("says when a stored hash was made with other parameters", async () => {
    expect(needsRehash(await hashPassword("x"))).toBe(false);
    expect(needsRehash(REFERENCE_HASH)).toBe(true);
    expect(needsRehash("not a hash")).toBe(true);
  });

  it("spends a real check's work on an unknown account, and never succeeds", async () => {
    const stored = await hashPassword("real password");
    await verifyAgainstDummy("warm up"); // makes and keeps the dummy hash
    const argon2 = vi.mocked(crypto.argon2);
    argon2.mockClear();
    expect(await verifyPassword("guess", stored)).toBe(false);
    expect(await verifyAgainstDummy("guess")).toBe(false);
    // One argon2 run each, with the same algorithm, input and cost: only the salt differs.
    expect(argon2).toHaveBeenCalledTimes(2);
    const [real, dummy] = argon2.mock.calls.map(([algorithm, { nonce, ...work }]) => ({ algorithm, work, salt: nonce }));
    expect(dummy!.algorithm).toBe(real!.algorithm);
    expect(dummy!.work).toEqual(real!.work);
    expect(dummy!.work).toMatchObject({ message: Buffer.from("guess"), memory: ARGON2_PARAMETERS.memory, passes: ARGON2_PARAMETERS.passes });
    expect(dummy!.salt).not.toEqual(real!.salt);
    expect(await verifyAgainstDummy("")).toBe(false);
  });

  it("uses OWASP's argon2id parameters", () => {
    expect(ARGON2_PARAMETERS).toMatchObject({ memory: 19_456, passes: 2, parallelism: 1 });
  });
});
